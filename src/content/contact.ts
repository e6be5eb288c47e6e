import { responsePromises } from '@/lib/config/response-promises';
import { site } from '@/lib/config/site';

/**
 * The response times of /contact (the spec's four), each with the one channel it is promised for, so that no
 * other page contradicts it: the general address answers like the contact form (its promise in lib/config/response-promises.ts),
 * and press, with its own address, like /press says. Partnerships have their own page and time (/partners).
 */
export const responseTimes = { general: `${responsePromises.contact.hours} hours`, sales: '4 hours', support: '2 hours', press: '1 business day' } as const;

/** The four contact channels of /contact with their stated response times. */
export const contactChannels = [
  { icon: 'mail', title: 'General enquiries', description: 'Questions about the product or your account.', email: site.contacts.hello, responseTime: responseTimes.general },
  { icon: 'sales', title: 'Sales', description: 'Plans, team pricing and demos for your business.', email: site.contacts.sales, responseTime: responseTimes.sales },
  { icon: 'support', title: 'Customer support', description: 'Help with publishing, integrations and billing.', email: site.contacts.support, responseTime: responseTimes.support },
  { icon: 'press', title: 'Press & media', description: 'Interviews, company facts and images for your story.', email: site.contacts.press, responseTime: responseTimes.press },
] as const;
