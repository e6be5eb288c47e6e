import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import type { LegalDocument as LegalDocumentData } from '@/content/legal';

/** /privacy */
export function PrivacyPage({ document }: { document: LegalDocumentData }) {
  return (
    <>
      <PageHero path="/privacy" eyebrow="Legal">
        <LastUpdated {...document.updated} />
      </PageHero>
      <LegalDocument sections={document.sections} />
    </>
  );
}
