import { Lock, ShieldCheck, Activity } from 'lucide-react';
import { Section } from '@/components/site/section';
import { brandLogos, trustBadges, type Testimonial } from '@/content/home';
import { TestimonialCard } from '../testimonial-card';

const badgeIcons = [ShieldCheck, Lock, Activity];

/** 'Loved by 50,000+ Creators': three testimonial cards, six brand logos, three trust badges. */
export function SocialProof({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <Section id="loved-by" title="Loved by 50,000+ Creators" intro="Creators, marketers and agencies publish faster with Postcraft every day.">
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
      <div className="mt-14">
        <h3 className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">Teams that publish with us</h3>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {brandLogos.map((b) => (
            <li key={b.name} className="flex items-center justify-center gap-2.5 rounded-xl border border-border bg-white px-3 py-4 text-slate-600">
              <span aria-hidden className="inline-flex size-9 items-center justify-center rounded-lg bg-slate-100 text-sm font-black tracking-tight text-slate-700">
                {b.logo}
              </span>
              <span className="text-sm font-semibold">{b.name}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className="mt-10 flex flex-wrap items-center justify-center gap-3" aria-label="Security and reliability">
        {trustBadges.map((badge, i) => {
          const Icon = badgeIcons[i % badgeIcons.length];
          return (
            <li key={badge} className="inline-flex items-center gap-2 rounded-full border border-border bg-white px-4 py-2 text-sm font-semibold text-slate-700">
              <Icon aria-hidden className="size-4 text-success" />
              {badge}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
