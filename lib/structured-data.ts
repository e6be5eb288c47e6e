import { site } from '@/content/site';
import { siteUrl } from '@/lib/site-url';

/** schema.org Organization for the whole site. */
export function organizationLd() {
  const base = siteUrl();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: `${base}/`,
    logo: `${base}/icon.svg`,
    email: site.contacts.hello,
    sameAs: site.social.map((s) => s.href),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.postalAddress.street,
      addressLocality: site.postalAddress.city,
      addressRegion: site.postalAddress.region,
      postalCode: site.postalAddress.postalCode,
      addressCountry: 'US',
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer support', email: site.contacts.support },
      { '@type': 'ContactPoint', contactType: 'sales', email: site.contacts.sales },
    ],
  };
}
