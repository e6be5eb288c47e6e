import { proofStats, type Testimonial } from '@/content/home';
import { Stars } from '../stars';

/** Testimonials with stats: a dark band with the headline numbers and a featured quote. */
export function TestimonialsStats({ testimonial: t }: { testimonial: Testimonial }) {
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
        <figure className="rounded-3xl bg-white/5 p-8 ring-1 ring-white/10">
          <Stars rating={t.rating} />
          <blockquote className="mt-5 text-xl leading-relaxed font-medium text-pretty text-slate-100">
            <p>&ldquo;{t.content}&rdquo;</p>
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-3">
            <span aria-hidden className="inline-flex size-11 items-center justify-center rounded-full bg-gradient-brand text-sm font-bold">
              {t.avatar}
            </span>
            <span>
              <span className="block font-semibold">{t.name}</span>
              <span className="block text-sm text-slate-300">
                {t.role}, {t.company} · {t.results}
              </span>
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
