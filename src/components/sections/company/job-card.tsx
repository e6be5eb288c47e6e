import { Briefcase, Clock, MapPin, Mail } from 'lucide-react';
import type { Job } from '@/content/careers-model';
import { site } from '@/lib/config/site';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';

export function applyHref(job: Job) {
  return `mailto:${site.contacts.careers}?subject=${encodeURIComponent(job.title)}`;
}

/** One open position with an Apply Now email link (subject: the job title). */
export function JobCard({ job }: { job: Job }) {
  const headingId = `job-${job.id}`;
  return (
    <article id={job.id} aria-labelledby={headingId} className="flex-1 rounded-2xl border border-border bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <Badge>{job.department}</Badge>
          <h3 id={headingId} className="mt-3 text-xl font-semibold tracking-tight">
            {job.title}
          </h3>
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground" aria-label="Position details">
            <li className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden className="size-4" /> {job.location}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Clock aria-hidden className="size-4" /> {job.type}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Briefcase aria-hidden className="size-4" /> {job.experience}
            </li>
          </ul>
        </div>
        <a href={applyHref(job)} className={buttonVariants({ size: 'md', className: 'shrink-0' })} aria-label={`Apply Now: ${job.title}`}>
          <Mail aria-hidden /> Apply Now
        </a>
      </div>
      <div className="mt-5 grid gap-5 lg:grid-cols-2 lg:gap-10">
        <p className="text-slate-700">{job.description}</p>
        <div>
          <h4 className="text-sm font-semibold text-foreground">Requirements</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 marker:text-brand">
            {job.requirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
