import { Link } from '@/components/ui/link';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { InboxFilter } from '@/lib/staff/filters';
import { kindByKind, kinds } from '@/lib/staff/lead-kinds';
import type { StaffAccount } from '@/lib/staff/users';
import { StatusOptions, OwnerOptions } from './options';

/**
 * The inbox filter: a GET form, so every filtered view is a URL and works without JavaScript. It keeps the
 * view it is in (a hidden field); the People view filters people (search, a kind they came as, the date of
 * their latest lead), and "Awaiting our answer" can be sorted.
 */
export function InboxFilters({ filter, staff }: { filter: InboxFilter; staff: StaffAccount[] }) {
  const small = 'h-10 text-sm';
  const people = filter.view === 'people';
  return (
    <form
      method="get"
      action="/staff"
      role="search"
      aria-label={people ? 'Filter people' : 'Filter leads'}
      className="rounded-2xl border border-border bg-white p-4 shadow-sm"
    >
      {filter.view ? <input type="hidden" name="view" value={filter.view} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Label htmlFor="f-q">Search</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <Input id="f-q" name="q" type="search" defaultValue={filter.q} placeholder="Name, email or company" maxLength={200} className={`${small} pl-9`} />
          </div>
        </div>
        <div>
          <Label htmlFor="f-type">{people ? 'Came as' : 'Type'}</Label>
          <Select id="f-type" name="type" defaultValue={filter.kind ? kindByKind[filter.kind].slug : ''} className={small}>
            <option value="">{people ? 'Any type' : 'All types'}</option>
            {kinds.map((k) => (
              <option key={k.kind} value={k.slug}>
                {k.shortLabel}
              </option>
            ))}
          </Select>
        </div>
        {people ? null : <LeadFilters filter={filter} staff={staff} small={small} />}
        <div>
          <Label htmlFor="f-from">{people ? 'Latest lead from' : 'Received from'}</Label>
          <Input id="f-from" name="from" type="date" defaultValue={filter.from} className={small} />
        </div>
        <div>
          <Label htmlFor="f-to">{people ? 'Latest lead to' : 'Received to'}</Label>
          <Input id="f-to" name="to" type="date" defaultValue={filter.to} className={small} />
        </div>
        {people ? null : <CampaignFilters filter={filter} small={small} />}
        <div className="flex items-end gap-2">
          <Button type="submit" size="sm" className="h-10 flex-1 sm:flex-none">
            Apply filters
          </Button>
          <Button asChild variant="secondary" size="sm" className="h-10">
            <Link href={filter.view ? `/staff?view=${filter.view}` : '/staff'}>Clear</Link>
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Status and owner, and in "Awaiting our answer" its order. */
function LeadFilters({ filter, staff, small }: { filter: InboxFilter; staff: StaffAccount[]; small: string }) {
  return (
    <>
      {filter.view === 'awaiting' ? (
        <div>
          <Label htmlFor="f-sort">Order</Label>
          <Select id="f-sort" name="sort" defaultValue={filter.sort} className={small}>
            <option value="">Waiting longest first</option>
            <option value="newest">Newest leads first</option>
          </Select>
        </div>
      ) : null}
      <div>
        <Label htmlFor="f-status">Status</Label>
        <Select id="f-status" name="status" defaultValue={filter.status} className={small}>
          <option value="">Open (not spam or archived)</option>
          <option value="all">All statuses</option>
          <StatusOptions />
        </Select>
      </div>
      <div>
        <Label htmlFor="f-owner">Owner</Label>
        <Select id="f-owner" name="owner" defaultValue={filter.owner} className={small}>
          <option value="">Anyone</option>
          <OwnerOptions staff={staff} />
        </Select>
      </div>
    </>
  );
}

/** The lead's campaign source and campaign. */
function CampaignFilters({ filter, small }: { filter: InboxFilter; small: string }) {
  return (
    <>
      <div>
        <Label htmlFor="f-source">Campaign source</Label>
        <Input id="f-source" name="source" defaultValue={filter.source} placeholder="e.g. newsletter" maxLength={100} className={small} />
      </div>
      <div>
        <Label htmlFor="f-campaign">Campaign</Label>
        <Input id="f-campaign" name="campaign" defaultValue={filter.campaign} placeholder="e.g. spring-launch" maxLength={100} className={small} />
      </div>
    </>
  );
}
