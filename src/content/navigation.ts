// The header's main navigation and the footer's columns of links (the brand and contact facts are in
// lib/config/site.ts).
export type NavLink = { label: string; href: string };

/** Main navigation in the header. */
export const mainNav: NavLink[] = [
  { label: 'Features', href: '/features' },
  { label: 'Integrations', href: '/#integrations' },
  { label: 'Templates', href: '/templates' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'API', href: '/api' },
  { label: 'Blog', href: '/blog' },
];

/** Footer columns: every public route and the integrations anchor, exact paths. */
export const footerNav: { title: string; links: NavLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/features' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'Templates', href: '/templates' },
      { label: 'Integrations', href: '/#integrations' },
      { label: 'API', href: '/api' },
      { label: 'Mobile App', href: '/mobile' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/about' },
      { label: 'Careers', href: '/careers' },
      { label: 'Blog', href: '/blog' },
      { label: 'Press', href: '/press' },
      { label: 'Contact', href: '/contact' },
    ],
  },
  {
    title: 'Programs',
    links: [
      { label: 'Partners', href: '/partners' },
      { label: 'Affiliate', href: '/affiliate' },
      { label: 'Agency Services', href: '/agency' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Terms of Service', href: '/terms' },
      { label: 'Cookie Policy', href: '/cookies' },
      { label: 'GDPR', href: '/gdpr' },
      { label: 'Security', href: '/security' },
    ],
  },
];
