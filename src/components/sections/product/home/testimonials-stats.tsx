import { proofStats, type Testimonial } from '@/content/home';
import { TestimonialCard } from '../testimonial-card';

/** Testimonials with stats: a dark band with the headline numbers and a featured quote. */
export function TestimonialsStats({ testimonial }: { testimonial: Testimonial }) {
  return (
    <section aria-labelledby="results-title" className="bg-slate-950 py-16 text-white sm:py-20">
      <div className="container-page grid items-center gap-12 lg:grid-cols-2">
        <div>
          <h2 id="results-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Results creators can measure
          </h2>
          <dl className="mt-10 grid grid-cols-2 gap-x-6 gap-y-8">
            {proofStats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse border-l-2 border-violet-400 pl-4">
                <dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
                <dd className="text-3xl font-bold tracking-tight sm:text-4xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <TestimonialCard testimonial={testimonial} variant="featured" />
      </div>
    </section>
  );
}
