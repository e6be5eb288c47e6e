import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import { legalDocuments, privacySections } from '@/content/legal';

/** /privacy */
export function PrivacyPage() {
  return (
    <>
      <PageHero path="/privacy" eyebrow="Legal">
        <LastUpdated {...legalDocuments.privacy.updated} />
      </PageHero>
      <LegalDocument sections={privacySections} />
    </>
  );
}
