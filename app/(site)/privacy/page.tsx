import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import { legalLastUpdated, privacySections } from '@/content/legal';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/privacy');

export default function Page() {
  return (
    <>
      <PageHero path="/privacy" eyebrow="Legal">
        <LastUpdated {...legalLastUpdated} />
      </PageHero>
      <LegalDocument sections={privacySections} />
    </>
  );
}
