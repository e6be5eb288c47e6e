import { Hourglass, MailOpen } from 'lucide-react';
import { formatDateTime } from '@/lib/staff/format';

/** "2 new replies": a lead's replies nobody has read, in words (never colour alone), with an icon. */
export function UnreadMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong ring-1 ring-violet-200 ring-inset">
      <MailOpen aria-hidden className="size-3.5" />
      {count === 1 ? '1 new reply' : `${count.toLocaleString('en-US')} new replies`}
    </span>
  );
}

/** "Waiting since …": the lead's last email came after our last reply. */
export function WaitingMark({ since }: { since: Date | null }) {
  if (!since) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
      <Hourglass aria-hidden className="size-3.5 shrink-0" />
      Awaiting our answer since {formatDateTime(since)}
    </span>
  );
}
