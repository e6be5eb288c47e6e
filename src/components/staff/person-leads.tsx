import type { PersonLead } from '@/lib/conversations/person';
import { formatDate } from '@/lib/staff/format';
import { StatusBadge } from './status-badge';

/**
 * The person's other leads (the same email address, of every kind), as links: "Also from this address:
 * Newsletter sign-up, 3 Mar 2026 (New)". Nothing when there are none.
 */
export function PersonLeads({ email, leads, total, more }: { email: string; leads: PersonLead[]; total: number; more: boolean }) {
  if (!leads.length) return null;
  const rest = total - leads.length;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm">
      <span id="person-leads" className="text-muted-foreground">
        Also from this address:
      </span>
      <ul aria-labelledby="person-leads" className="flex flex-wrap gap-1.5">
        {leads.map((l) => (
          <li key={`${l.kind}:${l.id}`}>
            <a
              href={`/staff/leads/${l.slug}/${l.id}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-border bg-white py-0.5 pr-1 pl-2.5 font-medium hover:border-violet-300 hover:bg-brand-soft"
            >
              {l.label}, {formatDate(l.createdAt)}
              <StatusBadge status={l.status} />
            </a>
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <a href={`/staff?q=${encodeURIComponent(email)}`} className="font-medium text-brand-strong underline underline-offset-2">
          and {more ? `over ${rest}` : rest} more in the inbox
        </a>
      ) : null}
    </div>
  );
}
