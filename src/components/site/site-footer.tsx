import { Link } from '@/components/ui/link';
import { footerNav } from '@/content/navigation';
import { site } from '@/lib/config/site';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { SocialIcon } from './social-icon';

/** The site footer. `newsletter` is the footer sign-up island, passed in by the layout (an Astro slot). */
export function SiteFooter({ newsletter }: { newsletter?: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-slate-50">
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1.3fr_2fr]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{site.description}</p>
          {newsletter}
          <ul className="mt-6 flex gap-2" aria-label="Social profiles">
            {site.social.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  className="inline-flex size-10 items-center justify-center rounded-lg border border-border bg-white text-slate-700 hover:text-brand-strong"
                >
                  <SocialIcon name={s.icon} className="size-5" />
                  <span className="sr-only">{`${site.name} on ${s.name}`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {footerNav.map((col) => (
            <div key={col.title}>
              <h2 className="text-sm font-semibold text-foreground">{col.title}</h2>
              <ul className="mt-4 space-y-3">
                {col.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className="text-sm text-muted-foreground hover:text-brand-strong">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-border">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            &copy; {year} {site.name}, Inc. All rights reserved.
          </p>
          <p>
            {site.name} is not affiliated with {site.designTool} or any social network.
          </p>
        </div>
      </div>
    </footer>
  );
}
