// The "Answered on time by member" panel of /staff/insights (issue 32; lib/staff/clock-insights.ts): the
// leads of the range each member answered first, in time or late by the first-response clock, as a chart of
// shares with its numbers in a table and a CSV of them.
import { ChartKey, ShareChart } from '@/components/staff/charts';
import { CsvLink, n, pct } from '@/components/staff/insights-parts';
import { Panel } from '@/components/staff/panel';
import { ChartAndTable, Table, promiseKeys } from '@/components/staff/reply-panels';
import { answersTotal, memberShare as share, type MemberAnswers } from '@/lib/staff/clock-insights';
import type { InsightsRange } from '@/lib/staff/insights';

const keys = promiseKeys.slice(0, 2);

export function MemberAnswersPanel({ members, range }: { members: MemberAnswers[]; range: InsightsRange }) {
  const all = answersTotal(members);
  const summary = `Leads answered on time by member: ${members.map((m) => `${m.name} ${n(m.within)} in time, ${n(m.late)} late`).join('; ')}. The numbers are in the table next to the chart.`;
  return (
    <Panel title="Answered on time by member" actions={<CsvLink table="on-time-members" range={range} label="leads answered on time by member" />}>
      <p className="mb-4 text-sm text-muted-foreground">
        Who answered each lead of the range first, in time or late by the clock: the author of the first reply, or the member who marked it answered elsewhere when that came first. Leads not answered
        yet are in no row; each member&apos;s open and overdue leads now are in the Assignment panel.
      </p>
      {members.length ? (
        <ChartAndTable
          chart={<ShareChart rows={members.map((m) => ({ label: m.name, values: [m.within, m.late] }))} keys={keys} unit={['lead', 'leads']} summary={summary} />}
          keys={<ChartKey keys={keys} label="Key of the chart of the leads answered on time by member" />}
          table={
            <Table
              caption="Leads answered on time by member"
              head={['Member', 'Answered', 'In time', 'Late', 'Answered elsewhere', 'Share in time']}
              rows={members.map((m) => ({ key: m.name, cells: [n(m.within + m.late), n(m.within), n(m.late), n(m.elsewhere), pct(share(m))] }))}
              total={[n(all.within + all.late), n(all.within), n(all.late), n(all.elsewhere), pct(share(all))]}
            />
          }
        />
      ) : (
        <p className="text-sm text-muted-foreground">No lead of this range has been answered yet.</p>
      )}
    </Panel>
  );
}
