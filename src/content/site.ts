/**
 * The one place for the brand, contact addresses, social profiles and store links.
 * A rebrand is an edit of this file alone.
 */
export const site = {
  name: 'Postcraft',
  tagline: 'From design to every feed in one click.',
  description:
    'Postcraft turns your Canva designs into scheduled posts on Instagram, Facebook, LinkedIn, X, Pinterest and TikTok in one click.',
  domain: 'postcraft.example',
  /** The design editor the product connects to; the home headline names it. */
  designTool: 'Canva',
  contacts: {
    hello: 'hello@postcraft.example',
    support: 'support@postcraft.example',
    sales: 'sales@postcraft.example',
    partners: 'partners@postcraft.example',
    affiliates: 'affiliates@postcraft.example',
    agency: 'agency@postcraft.example',
    careers: 'careers@postcraft.example',
    security: 'security@postcraft.example',
    privacy: 'privacy@postcraft.example',
    dpo: 'dpo@postcraft.example',
    press: 'press@postcraft.example',
  },
  phone: '+1 (415) 555-0142',
  postalAddress: {
    street: '548 Market Street, Suite 204',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94104',
    country: 'United States',
  },
  businessHours: 'Monday to Friday, 9 to 6 PST',
  social: [
    { name: 'X (Twitter)', href: 'https://x.com/postcraft', icon: 'x' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/postcraft', icon: 'linkedin' },
    { name: 'Instagram', href: 'https://www.instagram.com/postcraft', icon: 'instagram' },
    { name: 'YouTube', href: 'https://www.youtube.com/@postcraft', icon: 'youtube' },
  ],
  stores: {
    ios: 'https://apps.apple.com/app/postcraft/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.postcraft',
  },
} as const;

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
