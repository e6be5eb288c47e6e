/**
 * The one place for the brand, contact addresses, social profiles and store links.
 * A rebrand is an edit of this file alone. It lives in lib/config because lib needs these facts too
 * (lead kinds, emails, security.txt, structured data) and lib imports nothing above it.
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
