import { Panel } from '@/components/staff/panel';
import { n, num, pct, Scroller, td, th } from '@/components/staff/insights-parts';
import type { AssignmentInsights, MemberLoad } from '@/lib/staff/assignment-insights';

/** Horizontal bars of one figure per member (its numbers are in the table beside it). */
function MemberBars({ members, value, color, summary }: { members: MemberLoad[]; value: (m: MemberLoad) => number; color: string; summary: string }) {
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
            <text x={label + w + 6} y="18" fontSize="12" fill="#334155">
              {n(value(m))}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Open leads per member now, and the rules' assignments per member in the range: two charts and their table. */
export function AssignmentPanel({ data }: { data: AssignmentInsights }) {
  const { members, assigned } = data;
  const open = members.reduce((s, m) => s + m.open, 0);
  return (
    <Panel title="Assignment">
      {members.length ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <figure>
              <figcaption className="mb-2 text-sm font-medium">Open leads per member now</figcaption>
              <MemberBars members={members} value={(m) => m.open} color="#0369a1" summary={`Open leads per member: ${members.map((m) => `${m.name} ${m.open}`).join(', ')}.`} />
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
          <Scroller label="Open and assigned leads per member" className="mt-4">
            <table className="w-full border-collapse">
              <caption className="sr-only">Open leads per member now, and the leads the rules assigned each in this range</caption>
              <thead className="border-b border-border bg-muted">
                <tr>
                  <th scope="col" className={th}>
                    Member
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Open now
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
                    <td className={num}>{n(m.assigned)}</td>
                    <td className={num}>{pct(assigned ? m.assigned / assigned : null)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    All
                  </th>
                  <td className={num}>{n(open)}</td>
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
      <p className="mt-3 text-sm text-muted-foreground">Open: new, contacted or qualified. Assigned by rule: leads the assignment rules gave each member in the range, whatever their status now.</p>
    </Panel>
  );
}
