import { Section } from '@/components/site/section';
import { howItWorks } from '@/content/home';

/** The three steps; the anchor #how-it-works is where 'Watch Demo' lands. */
export function HowItWorks() {
  return (
    <Section id="how-it-works" muted eyebrow="How it works" title="From design to every feed in three steps" intro="No downloads, no resizing, no copy and paste. It takes under a minute.">
      <ol className="grid gap-6 md:grid-cols-3">
        {howItWorks.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border border-border bg-white p-6 shadow-sm">
            <span aria-hidden className="inline-flex size-10 items-center justify-center rounded-full bg-gradient-brand text-base font-bold text-white">
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold tracking-tight">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
