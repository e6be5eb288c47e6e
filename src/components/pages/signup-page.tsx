import type { ReactNode } from 'react';
import { CircleCheck, Mail, Users } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { FormSection } from '@/components/sections/company/form-section';
import { guarantees } from '@/content/pricing';
import { site } from '@/lib/config/site';
import { contactHref } from '@/lib/leads/signup';

/** /signup: the trial request (the form comes in as an Astro slot). */
export function SignupPage({ form }: { form?: ReactNode }) {
  return (
    <>
      <PageHero path="/signup" eyebrow="Free trial" />
      <FormSection
        id="signup-form"
        title="Create your account"
        intro="Tell us where to send your sign-in details. Fields marked with * are required."
        aside={
          <div className="space-y-6">
            <ul className="space-y-3 text-slate-700">
              {guarantees.map((g) => (
                <li key={g} className="flex gap-3">
                  <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
                  <span>{g}</span>
                </li>
              ))}
            </ul>
            <p className="flex gap-3 text-slate-700">
              <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
              <span>
                Questions before you start? Write to{' '}
                <a href={`mailto:${site.contacts.hello}`} className="font-medium break-words text-brand-strong underline-offset-4 hover:underline">
                  {site.contacts.hello}
                </a>{' '}
                or compare the plans on the{' '}
                <a href="/pricing" className="font-medium text-brand-strong underline-offset-4 hover:underline">
                  pricing page
                </a>
                .
              </span>
            </p>
            <p className="flex gap-3 text-slate-700">
              <Users aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
              <span>
                The Business plan, for unlimited team members and API access, is set up with our sales team:{' '}
                <a href={contactHref('business')} className="font-medium text-brand-strong underline-offset-4 hover:underline">
                  contact sales
                </a>
                .
              </span>
            </p>
          </div>
        }
      >
        {form}
      </FormSection>
    </>
  );
}
