import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * The band that holds a lead form. Its id is the scroll target of the page's buttons; tabIndex -1 lets
 * it take focus when no field is found (and when reached as a #fragment).
 */
export function FormSection({
  id,
  title,
  intro,
  aside,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  aside?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className={cn('scroll-mt-32 bg-slate-50 py-16 outline-none sm:py-20', className)}>
      {/* DOM order heading, form, details: on a phone the form comes right after its heading. */}
      <div className="container-page grid gap-10 lg:grid-cols-5 lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:gap-y-8">
        <div className="lg:col-span-2">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {intro ? <div className="mt-4 text-lg text-pretty text-muted-foreground">{intro}</div> : null}
        </div>
        <div className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:self-start">
          {children}
        </div>
        {aside ? <div className="lg:col-span-2 lg:row-start-2">{aside}</div> : null}
      </div>
    </section>
  );
}
