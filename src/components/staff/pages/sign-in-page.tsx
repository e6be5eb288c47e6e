import { LogoMark } from '@/components/site/logo';
import { PostedActionProvider } from '@/components/staff/action-form';
import { SignInForm } from '@/components/staff/sign-in-form';
import { site } from '@/lib/config/site';
import { safeReturnPath } from '@/lib/staff/auth';
import type { PostedAction } from '@/lib/staff/page';

export function SignInPage({ searchParams: params, posted }: { searchParams: Record<string, string | string[] | undefined>; posted?: PostedAction }) {
  const next = safeReturnPath(typeof params.next === 'string' ? params.next : undefined);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-10" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">Sign in to {site.name} Staff</h1>
          <p className="mt-1 text-sm text-muted-foreground">For the {site.name} team. Lead inbox and triage.</p>
        </div>
        {params['signed-out'] === '1' ? (
          <p role="status" className="mb-4 rounded-xl border border-border bg-white p-3 text-center text-sm text-muted-foreground">
            You have signed out.
          </p>
        ) : null}
        <div className="rounded-2xl border border-border bg-white p-6 shadow-sm">
          <PostedActionProvider posted={posted}>
            <SignInForm next={next} />
          </PostedActionProvider>
        </div>
        <p className="mt-6 text-center text-xs text-muted-foreground">No account? Ask an admin of your team to create one for you.</p>
      </div>
    </main>
  );
}
