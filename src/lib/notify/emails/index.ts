// The site's transactional emails (React Email components), their renderer and sample props for each
// (the development preview at /dev/emails and the tests render these).
import * as React from 'react';
import { site } from '@/lib/config/site';
import { leadKinds } from '@/lib/leads/kinds';
import { Acknowledgement } from './acknowledgement';
import { NewsletterConfirm } from './newsletter-confirm';

export { Acknowledgement, type AcknowledgementProps } from './acknowledgement';
export { EmailLayout, type EmailLayoutProps } from './layout';
export { NewsletterConfirm, type NewsletterConfirmProps } from './newsletter-confirm';
export { StaffNotice, type NoticeLead, type NoticeTable, type StaffNoticeProps } from './staff-notice';
export { renderEmail } from './render';

const sampleSiteUrl = `https://${site.domain}`;

/** Each email with realistic sample props, by name (the preview's URL segment). */
export const emailPreviews: Record<string, () => React.ReactElement> = {
  'contact-acknowledgement': () =>
    React.createElement(Acknowledgement, {
      siteUrl: sampleSiteUrl,
      title: 'We received your message',
      name: 'Ada Lovelace',
      intro: 'Thanks for writing to Postcraft. We received your message on 3 March 2026 at 14:05 UTC.',
      // The reply time the contact form promises (the real email says the same: lib/notify/visitor-emails.ts).
      promise: leadKinds.contact.outcome.success.message,
      fields: [
        { label: 'Name', value: 'Ada Lovelace' },
        { label: 'Email', value: 'ada@analytical-engines.example' },
        { label: 'Company', value: 'Lovelace & Babbage Ltd' },
        { label: 'Topic', value: 'Sales' },
        {
          label: 'Message',
          value:
            'Hello Postcraft team,\n\nWe schedule about 40 posts a week for 6 brands & would like a demo.\nOur intern pasted this into the form: <script>alert(1)</script>\n\n  Thanks,\n  Ada',
        },
      ],
      contactEmail: site.contacts.hello,
    }),
  'newsletter-confirm': () =>
    React.createElement(NewsletterConfirm, {
      siteUrl: sampleSiteUrl,
      confirmUrl: `${sampleSiteUrl}/newsletter/confirm?token=5f0c2a9e7d8b4c3fa1e6b29d4c7a8e1f03b6d9c2a5e8f1b4`,
      unsubscribeUrl: `${sampleSiteUrl}/newsletter/unsubscribe?token=9b1e4d7a2c5f8e0b3d6a9c2f5e8b1d4a`,
      expiresInDays: 7,
    }),
};
