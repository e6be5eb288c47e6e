import { Link } from '@/components/ui/link';
import { cn } from '@/lib/utils';

export function StaffNav({ links, pathname }: { links: { href: string; label: string }[]; pathname: string }) {
  return (
    <nav aria-label="Staff">
      <ul className="flex flex-wrap items-center gap-1">
        {links.map((l) => {
          const current = l.href === '/staff' ? pathname === '/staff' || pathname.startsWith('/staff/leads') : pathname.startsWith(l.href);
          return (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                  current && 'bg-brand-soft text-brand-strong hover:bg-brand-soft hover:text-brand-strong',
                )}
              >
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
