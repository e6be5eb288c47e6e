import type * as React from 'react';

/** A sticky bar under the site header: the page's name, its sections and its main action. */
export function PageBar({ label, links = [], children }: { label: string; links?: { href: string; label: string }[]; children: React.ReactNode }) {
  return (
    <div className="sticky top-16 z-30 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-14 items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-6">
          <p className="truncate text-sm font-semibold text-foreground">{label}</p>
          {links.length ? (
            <nav aria-label={`${label} sections`} className="hidden md:block">
              <ul className="flex items-center gap-1">
                {links.map((l) => (
                  <li key={l.href}>
                    <a href={l.href} className="rounded-md px-2.5 py-1.5 text-sm text-slate-600 hover:bg-muted hover:text-foreground">
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">{children}</div>
      </div>
    </div>
  );
}
