import * as React from 'react';
import { cn } from '@/lib/utils';

/** One band of a page with a consistent rhythm; give it a heading for its landmark name. */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  children,
  className,
  muted = false,
}: {
  id?: string;
  title?: React.ReactNode;
  eyebrow?: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  muted?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={cn('py-16 sm:py-20', muted && 'bg-slate-50', className)}>
      <div className="container-page">
        {title ? (
          <div className="mx-auto mb-12 max-w-2xl text-center">
            {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">{eyebrow}</p> : null}
            <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {title}
            </h2>
            {intro ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
