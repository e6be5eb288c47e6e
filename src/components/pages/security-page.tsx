import { BadgeCheck, KeyRound, Lock, Mail, ShieldCheck, ShieldAlert, Fingerprint, ClipboardCheck } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { NumberedSteps } from '@/components/site/numbered-steps';
import { Section } from '@/components/site/section';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { buttonVariants } from '@/components/ui/button';
import { CheckList } from '@/components/sections/company/icon-cards';
import { IconTile } from '@/components/sections/company/icons';
import { accessControlPoints, certifications, encryptionPoints, incidentSteps, reportSecurityIssueHref, securityFeatures, securityPractices } from '@/content/security';
import { site } from '@/content/site';

const featureIcons = [Lock, ShieldCheck, Fingerprint, ClipboardCheck];

/** /security */
export function SecurityPage() {
  return (
    <>
      <PageHero path="/security" eyebrow="Trust & security" />

      <section aria-label="Security features" className="container-page py-12 sm:py-16">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {securityFeatures.map((f, i) => (
            <li key={f.title} className="flex">
              <Card className="flex-1">
                <div className="flex items-start justify-between gap-3">
                  <IconTile icon={featureIcons[i]} />
                  <Badge variant={f.status === 'Active' ? 'success' : 'brand'}>{f.status}</Badge>
                </div>
                <h2 className="mt-4 text-lg font-semibold tracking-tight">{f.title}</h2>
                <p className="mt-2 text-sm text-muted-foreground">{f.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <Section id="certifications" muted eyebrow="Compliance" title="Certifications & compliance">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {certifications.map((c) => (
            <li key={c.name} className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm">
              <BadgeCheck aria-hidden className="mx-auto size-10 text-brand" strokeWidth={1.6} />
              <h3 className="mt-3 text-lg font-semibold tracking-tight">{c.name}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{c.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="practices" eyebrow="How we work" title="Security practices">
        <CheckList items={securityPractices} className="mx-auto grid max-w-4xl gap-x-10 space-y-0! gap-y-3 sm:grid-cols-2" />
      </Section>

      <Section id="protection" muted eyebrow="Defence in depth" title="Encryption & access control">
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="sm:p-8">
            <IconTile icon={Lock} />
            <h3 className="mt-4 text-xl font-semibold tracking-tight">Data encryption</h3>
            <CheckList items={encryptionPoints} className="mt-5" />
          </Card>
          <Card className="sm:p-8">
            <IconTile icon={KeyRound} />
            <h3 className="mt-4 text-xl font-semibold tracking-tight">Access control</h3>
            <CheckList items={accessControlPoints} className="mt-5" />
          </Card>
        </div>
      </Section>

      <Section id="incident-response" eyebrow="When something goes wrong" title="Incident response">
        <NumberedSteps steps={incidentSteps} variant="compact" className="sm:grid-cols-2 lg:grid-cols-4" />
        <div className="mt-10 flex flex-col items-center gap-4 rounded-3xl bg-slate-900 px-6 py-10 text-center text-white sm:px-12">
          <ShieldAlert aria-hidden className="size-10 text-pink-300" />
          <p className="max-w-2xl text-lg text-slate-200">
            Found a vulnerability? Tell us privately and we will work with you to fix it quickly. We do not take legal action against good-faith research.
          </p>
          <a href={reportSecurityIssueHref} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
            <Mail aria-hidden /> Report Security Issue
          </a>
        </div>
      </Section>

      <Section id="security-contact" muted eyebrow="Get in touch" title="Security contact">
        <div className="mx-auto max-w-xl rounded-2xl border border-border bg-white p-8 text-center shadow-sm">
          <p className="text-slate-700">Our security team reads every report.</p>
          <a href={`mailto:${site.contacts.security}`} className="mt-3 inline-flex items-center gap-2 text-lg font-semibold text-brand-strong underline-offset-4 hover:underline">
            <Mail aria-hidden className="size-5" /> {site.contacts.security}
          </a>
          <p className="mt-4 text-sm text-muted-foreground">
            Machine-readable contact:{' '}
            <a href="/.well-known/security.txt" className="font-medium text-foreground underline underline-offset-4">
              /.well-known/security.txt
            </a>
          </p>
        </div>
      </Section>
    </>
  );
}
