import { ChartKey } from '@/components/staff/charts';
import { Panel } from '@/components/staff/panel';
import { CsvLink, n, num, pct, Scroller, td, th } from '@/components/staff/insights-parts';
import type { AssignmentInsights, MemberLoad } from '@/lib/staff/assignment-insights';
import type { InsightsRange } from '@/lib/staff/insights';

const overdueColor = '#be123c';
const openColor = '#0369a1';

/**
 * Horizontal bars of one figure per member (its numbers are in the table beside it); with `part`, the share of
 * each bar that is `part` (the overdue of the open leads) drawn at its start in `partColor`.
 */
function MemberBars({ members, value, color, summary, part }: { members: MemberLoad[]; value: (m: MemberLoad) => number; color: string; summary: string; part?: (m: MemberLoad) => number }) {
  const width = 360;
  const row = 28;
  const label = 120;
  const max = Math.max(1, ...members.map(value));
  return (
    <svg viewBox={`0 0 ${width} ${Math.max(1, members.length) * row}`} role="img" aria-label={summary} className="h-auto w-full max-w-md">
      {members.map((m, i) => {
        const w = ((width - label - 50) * value(m)) / max;
        return (
          <g key={m.id} transform={`translate(0 ${i * row})`}>
            <text x="0" y="18" fontSize="12" fill="#0f172a">
              {m.name.length > 16 ? `${m.name.slice(0, 15)}…` : m.name}
            </text>
            <rect x={label} y="5" width={Math.max(value(m) ? 2 : 0, w)} height="17" rx="3" fill={color} />
            {part && part(m) ? <rect x={label} y="5" width={Math.max(2, (w * part(m)) / value(m))} height="17" rx="3" fill={overdueColor} /> : null}
            <text x={label + w + 6} y="18" fontSize="12" fill="#334155">
              {n(value(m))}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Open and overdue leads per member now, and the rules' assignments per member in the range: two charts and their table. */
export function AssignmentPanel({ data, range }: { data: AssignmentInsights; range: InsightsRange }) {
  const { members, assigned, unassigned } = data;
  const open = members.reduce((s, m) => s + m.open, unassigned.open);
  const overdue = members.reduce((s, m) => s + m.overdue, unassigned.overdue);
  return (
    <Panel title="Assignment" actions={<CsvLink table="assignment" range={range} label="open, overdue and assigned leads per member" />}>
      {members.length ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <figure>
              <figcaption className="mb-2 space-y-1">
                <span className="block text-sm font-medium">Open leads per member now</span>
                <ChartKey
                  keys={[
                    { label: 'Overdue', color: overdueColor },
                    { label: 'Open, not overdue', color: openColor },
                  ]}
                  label="Key of the chart of open leads per member"
                />
              </figcaption>
              <MemberBars
                members={members}
                value={(m) => m.open}
                part={(m) => m.overdue}
                color={openColor}
                summary={`Open leads per member now, of them overdue: ${members.map((m) => `${m.name} ${m.open}, ${m.overdue} overdue`).join('; ')}.`}
              />
            </figure>
            <figure>
              <figcaption className="mb-2 text-sm font-medium">Leads assigned by the rules in this range</figcaption>
              <MemberBars
                members={members}
                value={(m) => m.assigned}
                color="#6d28d9"
                summary={`Leads assigned by the rules in this range: ${members.map((m) => `${m.name} ${m.assigned}`).join(', ')}.`}
              />
            </figure>
          </div>
          <Scroller label="Open, overdue and assigned leads per member" className="mt-4">
            <table className="w-full border-collapse">
              <caption className="sr-only">Open and overdue leads per member now, and the leads the rules assigned each in this range</caption>
              <thead className="border-b border-border bg-muted">
                <tr>
                  <th scope="col" className={th}>
                    Member
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Open now
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Overdue now
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Assigned by rule
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Share
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {members.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {m.name}
                      {m.away || m.disabled ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">({m.disabled ? 'disabled' : 'away'})</span> : null}
                    </th>
                    <td className={num}>{n(m.open)}</td>
                    <td className={num}>{n(m.overdue)}</td>
                    <td className={num}>{n(m.assigned)}</td>
                    <td className={num}>{pct(assigned ? m.assigned / assigned : null)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    Nobody (unassigned)
                  </th>
                  <td className={num}>{n(unassigned.open)}</td>
                  <td className={num}>{n(unassigned.overdue)}</td>
                  <td className={num}>—</td>
                  <td className={num}>—</td>
                </tr>
                <tr className="border-t-2 border-border font-semibold">
                  <th scope="row" className={`${td} text-left`}>
                    All
                  </th>
                  <td className={num}>{n(open)}</td>
                  <td className={num}>{n(overdue)}</td>
                  <td className={num}>{n(assigned)}</td>
                  <td className={num}>{pct(assigned ? 1 : null)}</td>
                </tr>
              </tbody>
            </table>
          </Scroller>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No staff members yet.</p>
      )}
      <p className="mt-3 text-sm text-muted-foreground">
        Open: new, contacted or qualified, by owner. Overdue: open, not answered and past its due time, as in the inbox&apos;s Overdue view. Assigned by rule: leads the assignment rules gave each
        member in the range, whatever their status now.
      </p>
    </Panel>
  );
}
