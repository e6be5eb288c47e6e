import type { ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { NumberedSteps } from '@/components/site/numbered-steps';
import { Section } from '@/components/site/section';
import { Card } from '@/components/ui/card';
import { FormSection } from '@/components/sections/company/form-section';
import { CheckList, StatRow } from '@/components/sections/company/icon-cards';
import { ScrollToForm } from '@/components/sections/company/scroll-to-form';
import { affiliateFeatures, affiliateMaterials, affiliateProgrammeTerms, affiliateStats, affiliateSteps, programmeTerms } from '@/content/programmes';
import { site } from '@/lib/config/site';

/** /affiliate (the islands come in as Astro slots) */
export function AffiliatePage({ form }: { form?: ReactNode }) {
  return (
    <>
      <PageHero path="/affiliate" eyebrow="Affiliate Program">
        <ScrollToForm target="affiliate-form">Join the Affiliate Program</ScrollToForm>
        <p className="mt-4 text-sm text-muted-foreground">Free to join · Approval within {programmeTerms.affiliateApprovalHours} hours</p>
      </PageHero>

      <section aria-labelledby="stats-title" className="container-page -mt-2 py-12 sm:py-16">
        <h2 id="stats-title" className="sr-only">
          Program at a glance
        </h2>
        <StatRow stats={affiliateStats} className="mx-auto max-w-4xl" />
      </section>

      <Section id="programme" muted eyebrow="Everything you need" title="Built for creators who recommend what they use">
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="sm:p-8">
            <h3 className="text-xl font-semibold tracking-tight">Program Features</h3>
            <CheckList items={affiliateFeatures} className="mt-5" />
          </Card>
          <Card className="sm:p-8">
            <h3 className="text-xl font-semibold tracking-tight">Marketing Materials</h3>
            <CheckList items={affiliateMaterials} className="mt-5" />
          </Card>
        </div>
      </Section>

      <Section id="how-it-works" eyebrow="How it works" title="Start earning in three steps">
        <NumberedSteps steps={affiliateSteps} variant="centered" className="md:grid-cols-3" />
      </Section>

      <FormSection
        id="affiliate-form"
        title="Apply to the Affiliate Program"
        intro={`It takes two minutes. We review every application and reply within ${programmeTerms.affiliateApprovalHours} hours.`}
        aside={
          <p className="inline-flex flex-wrap items-center gap-2 text-slate-700">
            <Mail aria-hidden className="size-4 text-brand" /> Questions?{' '}
            <a href={`mailto:${site.contacts.affiliates}`} className="font-medium text-brand-strong underline underline-offset-4">
              {site.contacts.affiliates}
            </a>
          </p>
        }
      >
        {form}
      </FormSection>

      <Section id="terms" eyebrow="The fine print" title="Program Terms">
        <ul className="grid gap-6 md:grid-cols-3">
          {affiliateProgrammeTerms.map((t) => (
            <li key={t.title} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold tracking-tight">{t.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t.description}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
