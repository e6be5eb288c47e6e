import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import type { LegalDocument as LegalDocumentData } from '@/content/legal';

/** /terms */
export function TermsPage({ document }: { document: LegalDocumentData }) {
  return (
    <>
      <PageHero path="/terms" eyebrow="Legal">
        <LastUpdated {...document.updated} />
      </PageHero>
      <LegalDocument sections={document.sections} />
    </>
  );
}
