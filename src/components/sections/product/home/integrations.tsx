import { ArrowRight } from 'lucide-react';
import { Section } from '@/components/site/section';
import { designToolIntegration, platforms } from '@/content/home';
import { PlatformMark } from '../platform-mark';

/** The design tool and the six platforms (#integrations, linked from the header and footer). */
export function Integrations() {
  return (
    <Section id="integrations" eyebrow="Integrations" title="Works with the tools you already use" intro={`Design in ${designToolIntegration.name}, publish to six platforms.`}>
      <div className="grid items-center gap-6 lg:grid-cols-[1fr_auto_2fr]">
        <div className="flex flex-col items-center rounded-2xl border-2 border-violet-200 bg-brand-soft p-8 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-white text-brand-strong shadow-sm">
            <PlatformMark id={designToolIntegration.id} className="size-9" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{designToolIntegration.name}</h3>
          <p className="text-sm text-muted-foreground">{designToolIntegration.kind}</p>
        </div>
        <ArrowRight aria-hidden className="mx-auto size-8 rotate-90 text-brand lg:rotate-0" />
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {platforms.map((p) => (
            <li key={p.id} className="flex flex-col items-center rounded-2xl border border-border bg-white p-5 text-center shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-slate-100 text-slate-800">
                <PlatformMark id={p.id} />
              </span>
              <h3 className="mt-3 font-semibold">{p.name}</h3>
              <p className="text-xs text-muted-foreground">{p.kind}</p>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
