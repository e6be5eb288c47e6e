import { Link } from '@/components/ui/link';
import { ShieldAlert } from 'lucide-react';

/** 403: signed in, but this needs another role (forbidden() from a staff page or action). */
export function ForbiddenPage() {
  return (
    <div className="flex min-h-[70dvh] items-center justify-center px-4">
      <div className="max-w-md rounded-2xl border border-border bg-white p-8 text-center shadow-sm">
        <ShieldAlert aria-hidden className="mx-auto size-10 text-brand" />
        <p className="mt-4 text-sm font-semibold text-brand-strong">403</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">You don&apos;t have access to this page</h1>
        <p className="mt-2 text-sm text-muted-foreground">This part of the staff area is for admins. Ask an admin of your team if you need it.</p>
        <Link href="/staff" className="mt-6 inline-block font-semibold text-brand-strong underline underline-offset-4">
          Back to the inbox
        </Link>
      </div>
    </div>
  );
}
