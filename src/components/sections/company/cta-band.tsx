import type * as React from 'react';

/** A closing call-to-action band in the brand gradient. */
export function CtaBand({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="rounded-3xl bg-gradient-brand px-6 py-14 text-center text-white shadow-lg sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
        </div>
      </div>
    </section>
  );
}
