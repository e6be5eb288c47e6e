import { commercial } from './commercial';
import { site } from './site';

/**
 * The one "Last updated" date of the privacy policy and the terms of service (the spec left them as
 * placeholders). Change it here when either text changes.
 */
export const legalLastUpdated = { iso: '2026-11-16', label: 'November 16, 2026' } as const;

/** The cookie policy's date: December 2024. */
export const cookiePolicyDate = { iso: '2024-12-01', label: 'December 2024' } as const;

/** The policy claims (retention, response times, sub-processors), in one place; the privacy, GDPR and security pages interpolate them. */
export const policy = {
  designFileDeletionMinutes: 5,
  personalDataDeletionDays: 30,
  analyticsAnonymisedMonths: 26,
  supportDataDeletionYears: 3,
  minimumAge: 13,
  guardianConsentUnder: 18,
  designToolBreachNoticeHours: 48,
  incidentNotificationHours: 72,
  dataRequestReplyDays: 30,
} as const;

export const postalAddressLine = `${site.postalAddress.street}, ${site.postalAddress.city}, ${site.postalAddress.region} ${site.postalAddress.postalCode}, ${site.postalAddress.country}`;

export type LegalBlock = string | { list: string[] };
export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

const n = site.name;
const tool = site.designTool;

export const privacySections: LegalSection[] = [
  { id: 'introduction', heading: 'Introduction', blocks: [`${n} ("we", "us") provides a service that publishes and schedules designs made in ${tool} to social media platforms. This policy explains what personal data we collect, why, how long we keep it, and the choices and rights you have.`] },
  {
    id: 'information-we-collect',
    heading: 'Information we collect',
    blocks: [
      { list: [
        'Account information: your name, email address and password (stored only as a salted hash).',
        `Connected accounts: access tokens for your ${tool} account and the social platforms you connect, which you can revoke at any time.`,
        'Content: the designs you import, the captions you write and your posting schedule.',
        'Usage data: pages viewed in the app, features used, device and browser type, to keep the service working and improve it.',
        'Messages you send us through our forms, email or support channels.',
      ] },
    ],
  },
  {
    id: 'how-we-use-information',
    heading: 'How we use your information',
    blocks: [
      { list: [
        'To provide the service: import your designs, publish and schedule your posts, show your analytics.',
        'To answer your questions and requests, and to send service messages about your account.',
        'To keep the service secure and prevent abuse.',
        'To send product news, only if you signed up for it; every email has a one-click unsubscribe link.',
      ] },
      'We do not sell your personal data and we do not use your designs to train any model.',
    ],
  },
  {
    id: 'design-files',
    heading: `${tool} designs and files`,
    blocks: [
      `Design files and their derivatives (resized images and videos) are deleted from our processing systems within ${policy.designFileDeletionMinutes} minutes of processing. What remains is the published post on the platforms you chose, under your control there.`,
      `If we learn of a data breach affecting data received from ${tool}, we report it to ${tool} within ${policy.designToolBreachNoticeHours} hours.`,
    ],
  },
  {
    id: 'retention',
    heading: 'How long we keep data',
    blocks: [
      { list: [
        `Design files and derivatives: deleted within ${policy.designFileDeletionMinutes} minutes of processing.`,
        `Account personal data: deleted within ${policy.personalDataDeletionDays} days of account closure.`,
        `Your account data after you cancel a subscription: kept for ${commercial.dataRetentionDaysAfterCancellation} days, so you can come back, then deleted.`,
        `Analytics data: anonymized after ${policy.analyticsAnonymisedMonths} months.`,
        `Support data: deleted after ${policy.supportDataDeletionYears} years.`,
      ] },
    ],
  },
  {
    id: 'sharing',
    heading: 'Sharing and processors',
    blocks: [
      'We share data only with the social platforms you choose to publish to, and with processors that host, email and support our service under written agreements. We disclose data to authorities only when the law requires it.',
      'Some processors are in the United States; transfers are covered by standard contractual clauses (see our GDPR page).',
    ],
  },
  {
    id: 'security',
    heading: 'Security',
    blocks: [
      'Data is encrypted in transit with TLS and at rest with AES-256. Access to production data is restricted by role-based access control, and our database enforces row-level security so that each account can only ever reach its own rows.',
      `If an incident affects your personal data, we notify you and the competent authorities within ${policy.incidentNotificationHours} hours where the law requires it.`,
    ],
  },
  {
    id: 'children',
    heading: 'Children',
    blocks: [`${n} is not for children under ${policy.minimumAge}, and we do not knowingly collect their data. Users under ${policy.guardianConsentUnder} need the consent of a parent or guardian.`],
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    blocks: [`You can access, correct, export or delete your personal data, object to or restrict its processing, and withdraw consent at any time. Use the request buttons on our GDPR page or email ${site.contacts.privacy}; we answer within ${policy.dataRequestReplyDays} days. You may also complain to your data protection authority.`],
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    blocks: ['Our public website sets no tracking or advertising cookies. The cookie policy lists every cookie we set.'],
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    blocks: ['When we change this policy we update the date at the top and, for significant changes, tell account holders by email before the change takes effect.'],
  },
  {
    id: 'contact',
    heading: 'Contact',
    blocks: [`Questions about privacy: ${site.contacts.privacy}. Data protection officer: ${site.contacts.dpo}. Post: ${n}, ${postalAddressLine}.`],
  },
];

export const termsSections: LegalSection[] = [
  { id: 'agreement', heading: 'Agreement to these terms', blocks: [`By creating an account or using ${n}, you agree to these terms. If you use ${n} for an organisation, you accept them on its behalf.`] },
  { id: 'service', heading: 'The service', blocks: [`${n} imports designs from your ${tool} account and publishes or schedules them to the social platforms you connect. We may improve and change features; we will not remove a core feature you pay for without notice.`] },
  {
    id: 'accounts',
    heading: 'Your account',
    blocks: [`You must be at least ${policy.minimumAge} years old to use ${n}, and users under ${policy.guardianConsentUnder} need the consent of a parent or guardian. Keep your password safe and tell us at ${site.contacts.security} if you suspect unauthorised use.`],
  },
  {
    id: 'plans-and-billing',
    heading: 'Plans, trials and billing',
    blocks: [
      { list: [
        `Free trial: ${commercial.trialDays} days, ${commercial.trialNeedsCard ? 'a credit card is required' : 'no credit card required'}.`,
        `Money-back guarantee: ${commercial.moneyBackDays} days on paid plans.`,
        `Plan changes take effect ${commercial.planChangesImmediate ? 'immediately' : 'at the next billing period'}; upgrades are prorated.`,
        commercial.setupFee === 0 ? 'There are no setup fees.' : `A setup fee of $${commercial.setupFee} applies.`,
        'Subscriptions renew automatically each month or year until you cancel; you can cancel at any time in your account settings.',
        `After cancellation we keep your data for ${commercial.dataRetentionDaysAfterCancellation} days, then delete it.`,
      ] },
    ],
  },
  {
    id: 'your-content',
    heading: 'Your content',
    blocks: [`You keep all rights to your designs, captions and posts. You give us only the licence needed to process and publish them as you instruct. You are responsible for having the rights to what you publish and for following each platform's rules.`],
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    blocks: [{ list: ['No spam, deceptive or illegal content.', 'No attempts to break, overload or reverse-engineer the service.', 'No use of the service to harass others or infringe their rights.', 'API use within the limits of your plan.'] }],
  },
  { id: 'third-party', heading: 'Third-party platforms', blocks: [`${n} works with ${tool} and the social platforms through their APIs. Their terms apply to your use of them, and we are not responsible for their availability or changes.`] },
  { id: 'liability', heading: 'Disclaimers and liability', blocks: ['The service is provided "as is". To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12 months before the claim.'] },
  { id: 'termination', heading: 'Termination', blocks: ['You can close your account at any time. We may suspend accounts that break these terms, after notice where possible.'] },
  { id: 'law', heading: 'Governing law', blocks: ['These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.'] },
  { id: 'contact', heading: 'Contact', blocks: [`Questions about these terms: ${site.contacts.hello}, or by post: ${n}, ${postalAddressLine}.`] },
];

export type CookieRow = { name: string; purpose: string; duration: string; type: string; setOn: string };

/**
 * Every cookie this website sets. The public pages set none; the staff sign-in area (employees only)
 * sets one session cookie (lib/auth: __Host-pc_session over HTTPS, pc_session over plain HTTP).
 */
export const cookiesSet: CookieRow[] = [
  {
    name: '__Host-pc_session',
    purpose: `Keeps a ${n} employee signed in to the staff area. Holds a random token, nothing about you.`,
    duration: '7 days, or until sign-out',
    type: 'Strictly necessary',
    setOn: 'Staff sign-in area only (/staff)',
  },
];

export const cookieSections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    heading: 'What cookies are',
    blocks: ['Cookies are small text files a website stores in your browser. They can keep you signed in, remember settings, or, on many sites, follow you around the web for analytics and advertising.'],
  },
  {
    id: 'cookies-we-set',
    heading: 'Cookies this website sets',
    blocks: [
      `The public pages of ${site.name} (everything you can read without an account) set no cookies at all, and we do not use local storage to identify you. The only cookie on this website is set when a ${site.name} employee signs in to the staff area:`,
    ],
  },
  {
    id: 'no-tracking',
    heading: 'No tracking cookies',
    blocks: [
      'None of the cookies we set are used for tracking, analytics or advertising. We do not load third-party scripts, pixels or embedded content that could set cookies of their own, so no other company can set a cookie through our website.',
    ],
  },
  {
    id: 'forms',
    heading: 'Forms and sign-ups',
    blocks: ['Sending a form on this website (contact, partner, affiliate, agency, newsletter or data request) does not set a cookie. The details you send are stored as described in our privacy policy.'],
  },
  {
    id: 'control',
    heading: 'How to control cookies',
    blocks: ['You can see and delete cookies in your browser settings, and block them for any site. Blocking cookies does not affect the public pages of this website.'],
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    blocks: ['If we ever add a cookie, we will list it here and update the date above before it is set. A cookie that is not strictly necessary would only be set with your consent.'],
  },
  {
    id: 'contact',
    heading: 'Contact us',
    blocks: [`Questions about cookies: ${site.contacts.privacy}, or write to us at:`],
  },
];
