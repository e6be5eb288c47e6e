import { PageHero } from '@/components/site/page-hero';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/templates');

export default function Page() {
  return <PageHero path="/templates" />;
}
