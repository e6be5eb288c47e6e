import type { Testimonial } from '@/content/home';
import { Stars } from './stars';

const styles = {
  /** A white card in a row of three; the result as a badge above the quote. */
  card: {
    figure: 'flex h-full flex-col rounded-2xl border border-border bg-white p-6 shadow-sm',
    quote: 'mt-4 flex-1 text-pretty text-slate-700',
    caption: 'mt-6 flex items-center gap-3 border-t border-border pt-5',
    name: 'block font-semibold text-foreground',
    role: 'block text-sm text-muted-foreground',
  },
  /** One large quote on a dark band; the result after the role. */
  featured: {
    figure: 'rounded-3xl bg-white/5 p-8 ring-1 ring-white/10',
    quote: 'mt-5 text-xl leading-relaxed font-medium text-pretty text-slate-100',
    caption: 'mt-6 flex items-center gap-3',
    name: 'block font-semibold',
    role: 'block text-sm text-slate-300',
  },
} as const;

/** A customer's quote: the rating, the quote, and who said it (initials, name, role and company) with the result they got. */
export function TestimonialCard({ testimonial: t, variant = 'card' }: { testimonial: Testimonial; variant?: keyof typeof styles }) {
  const s = styles[variant];
  return (
    <figure className={s.figure}>
      <Stars rating={t.rating} />
      {variant === 'card' && <p className="mt-4 inline-flex self-start rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success">{t.results}</p>}
      <blockquote className={s.quote}>
        <p>&ldquo;{t.content}&rdquo;</p>
      </blockquote>
      <figcaption className={s.caption}>
        <span aria-hidden className="inline-flex size-11 items-center justify-center rounded-full bg-gradient-brand text-sm font-bold text-white">
          {t.avatar}
        </span>
        <span>
          <span className={s.name}>{t.name}</span>
          <span className={s.role}>
            {t.role}, {t.company}
            {variant === 'featured' && <> · {t.results}</>}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
