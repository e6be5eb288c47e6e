import * as React from 'react';
import { getRoute, type RoutePath } from '@/lib/config/routes';
import { cn } from '@/lib/utils';

/** The top of a page: an eyebrow, the page's h1 and its intro line (from lib/config/routes.ts). */
export function PageHero({
  path,
  eyebrow,
  children,
  className,
}: {
  path: RoutePath;
  eyebrow?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  const route = getRoute(path);
  return (
    <section className={cn('relative overflow-hidden border-b border-border bg-gradient-to-b from-brand-soft to-white', className)}>
      <div className="container-page py-16 text-center sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">{eyebrow}</p> : null}
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{route.heading}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">{route.intro}</p>
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
