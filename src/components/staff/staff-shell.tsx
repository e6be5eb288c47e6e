import type { ReactNode } from 'react';
import type { StaffUser } from '@/lib/staff/sessions';
import { StaffHeader } from './staff-header';

/** The staff area's frame: skip link, the header of the signed-in member, main. Not a security boundary. */
export function StaffShell({ user, pathname, children }: { user: StaffUser | null; pathname: string; children?: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-strong shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {user ? <StaffHeader user={user} pathname={pathname} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
        {children}
      </main>
    </>
  );
}
