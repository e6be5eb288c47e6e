import { StaffHeader } from '@/components/staff/staff-header';
import { currentStaff } from '@/lib/staff/auth';

// The signed-in shell. Not a security boundary: each page and action checks the session itself.
export default async function StaffAppLayout({ children }: { children: React.ReactNode }) {
  const user = await currentStaff();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-strong shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {user ? <StaffHeader user={user} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
        {children}
      </main>
    </>
  );
}
