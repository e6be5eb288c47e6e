import { NumberedSteps } from '@/components/site/numbered-steps';
import { Section } from '@/components/site/section';
import { howItWorks } from '@/content/home';

/** The three steps; the anchor #how-it-works is where 'Watch Demo' lands. */
export function HowItWorks() {
  return (
    <Section id="how-it-works" muted eyebrow="How it works" title="From design to every feed in three steps" intro="No downloads, no resizing, no copy and paste. It takes under a minute.">
      <NumberedSteps steps={howItWorks} announceStep className="md:grid-cols-3" />
    </Section>
  );
}
