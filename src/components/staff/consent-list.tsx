import type { ConsentEntry } from '@/lib/staff/leads';
import { formatDateTime } from '@/lib/staff/format';
import { purposeLabel } from '@/lib/leads/consent';

/** What the person agreed to with this lead: when, on which page, and the words they were shown. */
export function ConsentList({ consents, confirmedAt }: { consents: ConsentEntry[]; /** A newsletter subscription's double opt-in. */ confirmedAt: Date | null }) {
  return (
    <div className="space-y-3 text-sm">
      <ol className="space-y-3">
        {consents.map((c) => (
          <li key={c.id} className="rounded-xl border border-border bg-muted p-3">
            <p className="font-medium">{purposeLabel(c.purpose)}</p>
            <p className="mt-1 text-muted-foreground">
              {formatDateTime(c.at)} · {c.page ? `on ${c.page}` : 'page not known'} · wording {c.version}
            </p>
            <p className="mt-2 break-words">“{c.words}”</p>
          </li>
        ))}
      </ol>
      {confirmedAt ? <p className="text-success">Confirmed by the emailed link, {formatDateTime(confirmedAt)}.</p> : null}
    </div>
  );
}
