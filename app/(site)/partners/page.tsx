import { PageHero } from '@/components/site/page-hero';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/partners');

export default function Page() {
  return <PageHero path="/partners" />;
}
