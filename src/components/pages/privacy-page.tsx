import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import { legalLastUpdated, privacySections } from '@/content/legal';

/** /privacy */
export function PrivacyPage() {
  return (
    <>
      <PageHero path="/privacy" eyebrow="Legal">
        <LastUpdated {...legalLastUpdated} />
      </PageHero>
      <LegalDocument sections={privacySections} />
    </>
  );
}
