import { Link } from '@/components/ui/link';
import { Inbox as InboxIcon, MailQuestion } from 'lucide-react';
import { ActionForm, PostedActionProvider } from '@/components/staff/action-form';
import { BulkBar } from '@/components/staff/bulk-bar';
import type { ReactNode } from 'react';
import { InboxFilters } from '@/components/staff/inbox-filters';
import { LeadTable } from '@/components/staff/lead-table';
import { emailsOn } from '@/lib/notify/config';
import { filterQuery, pageSize, type InboxFilter } from '@/lib/staff/filters';
import type { InboxRow, listLeads } from '@/lib/staff/inbox';
import { countText, type CappedCount, type ViewCounts } from '@/lib/staff/inbox-views';
import { DueViewNote } from '@/components/staff/due-view-note';
import { dueSoonHours } from '@/lib/speed/due-text';
import type { listPeople, PersonRow } from '@/lib/staff/people';
import { PeopleTable } from '@/components/staff/people-table';
import type { PostedAction } from '@/lib/staff/page';
import type { listStaff } from '@/lib/staff/users';
import { cn } from '@/lib/utils';
import type { ActionResult } from '@/lib/staff/action-state';
import { retention } from '@/lib/config/retention';

type Props = {
  filter: InboxFilter;
  /** The staff accounts (owners to assign and filter by). */
  staff: Awaited<ReturnType<typeof listStaff>>;
  /** The page of leads the filter selects (read once by the route, which also gives its total to the export island), or in the People view of people. */
  listing: Awaited<ReturnType<typeof listLeads>> | Awaited<ReturnType<typeof listPeople>>;
  /** The Export CSV island (an Astro slot). */
  exportLink?: ReactNode;
  /** Keyboard triage's island (an Astro slot): its keys and the "Keyboard shortcuts" dialog. */
  keys?: ReactNode;
  /** The answer of the action posted to this page, if any. */
  posted?: PostedAction;
  /** How many leads the spam screening holds now (lib/spam/release.ts). */
  held?: { held: number };
  /** How many open leads the conversation views hold (lib/staff/inbox-views.ts). */
  counts?: ViewCounts;
  /** For an admin: how many incoming emails matched no lead. */
  unmatched?: CappedCount;
  /** The instant the page was read at: the rows' "due in" (lib/speed/due-text.ts). */
  now?: Date;
};

/** What each view's header says, and what its list is called. */
const viewText = {
  '': { intro: 'Every lead from the site’s forms, newest first.', caption: 'Leads, newest first' },
  unread: { intro: 'Leads with replies nobody has read yet, newest lead first.', caption: 'Leads with unread replies, newest first' },
  awaiting: { intro: 'Leads whose last email came after our last reply.', caption: 'Leads awaiting our answer' },
  people: { intro: 'One row per person: the leads of every kind with the same address, their latest lead first.', caption: 'People, latest lead first' },
  overdue: { intro: 'Open leads nobody has answered by their first-response time, most overdue first.', caption: 'Overdue leads, most overdue first' },
  'due-soon': { intro: `Open leads not answered yet whose first answer is due within ${dueSoonHours} hours, soonest first.`, caption: 'Leads due soon, soonest first' },
  mine: { intro: 'Your open leads: those waiting for a first answer first, soonest due first.', caption: 'My open leads, soonest due first' },
} as const;

/** The inbox (the route has checked the session). */
export function InboxPage({ filter, staff, listing, exportLink, keys, posted, held = { held: 0 }, counts, unmatched, now = new Date() }: Props) {
  const { rows, total, capped, pages } = listing;
  const people = filter.view === 'people';
  const noun = people ? (total === 1 && !capped ? 'person' : 'people') : total === 1 && !capped ? 'lead' : 'leads';
  // What the filter narrows beyond the view itself.
  const filtered = filterQuery(filter, { page: 1, view: '', sort: '' }) !== '';
  const first = rows.length ? (filter.page - 1) * pageSize + 1 : 0;
  const last = first ? first + rows.length - 1 : 0;
  // Past 10,000 the count says "more than" (lib/staff/inbox.ts): counting every lead on each page is not cheap.
  const count = capped ? `more than ${total.toLocaleString('en-US')}` : total.toLocaleString('en-US');
  const hasNext = pages === null ? rows.length === pageSize : filter.page < pages;
  const bulkResult = posted?.action === 'bulkUpdateLeads' ? (posted.result as ActionResult) : undefined;
  const caption =
    filter.view === 'awaiting' && filter.sort === '' ? 'Leads awaiting our answer, waiting longest first' : filter.view === 'awaiting' ? 'Leads awaiting our answer, newest first' : viewText[filter.view].caption;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Inbox</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {viewText[filter.view].intro}{' '}
            <span aria-live="polite">
              {count} {noun}
              {filtered ? (total === 1 && !capped ? ' matches the filter' : ' match the filter') : people ? '' : filter.view ? ' in this view' : ' open'}.
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {unmatched && unmatched.n > 0 ? (
            <Link href="/staff/unmatched" className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-white px-3 text-sm font-medium hover:bg-muted">
              <MailQuestion aria-hidden className="size-4" />
              {`${countText(unmatched)} unmatched ${unmatched.n === 1 && !unmatched.more ? 'email' : 'emails'}`}
            </Link>
          ) : null}
          {people ? null : keys}
          {people ? null : exportLink}
        </div>
      </div>

      {emailsOn() ? null : (
        <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <strong>Emails are off:</strong> SMTP_URL is not set on the server, so no newsletter confirmation links and no acknowledgements are sent. New
          newsletter sign-ups stay pending confirmation until emails are turned on.
        </p>
      )}

      <InboxViews filter={filter} held={held} counts={counts} />

      <InboxFilters filter={filter} staff={staff.filter((u) => !u.disabled)} />

      <section aria-labelledby="leads-heading" className="overflow-hidden rounded-2xl border border-border bg-white shadow-sm">
        <h2 id="leads-heading" className="sr-only">
          {people ? 'People' : 'Leads'}
        </h2>
        {rows.length && people ? (
          <PeopleTable rows={rows as PersonRow[]} />
        ) : rows.length ? (
          <PostedActionProvider posted={posted}>
            <ActionForm action="bulkUpdateLeads" aria-label="Bulk actions on selected leads">
              <BulkBar spamView={filter.status === 'spam'} />
              <LeadTable rows={rows as InboxRow[]} caption={caption} now={now} list={filter} />
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
            <p className="mt-3 font-semibold">{filtered ? `No ${people ? 'people' : 'leads'} match this filter` : emptyText[filter.view].title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{filtered ? 'Try another search, or clear the filters.' : emptyText[filter.view].text}</p>
          </div>
        )}
        {total > 0 ? (
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm">
            <p className="text-muted-foreground">
              {first ? `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${count}` : `No ${people ? 'people' : 'leads'} on this page; ${count} in all`}
              {capped ? <span className="block text-xs">{cappedHint[filter.view]}</span> : null}
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

/** How to reach what lies past the counted pages. */
const cappedHint = {
  '': 'Older leads: filter by the dates they arrived.',
  unread: 'Narrow the list with the filters above.',
  awaiting: 'Narrow the list with the filters above.',
  people: 'Earlier people: filter by the date of their latest lead.',
  overdue: 'Narrow the list with the filters above.',
  'due-soon': 'Narrow the list with the filters above.',
  mine: 'Narrow the list with the filters above.',
} as const;

const emptyText = {
  '': { title: 'No leads yet', text: 'New applications, enquiries, messages and sign-ups show up here.' },
  unread: { title: 'No unread replies', text: 'When a lead answers one of our emails, the lead shows up here until its owner opens it.' },
  awaiting: { title: 'Nobody is waiting for an answer', text: 'A lead whose last email came after our last reply shows up here.' },
  people: { title: 'No people yet', text: 'Everyone who sent a form shows up here once, however many forms they sent.' },
  overdue: { title: 'Nothing is overdue', text: 'An open lead nobody has answered by its first-response time shows up here.' },
  'due-soon': { title: 'Nothing is due soon', text: `An open lead whose first answer is due within ${dueSoonHours} hours shows up here.` },
  mine: { title: 'You have no open leads', text: 'Leads assigned to you show up here while they are new, contacted or qualified.' },
} as const;

/**
 * The inbox's views: Open, the conversation views (replies nobody has read, last emails awaiting our answer,
 * each with its count), People (one row per address), and Spam (leads the screening held, and any marked spam
 * by hand). Posts sent without JavaScript wait in Spam for a person's look, so the open inbox says when some do.
 */
function InboxViews({ filter, held, counts }: { filter: InboxFilter; held: { held: number }; counts?: ViewCounts }) {
  const inSpam = filter.status === 'spam' && filter.view === '';
  const waiting = held.held;
  const tabs = [
    { href: '/staff', label: 'Open', current: filter.view === '' && filter.status === '' },
    { href: '/staff?view=unread', label: `Unread replies${counts?.unread.n ? ` (${countText(counts.unread)})` : ''}`, current: filter.view === 'unread' },
    { href: '/staff?view=awaiting', label: `Awaiting our answer${counts?.awaiting.n ? ` (${countText(counts.awaiting)})` : ''}`, current: filter.view === 'awaiting' },
    { href: '/staff?view=overdue', label: `Overdue${counts?.overdue.n ? ` (${countText(counts.overdue)})` : ''}`, current: filter.view === 'overdue' },
    { href: '/staff?view=due-soon', label: `Due soon${counts?.dueSoon.n ? ` (${countText(counts.dueSoon)})` : ''}`, current: filter.view === 'due-soon' },
    { href: '/staff?view=mine', label: `Mine${counts?.mine.n ? ` (${countText(counts.mine)})` : ''}`, current: filter.view === 'mine' },
    { href: '/staff?view=people', label: 'People', current: filter.view === 'people' },
    { href: '/staff?status=spam', label: `Spam${waiting ? ` (${waiting.toLocaleString('en-US')} to review)` : ''}`, current: inSpam },
  ];
  const tab = 'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium';
  return (
    <div className="space-y-3">
      <nav aria-label="Views">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((t) => (
            <li key={t.href}>
              <Link href={t.href} aria-current={t.current ? 'page' : undefined} className={cn(tab, t.current ? 'bg-foreground text-white' : 'border border-border bg-white hover:bg-muted')}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {inSpam ? (
        <p className="text-sm text-muted-foreground">
          Posts the spam screening held, and leads marked spam by hand. Nothing was sent about a held post; select it and choose Not spam to move it to the open
          inbox and send its notifications and acknowledgement. Spam is deleted {retention.spamDays} days after it arrives.
        </p>
      ) : filter.view === 'unread' ? (
        <p className="text-sm text-muted-foreground">A reply counts as read once the lead’s owner opens the lead (anyone on the team, when it has no owner).</p>
      ) : filter.view === 'awaiting' ? (
        <p className="text-sm text-muted-foreground">
          Open, won and lost leads alike: the outcome of a deal does not end the conversation. Spam and archived leads are left out. A lead leaves this view
          when we reply.
        </p>
      ) : filter.view === 'overdue' || filter.view === 'due-soon' || filter.view === 'mine' ? (
        <DueViewNote view={filter.view} />
      ) : filter.view === 'people' ? (
        <p className="text-sm text-muted-foreground">
          Addresses are matched whatever their letter case. Spam is left out. Open a person’s latest lead, or list all their leads.
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
