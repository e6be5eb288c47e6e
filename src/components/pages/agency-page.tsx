import type { ReactNode } from 'react';
import { Mail, Star } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { buttonVariants } from '@/components/ui/button';
import { FormSection } from '@/components/sections/company/form-section';
import { IconCards } from '@/components/sections/company/icon-cards';
import { PageBar } from '@/components/sections/company/page-bar';
import { ScrollToForm } from '@/components/sections/company/scroll-to-form';
import { agencyBenefits, agencyServices, programmeTerms, type Testimonial } from '@/content/programmes';
import { site } from '@/lib/config/site';

/** /agency (the islands come in as Astro slots) */
export function AgencyPage({ agencyTestimonials, form }: { agencyTestimonials: readonly Testimonial[]; form?: ReactNode }) {
  return (
    <>
      <PageBar
        label="Agency Services"
        links={[
          { href: '#services', label: 'Services' },
          { href: '#benefits', label: 'Benefits' },
          { href: '#testimonials', label: 'Testimonials' },
        ]}
      >
        <ScrollToForm target="agency-form" size="sm">
          Get a Proposal
        </ScrollToForm>
      </PageBar>

      <PageHero path="/agency" eyebrow="Agency Services">
        <div className="flex flex-wrap justify-center gap-3">
          <ScrollToForm target="agency-form">Get a Free Proposal</ScrollToForm>
          <a href="#services" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            Our Services
          </a>
        </div>
      </PageHero>

      <Section id="services" eyebrow="What we do" title="Full-service social media management">
        <IconCards items={agencyServices} columns={4} />
      </Section>

      <Section id="benefits" muted eyebrow="Why choose us" title="Results you can measure">
        <IconCards items={agencyBenefits} />
      </Section>

      <Section id="testimonials" eyebrow="Client stories" title="What our clients say">
        <ul className="grid gap-6 md:grid-cols-3">
          {agencyTestimonials.map((t) => (
            <li key={t.name} className="flex">
              <figure className="flex flex-1 flex-col rounded-2xl border border-border bg-white p-6 shadow-sm">
                <div role="img" aria-label={`Rated ${t.rating} out of 5 stars`} className="flex gap-0.5 text-amber-500">
                  {Array.from({ length: t.rating }, (_, i) => (
                    <Star key={i} aria-hidden className="size-5 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-800">&ldquo;{t.content}&rdquo;</blockquote>
                <p className="mt-4 inline-flex self-start rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success">{t.results}</p>
                <figcaption className="mt-4 border-t border-border pt-4">
                  <span className="block font-semibold">{t.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {t.role}, {t.company}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <FormSection
        id="agency-form"
        title="Get your custom proposal"
        intro="Tell us about your business and goals."
        aside={
          <div className="space-y-4">
            <p className="rounded-2xl border border-brand/20 bg-brand-soft p-5 text-slate-800">
              We&apos;ll get back to you within {programmeTerms.agencyReplyHours} hours with a custom proposal.
            </p>
            <p className="inline-flex flex-wrap items-center gap-2 text-slate-700">
              <Mail aria-hidden className="size-4 text-brand" /> Or email{' '}
              <a href={`mailto:${site.contacts.agency}`} className="font-medium text-brand-strong underline underline-offset-4">
                {site.contacts.agency}
              </a>
            </p>
          </div>
        }
      >
        {form}
      </FormSection>
    </>
  );
}
