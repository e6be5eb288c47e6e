import type * as React from 'react';
import type { LegalSection } from '@/content/legal';
import { TextBlocks } from './text-blocks';

/** The "Last updated" line of a legal page, clearly marked. */
export function LastUpdated({ iso, label, prefix = 'Last updated' }: { iso: string; label: string; prefix?: string }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-border bg-white px-4 py-1.5 text-sm text-slate-700 shadow-xs">
      <span className="font-semibold text-foreground">{prefix}:</span> <time dateTime={iso}>{label}</time>
    </p>
  );
}

/** A long legal text with a table of contents; `children` come after the sections. */
export function LegalDocument({
  sections,
  children,
  before,
  extras = {},
}: {
  sections: LegalSection[];
  children?: React.ReactNode;
  before?: React.ReactNode;
  /** Content appended to a section, by section id (tables, buttons). */
  extras?: Record<string, React.ReactNode>;
}) {
  return (
    <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
        <p className="text-sm font-semibold text-foreground">On this page</p>
        <ol className="mt-3 space-y-1.5 border-l border-border text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="-ml-px block border-l border-transparent py-0.5 pl-4 text-slate-600 hover:border-brand hover:text-brand-strong">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-w-3xl min-w-0">
        {before}
        <div className="space-y-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
              <h2 id={`${s.id}-h`} className="text-2xl font-semibold tracking-tight">
                {i + 1}. {s.heading}
              </h2>
              <TextBlocks blocks={s.blocks} heading={s.heading} className="leading-relaxed text-slate-700" listClassName="space-y-2 pl-5" />
              {extras[s.id]}
            </section>
          ))}
        </div>
        {children}
      </div>
    </div>
  );
}
