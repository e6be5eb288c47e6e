import type { ReactNode } from 'react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { JsonLd } from '@/components/site/json-ld';
import { IconCards } from '@/components/sections/company/icon-cards';
import { perksFor, type Job } from '@/content/careers';
import { site } from '@/lib/config/site';
import { jobPostingLd } from '@/lib/structured-data';

/** /careers */
export function CareersPage({ jobs, list }: { jobs: readonly Job[]; list?: ReactNode }) {
  const openDepartments = new Set(jobs.map((j) => j.department)).size;
  return (
    <>
      <PageHero path="/careers" eyebrow="Careers">
        <p className="text-sm font-medium text-slate-700">
          {jobs.length} open positions across {openDepartments} departments
        </p>
      </PageHero>

      <Section id="perks" eyebrow="Why work with us" title="Perks & benefits" intro="We look after the people who look after our customers.">
        <IconCards items={perksFor(jobs)} />
      </Section>

      <Section id="open-positions" muted eyebrow="Join the team" title="Open positions" intro="Search by title or description, or pick a department.">
        {list}
        <p className="mt-10 text-center text-muted-foreground">
          Don&apos;t see the right role? Send your CV to{' '}
          <a href={`mailto:${site.contacts.careers}`} className="font-medium text-brand-strong underline underline-offset-4">
            {site.contacts.careers}
          </a>
          .
        </p>
      </Section>
      {jobs.map((j) => (
        <JsonLd key={j.id} data={jobPostingLd(j)} />
      ))}
    </>
  );
}
