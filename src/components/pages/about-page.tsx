import { Link } from '@/components/ui/link';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { buttonVariants } from '@/components/ui/button';
import { CtaBand } from '@/components/sections/company/cta-band';
import { IconCards, StatRow } from '@/components/sections/company/icon-cards';
import { TeamGrid } from '@/components/sections/company/team-grid';
import { aboutStats, story, values, type TeamMember } from '@/content/about';
import { site } from '@/lib/config/site';

/** /about */
export function AboutPage({ team }: { team: readonly TeamMember[] }) {
  return (
    <>
      <PageHero path="/about" eyebrow="About us" />

      <Section id="story">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">Our story</p>
            <h2 id="story-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Made by creators who were tired of re-uploading
            </h2>
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
              {story.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </div>
          <div className="rounded-3xl bg-gradient-to-br from-brand-soft via-white to-pink-50 p-6 sm:p-10">
            <h2 className="sr-only">{site.name} in numbers</h2>
            <StatRow stats={aboutStats} className="grid-cols-2! lg:grid-cols-2!" />
          </div>
        </div>
      </Section>

      <Section id="values" muted eyebrow="What we believe" title="Our values" intro="Four ideas guide every decision we make, from the roadmap to how we answer an email.">
        <IconCards items={values} columns={4} />
      </Section>

      <Section id="team" eyebrow="The people" title="Meet the team" intro="A small, remote-friendly team across three continents.">
        <TeamGrid members={team} />
      </Section>

      <CtaBand title="Want to build with us?" text="We are hiring across engineering, product, design, marketing, sales and operations.">
        <Link href="/careers" className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
          View Open Positions
        </Link>
        <Link href="/contact" className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'border-white/40 bg-white/10 text-white hover:bg-white/20' })}>
          Contact Us
        </Link>
      </CtaBand>
    </>
  );
}
