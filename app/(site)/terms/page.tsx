import { PageHero } from '@/components/site/page-hero';
import { LastUpdated, LegalDocument } from '@/components/sections/company/legal-document';
import { legalLastUpdated, termsSections } from '@/content/legal';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/terms');

export default function Page() {
  return (
    <>
      <PageHero path="/terms" eyebrow="Legal">
        <LastUpdated {...legalLastUpdated} />
      </PageHero>
      <LegalDocument sections={termsSections} />
    </>
  );
}
