import { site } from '@/lib/config/site';

/** The four contact channels of /contact with their stated response times. */
export const contactChannels = [
  { icon: 'mail', title: 'General enquiries', description: 'Questions about the product or your account.', email: site.contacts.hello, responseTime: '24 hours' },
  { icon: 'sales', title: 'Sales', description: 'Plans, team pricing and demos for your business.', email: site.contacts.sales, responseTime: '4 hours' },
  { icon: 'support', title: 'Customer support', description: 'Help with publishing, integrations and billing.', email: site.contacts.support, responseTime: '2 hours' },
  { icon: 'partners', title: 'Partnerships & press', description: 'Partner programme, affiliates and media requests.', email: site.contacts.partners, responseTime: '1 business day' },
] as const;
