import { PageHero } from '@/components/site/page-hero';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/');

export default function HomePage() {
  return (
    <>
      <PageHero path="/" />
      <section id="how-it-works" aria-label="How it works" />
      <section id="integrations" aria-label="Integrations" />
    </>
  );
}
