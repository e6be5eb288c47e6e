import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import { cookiesSet, type LegalDocument as LegalDocumentData } from '@/content/legal';
import { site } from '@/lib/config/site';

/** /cookies */
export function CookiesPage({ document }: { document: LegalDocumentData }) {
  const a = site.postalAddress;
  return (
    <>
        <PageHero path="/cookies" eyebrow="Legal">
          <LastUpdated {...document.updated} prefix="Effective date" />
        </PageHero>
        <LegalDocument
          sections={document.sections}
          extras={{
            'cookies-we-set': (
              <>
              {/* Phones: one card per cookie. Wider screens: the table (scrollable by keyboard if it must). */}
              <ul className="mt-5 space-y-4 sm:hidden">
                {cookiesSet.map((c) => (
                  <li key={c.name} className="rounded-2xl border border-border p-5">
                    <p className="font-mono text-sm font-semibold break-all text-foreground">{c.name}</p>
                    <dl className="mt-3 space-y-2 text-sm text-slate-700">
                      {(
                        [
                          ['Purpose', c.purpose],
                          ['Duration', c.duration],
                          ['Type', c.type],
                          ['Where', c.setOn],
                        ] as const
                      ).map(([k, v]) => (
                        <div key={k}>
                          <dt className="font-semibold text-foreground">{k}</dt>
                          <dd>{v}</dd>
                        </div>
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
              <div tabIndex={0} role="region" aria-label="Cookies this website sets" className="mt-5 hidden overflow-x-auto rounded-2xl border border-border sm:block">
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <caption className="sr-only">Cookies this website sets</caption>
                  <thead className="bg-slate-50 text-foreground">
                    <tr>
                      {['Name', 'Purpose', 'Duration', 'Type', 'Where'].map((h) => (
                        <th key={h} scope="col" className="px-4 py-3 font-semibold">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border text-slate-700">
                    {cookiesSet.map((c) => (
                      <tr key={c.name}>
                        <th scope="row" className="px-4 py-3 font-mono text-xs font-semibold text-foreground">
                          {c.name}
                        </th>
                        <td className="px-4 py-3">{c.purpose}</td>
                        <td className="px-4 py-3">{c.duration}</td>
                        <td className="px-4 py-3">{c.type}</td>
                        <td className="px-4 py-3">{c.setOn}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ),
          contact: (
            <address className="mt-4 rounded-2xl border border-border bg-slate-50 p-5 leading-relaxed text-slate-700 not-italic">
              <strong className="text-foreground">{site.name}</strong>
              <br />
              {a.street}
              <br />
              {a.city}, {a.region} {a.postalCode}
              <br />
              {a.country}
            </address>
          ),
        }}
      />
    </>
  );
}
