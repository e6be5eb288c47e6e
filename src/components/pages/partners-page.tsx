import type { ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { FormSection } from '@/components/sections/company/form-section';
import { IconCards } from '@/components/sections/company/icon-cards';
import { PageBar } from '@/components/sections/company/page-bar';
import { ScrollToForm } from '@/components/sections/company/scroll-to-form';
import { partnerBenefits, partnerLogos, programmeTerms } from '@/content/programmes';
import { site } from '@/lib/config/site';
import { partnershipTypes, type PartnershipType } from '@/lib/leads/options';
import { cn } from '@/lib/utils';

const typeDescriptions: Record<PartnershipType, string> = {
  technology: 'Connect your product to ours through the API and reach our users.',
  reseller: 'Offer our plans to your clients with partner pricing.',
  referral: 'Recommend us and share the revenue of every customer you send.',
  strategic: 'Build joint products, research and campaigns with our team.',
};
const partnerTypes = partnershipTypes.map((t) => ({ title: t.label, description: typeDescriptions[t.value] }));

/** /partners. `form` is the partner application island (an Astro slot). */
export function PartnersPage({ form }: { form?: ReactNode }) {
  return (
    <>
      <PageBar
        label="Partner Program"
        links={[
          { href: '#integrations', label: 'Integrations' },
          { href: '#benefits', label: 'Benefits' },
          { href: '#partnership-types', label: 'Partnership types' },
        ]}
      >
        <ScrollToForm target="partner-form" size="sm">
          Get Started
        </ScrollToForm>
      </PageBar>

      <PageHero path="/partners" eyebrow="Partner Program">
        <div className="flex flex-wrap justify-center gap-3">
          <ScrollToForm target="partner-form">Become a Partner</ScrollToForm>
          <a href="#benefits" className="inline-flex h-12 items-center rounded-lg border border-border bg-white px-6 font-semibold shadow-sm hover:bg-muted">
            See the benefits
          </a>
        </div>
      </PageHero>

      <Section id="integrations" eyebrow="Ecosystem" title="Our integration partners" intro={`${site.name} connects ${site.designTool} to the six platforms your audience uses.`}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {partnerLogos.map((p, i) => (
            <li
              key={p.name}
              className={cn(
                'flex items-start gap-4 rounded-2xl border p-5 shadow-sm sm:block sm:p-6',
                i === 0 ? 'border-brand/30 bg-gradient-to-br from-brand-soft to-white sm:col-span-2' : 'border-border bg-white',
              )}
            >
              <span aria-hidden className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-lg font-bold tracking-tight text-white">
                {p.mark}
              </span>
              <div>
                <h3 className="font-semibold tracking-tight sm:mt-4">
                  {p.name}
                  {i === 0 ? <span className="ml-2 text-sm font-medium text-brand-strong">Design tool</span> : null}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" muted eyebrow="Why partner with us" title="Partner benefits">
        <IconCards items={partnerBenefits} columns={4} />
      </Section>

      <Section id="partnership-types" eyebrow="Ways to work together" title="Partnership types">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {partnerTypes.map((t, i) => (
            <li key={t.title} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <span aria-hidden className="text-sm font-bold text-brand-strong">0{i + 1}</span>
              <h3 className="mt-2 font-semibold tracking-tight">{t.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <FormSection
        id="partner-form"
        title="Become a Partner"
        intro={`Tell us about your company and your idea. We reply within ${programmeTerms.partnerReplyHours} hours.`}
        aside={
          <p className="inline-flex items-center gap-2 text-slate-700">
            <Mail aria-hidden className="size-4 text-brand" /> Prefer email?{' '}
            <a href={`mailto:${site.contacts.partners}`} className="font-medium text-brand-strong underline underline-offset-4">
              {site.contacts.partners}
            </a>
          </p>
        }
      >
        {form}
      </FormSection>
    </>
  );
}
