import { Link } from '@/components/ui/link';
import { LogOut } from 'lucide-react';
import { LogoMark } from '@/components/site/logo';
import { Badge } from '@/components/ui/badge';
import { site } from '@/lib/config/site';
import type { StaffUser } from '@/lib/staff/sessions';
import { StaffNav } from './staff-nav';
import { AwayToggle } from './away-toggle';

export function StaffHeader({ user, pathname }: { user: StaffUser; pathname: string }) {
  const links = [
    { href: '/staff', label: 'Inbox' },
    { href: '/staff/insights', label: 'Insights' },
  ];
  if (user.role === 'admin') {
    links.push(
      { href: '/staff/assignment', label: 'Assignment' },
      { href: '/staff/settings/calendar', label: 'Calendar' },
      { href: '/staff/saved-replies', label: 'Saved replies' },
      { href: '/staff/unmatched', label: 'Unmatched email' },
      { href: '/staff/users', label: 'Staff accounts' },
    );
  }
  links.push({ href: '/staff/settings', label: 'My settings' });
  return (
    <header className="border-b border-border bg-white">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link href="/staff" className="flex items-center gap-2 rounded-lg font-bold tracking-tight">
          <LogoMark className="size-7" />
          <span>
            {site.name} <span className="font-medium text-muted-foreground">Staff</span>
          </span>
        </Link>
        <div className="max-sm:order-last max-sm:w-full">
          <StaffNav links={links} pathname={pathname} />
        </div>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="hidden text-right sm:block">
            <span className="block font-medium leading-tight">{user.name}</span>
            <span className="block text-xs leading-tight text-muted-foreground">{user.email}</span>
          </span>
          <Badge variant={user.role === 'admin' ? 'brand' : 'neutral'}>{user.role === 'admin' ? 'Admin' : 'Member'}</Badge>
          <AwayToggle away={Boolean(user.awaySince)} pathname={pathname} />
          <form method="post" action="/staff/sign-out">
            <button
              type="submit"
              className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-white px-3 text-sm font-medium hover:bg-muted"
            >
              <LogOut aria-hidden className="size-4" />
              Sign out
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
