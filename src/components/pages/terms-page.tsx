import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import { legalDocuments, termsSections } from '@/content/legal';

/** /terms */
export function TermsPage() {
  return (
    <>
      <PageHero path="/terms" eyebrow="Legal">
        <LastUpdated {...legalDocuments.terms.updated} />
      </PageHero>
      <LegalDocument sections={termsSections} />
    </>
  );
}
