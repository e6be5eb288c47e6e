import { Link } from '@/components/ui/link';
import { Inbox as InboxIcon } from 'lucide-react';
import { ActionForm, PostedActionProvider } from '@/components/staff/action-form';
import { BulkBar } from '@/components/staff/bulk-bar';
import type { ReactNode } from 'react';
import { InboxFilters } from '@/components/staff/inbox-filters';
import { LeadTable } from '@/components/staff/lead-table';
import { emailsOn } from '@/lib/notify/config';
import { filterQuery, pageSize, type InboxFilter } from '@/lib/staff/filters';
import type { listLeads } from '@/lib/staff/inbox';
import type { PostedAction } from '@/lib/staff/page';
import type { listStaff } from '@/lib/staff/users';
import { cn } from '@/lib/utils';
import type { ActionResult } from '@/lib/staff/action-state';
import { retention } from '@/lib/config/retention';

type Props = {
  filter: InboxFilter;
  /** The staff accounts (owners to assign and filter by). */
  staff: Awaited<ReturnType<typeof listStaff>>;
  /** The page of leads the filter selects (read once by the route, which also gives its total to the export island). */
  listing: Awaited<ReturnType<typeof listLeads>>;
  /** The Export CSV island (an Astro slot). */
  exportLink?: ReactNode;
  /** The answer of the action posted to this page, if any. */
  posted?: PostedAction;
  /** How many leads the spam screening holds now (lib/spam/release.ts). */
  held?: { held: number };
};

/** The inbox (the route has checked the session). */
export function InboxPage({ filter, staff, listing: { rows, total, capped, pages }, exportLink, posted, held = { held: 0 } }: Props) {
  const exportQuery = filterQuery(filter, { page: 1 });
  const first = rows.length ? (filter.page - 1) * pageSize + 1 : 0;
  const last = first ? first + rows.length - 1 : 0;
  // Past 10,000 the count says "more than" (lib/staff/inbox.ts): counting every lead on each page is not cheap.
  const count = capped ? `more than ${total.toLocaleString('en-US')}` : total.toLocaleString('en-US');
  const hasNext = pages === null ? rows.length === pageSize : filter.page < pages;
  const filtered = exportQuery !== '';
  const bulkResult = posted?.action === 'bulkUpdateLeads' ? (posted.result as ActionResult) : undefined;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Inbox</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Every lead from the site&apos;s forms, newest first.{' '}
            <span aria-live="polite">
              {count} {total === 1 && !capped ? 'lead' : 'leads'}
              {filtered ? ' match the filter' : ' open'}.
            </span>
          </p>
        </div>
        {exportLink}
      </div>

      {emailsOn() ? null : (
        <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <strong>Emails are off:</strong> SMTP_URL is not set on the server, so no newsletter confirmation links and no acknowledgements are sent. New
          newsletter sign-ups stay pending confirmation until emails are turned on.
        </p>
      )}

      <SpamViews filter={filter} held={held} />

      <InboxFilters filter={filter} staff={staff.filter((u) => !u.disabled)} />

      <section aria-labelledby="leads-heading" className="overflow-hidden rounded-2xl border border-border bg-white shadow-sm">
        <h2 id="leads-heading" className="sr-only">
          Leads
        </h2>
        {rows.length ? (
          <PostedActionProvider posted={posted}>
            <ActionForm action="bulkUpdateLeads" aria-label="Bulk actions on selected leads">
              <BulkBar spamView={filter.status === 'spam'} />
              <LeadTable rows={rows} />
            </ActionForm>
          </PostedActionProvider>
        ) : (
          <div className="flex flex-col items-center px-6 py-16 text-center">
            {bulkResult?.message ? (
              // The bulk action that emptied this view (the last spam released, the last leads archived) says what it did.
              <p role="status" className={cn('mb-6 text-sm font-medium', bulkResult.status === 'error' ? 'text-danger' : 'text-success')}>
                {bulkResult.message}
              </p>
            ) : null}
            <InboxIcon aria-hidden className="size-10 text-slate-400" />
            <p className="mt-3 font-semibold">No leads {filtered ? 'match this filter' : 'yet'}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {filtered ? 'Try another search, or clear the filters.' : 'New applications, enquiries, messages and sign-ups show up here.'}
            </p>
          </div>
        )}
        {total > 0 ? (
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm">
            <p className="text-muted-foreground">
              {first ? `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${count}` : `No leads on this page; ${count} in all`}
              {capped ? <span className="block text-xs">Older leads: filter by the dates they arrived.</span> : null}
            </p>
            <div className="flex items-center gap-2">
              <PageLink href={filter.page > 1 ? `/staff${filterQuery(filter, { page: filter.page - 1 })}` : null} label="Previous" />
              <span className="px-1 text-muted-foreground">
                Page {filter.page.toLocaleString('en-US')}
                {pages === null ? '' : ` of ${pages.toLocaleString('en-US')}`}
              </span>
              <PageLink href={hasNext ? `/staff${filterQuery(filter, { page: filter.page + 1 })}` : null} label="Next" />
            </div>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The open inbox and the Spam view (leads the screening held, and any marked spam by hand). Posts sent
 * without JavaScript wait there for a person's look, so the open inbox says when some do.
 */
function SpamViews({ filter, held }: { filter: InboxFilter; held: { held: number } }) {
  const inSpam = filter.status === 'spam';
  const waiting = held.held;
  const tab = 'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium';
  return (
    <div className="space-y-3">
      <nav aria-label="Views" className="flex flex-wrap gap-2">
        <Link href="/staff" aria-current={!inSpam && filter.status === '' ? 'page' : undefined} className={cn(tab, !inSpam && filter.status === '' ? 'bg-foreground text-white' : 'border border-border bg-white hover:bg-muted')}>
          Open
        </Link>
        <Link href="/staff?status=spam" aria-current={inSpam ? 'page' : undefined} className={cn(tab, inSpam ? 'bg-foreground text-white' : 'border border-border bg-white hover:bg-muted')}>
          Spam{waiting ? ` (${waiting.toLocaleString('en-US')} to review)` : ''}
        </Link>
      </nav>
      {inSpam ? (
        <p className="text-sm text-muted-foreground">
          Posts the spam screening held, and leads marked spam by hand. Nothing was sent about a held post; select it and choose Not spam to move it to the open
          inbox and send its notifications and acknowledgement. Spam is deleted {retention.spamDays} days after it arrives.
        </p>
      ) : held.held ? (
        <p role="note" className="rounded-xl border border-border bg-muted px-4 py-3 text-sm">
          {held.held === 1 ? '1 lead was' : `${held.held.toLocaleString('en-US')} leads were`} sent without JavaScript and {held.held === 1 ? 'is' : 'are'} held for review.{' '}
          <Link href="/staff?status=spam" className="font-medium underline underline-offset-2">
            Review in Spam
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function PageLink({ href, label }: { href: string | null; label: string }) {
  const cls = 'inline-flex h-9 items-center rounded-lg border border-border px-3 font-medium';
  if (!href)
    return (
      <span className={cn(cls, 'text-slate-400')} aria-disabled="true">
        {label}
      </span>
    );
  return (
    <Link href={href} className={cn(cls, 'bg-white hover:bg-muted')} rel={label === 'Next' ? 'next' : 'prev'}>
      {label}
    </Link>
  );
}
