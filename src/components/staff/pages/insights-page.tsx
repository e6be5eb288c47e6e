import type { ReactNode } from 'react';
import { AssignmentPanel } from '@/components/staff/assignment-insights';
import type { AssignmentInsights } from '@/lib/staff/assignment-insights';
import { MemberAnswersPanel } from '@/components/staff/member-answers-panel';
import type { MemberAnswers } from '@/lib/staff/clock-insights';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Panel } from '@/components/staff/panel';
import { DailyChart, FunnelChart, InlineBar, KindLegend, duration } from '@/components/staff/charts';
import { CsvLink, n, num, pct, td, th } from '@/components/staff/insights-parts';
import { ReplyPanels } from '@/components/staff/reply-panels';
import { ReferralTable } from '@/components/staff/referral-table';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { kindByKind } from '@/lib/staff/lead-kinds';
import { rangePresets, type Conversion, type Insights } from '@/lib/staff/insights';
import type { ReferralCounts } from '@/lib/staff/referrals';
import type { ReplyInsights } from '@/lib/staff/reply-insights';
import { cn } from '@/lib/utils';

function ConversionTable({ caption, keyLabel, rows, empty }: { caption: string; keyLabel: string; rows: Conversion[]; empty: string }) {
  if (!rows.length) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const max = Math.max(...rows.map((r) => r.leads));
  return (
    // Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too.
    <div className="overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[32rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted">
          <tr>
            <th scope="col" className={th}>
              {keyLabel}
            </th>
            <th scope="col" className={`${th} text-right`}>
              Views
            </th>
            <th scope="col" className={`${th} text-right`}>
              Leads
            </th>
            <th scope="col" className={`${th} w-1/4`}>
              <span className="sr-only">Leads, as a bar</span>
            </th>
            <th scope="col" className={`${th} text-right`}>
              Conversion
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={`${td} text-left font-medium break-all`}>
                {r.key}
              </th>
              <td className={num}>{n(r.views)}</td>
              <td className={num}>{n(r.leads)}</td>
              <td className={td}>
                <InlineBar value={r.leads} max={max} />
              </td>
              <td className={num}>{pct(r.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-white p-4 shadow-sm">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value}</p>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

/** /staff/insights: where leads come from, what converts and how soon we answer (members and admins). */
export function InsightsPage({
  insights,
  referrals,
  replies,
  answers,
  assignment,
}: {
  insights: Insights;
  referrals: ReferralCounts;
  replies: ReplyInsights;
  answers: MemberAnswers[];
  assignment?: AssignmentInsights;
}) {
  const { range, daily, totals } = insights;
  const kinds = leadKindNames.filter((k) => totals[k] > 0) as LeadKind[];
  const shown = kinds.length ? kinds : ([...leadKindNames] as LeadKind[]);
  const busiest = daily.reduce((a, b) => (b.total > a.total ? b : a), daily[0]);
  const dailySummary = `Leads per day from ${range.from} to ${range.to}: ${n(insights.leads)} in all${busiest && busiest.total ? `, the most on ${busiest.day} (${n(busiest.total)})` : ''}. The numbers are in the table below the chart.`;
  const funnelSummary = `Status funnel: ${insights.funnel.map((s) => `${s.stage} ${n(s.leads)}`).join(', ')}. The numbers are in the table next to the chart.`;
  const tab = 'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Where leads come from, what converts and how soon we answer, {range.from} to {range.to} (UTC). Spam is left out of every figure; page views are counted without cookies.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <nav aria-label="Range" className="flex gap-2">
          {rangePresets.map((d) => (
            <Link
              key={d}
              href={`/staff/insights?days=${d}`}
              aria-current={range.preset === d ? 'page' : undefined}
              className={cn(tab, range.preset === d ? 'bg-foreground text-white' : 'border border-border bg-white hover:bg-muted')}
            >
              {d} days
            </Link>
          ))}
        </nav>
        <form method="get" action="/staff/insights" aria-label="Choose a range" className="flex flex-wrap items-end gap-2">
          <div>
            <Label htmlFor="i-from">From</Label>
            <Input id="i-from" name="from" type="date" defaultValue={range.from} className="h-9 text-sm" />
          </div>
          <div>
            <Label htmlFor="i-to">To</Label>
            <Input id="i-to" name="to" type="date" defaultValue={range.to} className="h-9 text-sm" />
          </div>
          <Button type="submit" size="sm" variant="secondary" className="h-9">
            Show
          </Button>
        </form>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Leads" value={n(insights.leads)} />
        <Figure label="Page views" value={n(insights.views)} />
        <Figure label="Leads per 100 views" value={insights.views ? ((insights.leads / insights.views) * 100).toFixed(1) : '—'} />
        <Figure label="Median time to first status change" value={duration(insights.medianHoursToFirstChange)} note={`of ${n(insights.changed)} leads handled so far`} />
      </div>

      <Panel title="Leads per day" actions={<CsvLink table="daily" range={range} label="leads per day" />}>
        <figure className="space-y-3">
          {/* On a phone the chart keeps a readable size and scrolls sideways. */}
          <div className="overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring" tabIndex={0} role="region" aria-label="Chart of leads per day">
            <div className="min-w-[36rem]">
              <DailyChart daily={daily} kinds={shown} summary={dailySummary} />
            </div>
          </div>
          <figcaption>
            <KindLegend kinds={shown} />
          </figcaption>
        </figure>
        <details className="mt-4">
          <summary className="cursor-pointer rounded text-sm font-medium text-brand-strong">The numbers, day by day</summary>
          <div
            className="mt-3 max-h-96 overflow-auto rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            tabIndex={0}
            role="region"
            aria-label="Leads per day and kind, as numbers"
          >
            <table className="w-full border-collapse">
              <caption className="sr-only">Leads per day and kind</caption>
              <thead className="sticky top-0 border-b border-border bg-muted">
                <tr>
                  <th scope="col" className={th}>
                    Day
                  </th>
                  {shown.map((k) => (
                    <th key={k} scope="col" className={`${th} text-right`}>
                      {kindByKind[k].shortLabel}
                    </th>
                  ))}
                  <th scope="col" className={`${th} text-right`}>
                    All
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {daily.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className={`${td} text-left font-medium whitespace-nowrap`}>
                      {d.day}
                    </th>
                    {shown.map((k) => (
                      <td key={k} className={num}>
                        {n(d.counts[k])}
                      </td>
                    ))}
                    <td className={`${num} font-semibold`}>{n(d.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </Panel>

      <Panel title="Form pages" actions={<CsvLink table="pages" range={range} label="form pages" />}>
        <p className="mb-3 text-sm text-muted-foreground">Views of each page with a form, the leads sent from it, and leads per view.</p>
        <ConversionTable caption="Views, leads and conversion of each form page" keyLabel="Page" rows={insights.pages} empty="No form pages." />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel className="min-w-0" title="Top sources" actions={<CsvLink table="sources" range={range} label="top sources" />}>
          <ConversionTable caption="Views, leads and conversion of each campaign source" keyLabel="Source (utm_source)" rows={insights.sources} empty="No tagged visits or leads in this range." />
        </Panel>
        <Panel className="min-w-0" title="Top campaigns" actions={<CsvLink table="campaigns" range={range} label="top campaigns" />}>
          <ConversionTable caption="Views, leads and conversion of each campaign" keyLabel="Campaign (utm_campaign)" rows={insights.campaigns} empty="No tagged visits or leads in this range." />
        </Panel>
      </div>

      <Panel title="Affiliate codes" actions={<CsvLink table="referrals" range={range} label="affiliate codes" />}>
        <ReferralTable counts={referrals} />
      </Panel>

      <Panel title="Status funnel" actions={<CsvLink table="funnel" range={range} label="the status funnel" />}>
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <FunnelChart stages={insights.funnel} summary={funnelSummary} />
          <table className="w-full border-collapse self-start">
            <caption className="sr-only">Leads of the range by the furthest stage they reached</caption>
            <thead className="border-b border-border bg-muted">
              <tr>
                <th scope="col" className={th}>
                  Stage
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Leads
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Of all
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {insights.funnel.map((s) => (
                <tr key={s.stage}>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {s.stage}
                  </th>
                  <td className={num}>{n(s.leads)}</td>
                  <td className={num}>{pct(s.share)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={`${td} text-left font-medium`}>
                  Lost
                </th>
                <td className={num}>{n(insights.lost)}</td>
                <td className={num}>{pct(insights.leads ? insights.lost / insights.leads : null)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-muted-foreground">By each lead&apos;s status now: a lead qualified or won was contacted first. Archived leads count as new.</p>
      </Panel>

      <ReplyPanels replies={replies} range={range} />

      <MemberAnswersPanel members={answers} range={range} />

      {assignment ? <AssignmentPanel data={assignment} range={range} /> : null}
    </div>
  );
}
