// The panels of /staff/insights about our replies (issue 31; lib/staff/reply-insights.ts): time to the first
// reply per kind and per staff member, the leads answered on time (by the first-response clock), and replies
// per lead.
// Each a chart drawn on the server with its numbers in a table and a CSV of them.
import type { ReactNode } from 'react';
import { ChartKey, ShareChart, TimeChart, duration, kindPalette, timeColors, type ShareKey } from '@/components/staff/charts';
import { CsvLink, Scroller, n, num, pct, td, th } from '@/components/staff/insights-parts';
import { Panel } from '@/components/staff/panel';
import { promiseHours, promiseText } from '@/lib/config/response-promises';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { kindByKind } from '@/lib/staff/lead-kinds';
import { pluralOf } from '@/lib/retention/periods';
import type { InsightsRange } from '@/lib/staff/insights';
import { inTimeShare, unansweredKinds, type KindReplies, type PromiseCounts, type ReplyInsights } from '@/lib/staff/reply-insights';

const label = (k: LeadKind) => kindByKind[k].shortLabel;
const plural = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`;

/** The parts of the promise chart, in its order, and of the replies chart. */
export const promiseKeys: (ShareKey & { key: keyof PromiseCounts })[] = [
  { key: 'within', label: 'Answered in time', color: kindPalette[2] },
  { key: 'late', label: 'Answered late', color: kindPalette[3] },
  { key: 'overdue', label: 'Not answered, overdue', color: kindPalette[4] },
  { key: 'notDue', label: 'Not answered, not yet due', color: kindPalette[5] },
  { key: 'closed', label: 'Closed, not answered', color: kindPalette[0] },
];
export const replyKeys: ShareKey[] = [
  { label: 'No reply', color: kindPalette[5] },
  { label: '1 reply', color: kindPalette[1] },
  { label: '2 replies', color: kindPalette[0] },
  { label: '3 or more', color: kindPalette[6] },
];

const timeKey = [
  { label: 'Median', color: timeColors.median },
  {
    label: '90th percentile',
    color: timeColors.p90Fill,
    swatch: <span aria-hidden className="inline-block size-3 rounded-sm border-[1.5px]" style={{ background: timeColors.p90Fill, borderColor: timeColors.p90Edge }} />,
  },
  {
    label: 'Promised time',
    color: timeColors.promise,
    swatch: (
      <svg aria-hidden viewBox="0 0 4 12" className="h-3 w-1">
        <line x1="2" x2="2" y1="0" y2="12" stroke={timeColors.promise} strokeWidth="2" strokeDasharray="3 2" />
      </svg>
    ),
  },
];

export function Table({ caption, head, rows, total }: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[]; total?: ReactNode[] }) {
  // Scrolls sideways on a phone when its columns need more room than there is.
  const minWidth = head.length > 4 ? 'min-w-[32rem]' : 'min-w-[16rem]';
  return (
    <Scroller label={caption}>
      <table className={`w-full ${minWidth} border-collapse`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i ? `${th} text-right` : th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={`${td} text-left font-medium`}>
                {r.key}
              </th>
              {r.cells.map((c, i) => (
                <td key={i} className={num}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
          {total ? (
            <tr className="border-t-2 border-border font-semibold">
              <th scope="row" className={`${td} text-left`}>
                All
              </th>
              {total.map((c, i) => (
                <td key={i} className={num}>
                  {c}
                </td>
              ))}
            </tr>
          ) : null}
        </tbody>
      </table>
    </Scroller>
  );
}

/** A chart (as wide as a phone, so that it needs no scrolling there) with its key under it, and its table: side by side on a wide screen. */
export function ChartAndTable({ chart, keys, table }: { chart: ReactNode; keys: ReactNode; table: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <figure className="max-w-sm space-y-3">
        {chart}
        <figcaption>{keys}</figcaption>
      </figure>
      <div className="min-w-0 self-start">{table}</div>
    </div>
  );
}

const Intro = ({ children }: { children: ReactNode }) => <p className="mb-4 text-sm text-muted-foreground">{children}</p>;
const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

export function ReplyPanels({ replies, range }: { replies: ReplyInsights; range: InsightsRange }) {
  const { kinds, all, staff } = replies;
  const leftOut = unansweredKinds.map((k) => pluralOf(leadKinds[k])).join(', ');
  const noLeads = <Empty>No leads to answer in this range.</Empty>;
  const waiting = !all.leads ? '' : all.notAnswered ? `${n(all.notAnswered)} not answered yet.` : 'Every lead of the range has been answered.';
  const timeSummary = (rows: { name: string; medianHours: number | null; p90Hours: number | null; extra?: string }[], what: string) =>
    `${what}: ${rows.map((r) => (r.medianHours === null ? `${r.name} not answered yet` : `${r.name} median ${duration(r.medianHours)}, 90th percentile ${duration(r.p90Hours)}${r.extra ?? ''}`)).join('; ')}. The numbers are in the table next to the chart.`;
  const shareSummary = (what: string, keys: ShareKey[], values: (k: KindReplies) => number[]) =>
    `${what}: ${kinds
      .map(
        (k) =>
          `${label(k.kind)} ${values(k)
            .map((v, i) => `${n(v)} ${keys[i]!.label.toLowerCase()}`)
            .join(', ')}`,
      )
      .join('; ')}. The numbers are in the table next to the chart.`;
  const promised = kinds.map((k) => `${label(k.kind).toLowerCase()} ${promiseText(k.promise)}`).join(', ');

  return (
    <>
      <Panel title="Time to first reply" actions={<CsvLink table="first-reply" range={range} label="time to first reply" />}>
        <Intro>
          How long a lead waited from its arrival for our first reply from its page (a data request: or for being marked done, if that came first): half of the answered leads waited less than the
          median, nine in ten less than the 90th percentile. {waiting ? <strong className="font-semibold text-foreground">{waiting}</strong> : null}
          {leftOut ? ` Left out, as the site promises them no answer: ${leftOut}.` : ''}
        </Intro>
        {kinds.length ? (
          <ChartAndTable
            chart={
              <TimeChart
                rows={kinds.map((k) => ({ label: label(k.kind), medianHours: k.medianHours, p90Hours: k.p90Hours, promiseHours: promiseHours(k.promise) }))}
                summary={timeSummary(
                  kinds.map((k) => ({ name: label(k.kind), medianHours: k.medianHours, p90Hours: k.p90Hours, extra: `, promised ${promiseText(k.promise)}` })),
                  'Time to first reply by kind',
                )}
              />
            }
            keys={<ChartKey keys={timeKey} label="Key of the chart of the time to first reply" />}
            table={
              <Table
                caption="Time to first reply by kind"
                head={['Kind', 'Leads', 'Answered', 'Not answered yet', 'Median', '90th percentile', 'Promised']}
                rows={kinds.map((k) => ({ key: label(k.kind), cells: [n(k.leads), n(k.answered), n(k.notAnswered), duration(k.medianHours), duration(k.p90Hours), promiseText(k.promise)] }))}
                total={[n(all.leads), n(all.answered), n(all.notAnswered), duration(all.medianHours), duration(all.p90Hours), '']}
              />
            }
          />
        ) : (
          noLeads
        )}
      </Panel>

      <Panel title="First replies by staff member" actions={<CsvLink table="first-reply-staff" range={range} label="first replies by staff member" />}>
        <Intro>
          Who sent each lead&apos;s first reply (or marked a data request done, if that came first), and how long those leads had waited for it.
          {all.notAnswered ? ` The ${plural(all.notAnswered, 'lead', 'leads')} not answered yet ${all.notAnswered === 1 ? 'is' : 'are'} in no row.` : ''}
        </Intro>
        {staff.length ? (
          <ChartAndTable
            chart={
              <TimeChart
                rows={staff.map((s) => ({ label: s.name, medianHours: s.medianHours, p90Hours: s.p90Hours }))}
                summary={timeSummary(
                  staff.map((s) => ({ name: s.name, medianHours: s.medianHours, p90Hours: s.p90Hours })),
                  'Time to first reply by staff member',
                )}
              />
            }
            keys={<ChartKey keys={timeKey.slice(0, 2)} label="Key of the chart of first replies by staff member" />}
            table={
              <Table
                caption="First replies and their time by staff member"
                head={['Staff member', 'First replies', 'Median', '90th percentile']}
                rows={staff.map((s) => ({ key: s.name, cells: [n(s.answered), duration(s.medianHours), duration(s.p90Hours)] }))}
              />
            }
          />
        ) : (
          <Empty>No lead of this range has been answered yet.</Empty>
        )}
      </Panel>

      <Panel title="Answered on time" actions={<CsvLink table="promise" range={range} label="leads answered on time" />}>
        <Intro>
          Each lead against its first-response target{promised ? ` (${promised})` : ''}, counted by the clock in the team&apos;s business hours: the due time shown on the lead&apos;s page. Answered (a
          reply from its page, or a status change marked as answered elsewhere) by then is in time, after it late; not answered, an open lead past it is overdue (as in the inbox&apos;s Overdue view),
          a closed one closed without an answer. A data request is due by its legal deadline, later when an admin extended it.
        </Intro>
        {kinds.length ? (
          <ChartAndTable
            chart={
              <ShareChart
                rows={kinds.map((k) => ({ label: `${label(k.kind)} (${promiseText(k.promise)})`, values: promiseKeys.map((p) => k.onTime[p.key]) }))}
                keys={promiseKeys}
                unit={['lead', 'leads']}
                summary={shareSummary('Leads answered on time', promiseKeys, (k) => promiseKeys.map((p) => k.onTime[p.key]))}
              />
            }
            keys={<ChartKey keys={promiseKeys} label="Key of the chart of the leads answered on time" />}
            table={
              <>
                <Table
                  caption="Leads answered on time by kind"
                  head={['Kind', 'Promised', 'In time', 'Late', 'Overdue', 'Not yet due', 'Closed', 'Share in time']}
                  rows={kinds.map((k) => ({
                    key: label(k.kind),
                    cells: [promiseText(k.promise), n(k.onTime.within), n(k.onTime.late), n(k.onTime.overdue), n(k.onTime.notDue), n(k.onTime.closed), pct(inTimeShare(k.onTime))],
                  }))}
                  total={['', n(all.onTime.within), n(all.onTime.late), n(all.onTime.overdue), n(all.onTime.notDue), n(all.onTime.closed), pct(inTimeShare(all.onTime))]}
                />
                <p className="mt-3 text-sm text-muted-foreground">Overdue, not yet due and closed leads were not answered; the share in time is of the leads answered or overdue.</p>
              </>
            }
          />
        ) : (
          noLeads
        )}
      </Panel>

      <Panel title="Replies per lead" actions={<CsvLink table="replies" range={range} label="replies per lead" />}>
        <Intro>How many replies we sent each lead of the range from its page (the lead&apos;s own messages are not counted).</Intro>
        {kinds.length ? (
          <ChartAndTable
            chart={
              <ShareChart
                rows={kinds.map((k) => ({ label: label(k.kind), values: k.replies.counts }))}
                keys={replyKeys}
                unit={['lead', 'leads']}
                summary={shareSummary('Leads by the replies we sent them', replyKeys, (k) => k.replies.counts)}
              />
            }
            keys={<ChartKey keys={replyKeys} label="Key of the chart of the replies per lead" />}
            table={
              <Table
                caption="Replies per lead by kind"
                head={['Kind', 'Leads', 'Average', 'No reply', '1 reply', '2 replies', '3 or more']}
                rows={kinds.map((k) => ({ key: label(k.kind), cells: [n(k.leads), k.replies.average === null ? '—' : k.replies.average.toFixed(2), ...k.replies.counts.map(n)] }))}
                total={[n(all.leads), all.replies.average === null ? '—' : all.replies.average.toFixed(2), ...all.replies.counts.map(n)]}
              />
            }
          />
        ) : (
          noLeads
        )}
      </Panel>
    </>
  );
}
