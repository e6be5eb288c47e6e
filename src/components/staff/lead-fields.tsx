import { ExternalLink } from 'lucide-react';
import { formatDate, formatDateTime } from '@/lib/staff/format';
import { fieldText, safeHttpUrl, subscriptionColumns, subscriptionLabel, type KindInfo } from '@/lib/staff/lead-kinds';

const hidden = new Set(['id', 'created_at', 'submission_token']);

/** Every stored field of a lead, as text (React escapes it); a website is a link only when it is http(s). */
export function LeadFields({ info, fields, createdAt, id, deletion }: { info: KindInfo; fields: Record<string, unknown>; createdAt: Date; id: string; /** When the retention purge deletes it (null: kept while subscribed). */ deletion?: Date | null }) {
  const known = info.fields.map((f) => f.column);
  const extra = Object.keys(fields).filter((c) => !hidden.has(c) && !known.includes(c));
  const items = [
    ...info.fields.map((f) => ({ key: f.column, label: f.label, field: f })),
    ...extra.map((c) => ({ key: c, label: subscriptionColumns[c] ?? c.replace(/_/g, ' '), field: undefined })),
  ];
  return (
    <dl className="divide-y divide-border">
      {items.map(({ key, label, field }) => {
        const raw = fields[key];
        const text =
          field?.tick || field?.options
            ? fieldText(field, raw)
            : raw === null || raw === undefined || raw === ''
            ? null
            : raw instanceof Date
              ? formatDateTime(raw)
              : key === 'status' && info.kind === 'newsletter'
                ? (subscriptionLabel[String(raw)] ?? String(raw))
                : String(raw);
        const href = field?.link ? safeHttpUrl(text) : null;
        return (
          <div key={key} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className={`text-sm break-words sm:col-span-2 ${field?.long ? 'whitespace-pre-wrap' : ''}`}>
              {text === null ? (
                <span className="text-muted-foreground">Not given</span>
              ) : href ? (
                <a href={href} rel="noopener noreferrer nofollow" target="_blank" className="inline-flex items-center gap-1 break-all text-brand-strong underline underline-offset-2">
                  {text}
                  <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                text
              )}
            </dd>
          </div>
        );
      })}
      <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
        <dt className="text-sm font-medium text-muted-foreground">Received</dt>
        <dd className="text-sm sm:col-span-2">{formatDateTime(createdAt)}</dd>
      </div>
      {deletion !== undefined ? (
        <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-muted-foreground">Deleted automatically</dt>
          <dd className="text-sm sm:col-span-2">{deletion ? `On ${formatDate(deletion)} (retention period)` : 'Kept while subscribed; deleted after unsubscribing'}</dd>
        </div>
      ) : null}
      <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
        <dt className="text-sm font-medium text-muted-foreground">Lead ID</dt>
        <dd className="font-mono text-xs break-all sm:col-span-2">{id}</dd>
      </div>
    </dl>
  );
}
