import { Menu, X } from 'lucide-react';
import type { NavLink } from '@/content/navigation';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

// Invoker commands open and close the <dialog> without any script: the browser makes it modal (the page
// behind is inert), closes it on Escape and returns focus to the button.
const invoke = (command: 'show-modal' | 'close') => ({ commandfor: 'mobile-menu', command }) as Record<string, string>;

/** The navigation on small screens: a modal sheet (native <dialog>), no JavaScript. */
export function MobileMenu({ links }: { links: NavLink[] }) {
  return (
    <>
      <button type="button" className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')} aria-label="Open menu" {...invoke('show-modal')}>
        <Menu aria-hidden className="size-6!" />
      </button>
      <dialog
        id="mobile-menu"
        aria-labelledby="mobile-menu-title"
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,100%)] flex-col bg-white p-5 shadow-2xl backdrop:bg-slate-950/50 open:flex lg:hidden"
      >
        <div className="flex items-center justify-between">
          <h2 id="mobile-menu-title" className="text-lg font-semibold">
            Menu
          </h2>
          <button type="button" className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Close menu" {...invoke('close')}>
            <X aria-hidden className="size-6!" />
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-6">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-muted">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a href="/pricing" className={cn(buttonVariants(), 'mt-6')}>
          Get Started
        </a>
      </dialog>
    </>
  );
}
