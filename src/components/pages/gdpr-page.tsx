import type { ReactNode } from 'react';
import { Download, Globe, Mail, PencilLine, Trash2, FileDown } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { Card } from '@/components/ui/card';
import { DataRequestButton, answeredRequestType, type DataRequestType } from '@/components/forms/data-request';
import type { FormAnswer } from '@/lib/leads/page-answer';
import { IconTile } from '@/components/sections/company/icons';
import { gdprRights, lawfulBases, retentionPeriods, transfers } from '@/content/gdpr';
import { policy, postalAddressLine } from '@/content/legal';
import { site } from '@/content/site';

const rightIcons = { export: Download, rectify: PencilLine, erase: Trash2, portability: FileDown } as const;

/**
 * /gdpr. The form of each rights button's dialog is an island, passed in as the Astro slot named by its type.
 * `answer`: a data request posted without JavaScript, shown in the page's form of the type that was posted.
 */
export function GdprPage({ answer, ...forms }: Partial<Record<DataRequestType, ReactNode>> & { answer?: FormAnswer }) {
  const answered = answer && answeredRequestType(answer.posted);
  return (
    <>
      <PageHero path="/gdpr" eyebrow="Data protection" />

      <Section id="rights" title="Your rights under the GDPR" intro={`Use the buttons below to make a request. We answer every request within ${policy.dataRequestReplyDays} days.`}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {gdprRights.map((r) => (
            <li key={r.type} className="flex">
              <Card className="flex flex-1 flex-col">
                <IconTile icon={rightIcons[r.type]} />
                <p className="mt-4 text-xs font-semibold tracking-wide text-brand-strong uppercase">{r.article}</p>
                <h3 className="mt-1 text-lg font-semibold tracking-tight">{r.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{r.description}</p>
                <div className="mt-5">
                  <DataRequestButton type={r.type} label={r.button} dialogForm={forms[r.type]} answer={answered === r.type ? answer?.state : undefined} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          You also have the right to object to processing, to restrict it, and to complain to your data protection authority.
        </p>
      </Section>

      <Section id="lawful-basis" muted eyebrow="Why we process data" title="Lawful basis for processing">
        <dl className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
          {lawfulBases.map((b) => (
            <div key={b.basis} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <dt className="font-semibold text-foreground">{b.basis}</dt>
              <dd className="mt-1 text-sm text-muted-foreground">{b.use}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="retention" eyebrow="How long we keep it" title="Data retention">
        <div className="mx-auto max-w-3xl overflow-hidden rounded-2xl border border-border shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Retention periods</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-5 py-3 font-semibold">Data</th>
                <th scope="col" className="px-5 py-3 font-semibold">Retention</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border bg-white text-slate-700">
              {retentionPeriods.map((r) => (
                <tr key={r.data}>
                  <th scope="row" className="px-5 py-3 font-medium text-foreground">{r.data}</th>
                  <td className="px-5 py-3">{r.period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="transfers" muted eyebrow="Outside the EEA" title="International data transfers">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {transfers.map((t) => (
            <li key={t.region} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <IconTile icon={Globe} />
              <h3 className="mt-4 text-lg font-semibold tracking-tight">{t.region}</h3>
              <p className="text-sm font-semibold text-brand-strong">{t.mechanism}</p>
              <p className="mt-2 text-sm text-muted-foreground">{t.detail}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="dpo" eyebrow="Questions?" title="Data Protection Officer">
        <div className="mx-auto max-w-xl rounded-2xl border border-border bg-white p-8 text-center shadow-sm">
          <p className="text-slate-700">Our data protection officer answers questions about how we handle personal data.</p>
          <a href={`mailto:${site.contacts.dpo}`} className="mt-4 inline-flex items-center gap-2 text-lg font-semibold text-brand-strong underline-offset-4 hover:underline">
            <Mail aria-hidden className="size-5" /> {site.contacts.dpo}
          </a>
          <address className="mt-4 text-sm text-muted-foreground not-italic">
            Data Protection Officer, {site.name}, {postalAddressLine}
          </address>
        </div>
      </Section>
    </>
  );
}
