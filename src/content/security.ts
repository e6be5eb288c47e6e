import { policy } from './legal';
import { site } from '@/lib/config/site';

/** 'Report Security Issue' opens an email to the security contact. */
export const reportSecurityIssueHref = `mailto:${site.contacts.security}?subject=${encodeURIComponent('Security issue report')}`;

/** Feature cards of /security with their status labels. */
export const securityFeatures = [
  { title: '256-bit SSL', status: 'Active', description: 'Every connection to our site, app and API is encrypted with TLS and 256-bit keys.' },
  { title: 'AES-256 storage', status: 'Active', description: 'Data at rest, including backups, is encrypted with AES-256.' },
  { title: 'Two-factor authentication', status: 'Available', description: 'Protect your account with an authenticator app or a security key.' },
  { title: 'Security audits', status: 'Quarterly', description: 'Independent penetration tests and internal reviews every quarter.' },
] as const;

export const certifications = [
  { name: 'SOC 2 Type II', description: 'Independently audited security, availability and confidentiality controls.' },
  { name: 'ISO 27001', description: 'An information security management system aligned with the international standard.' },
  { name: 'GDPR', description: 'Processing of personal data that follows the EU General Data Protection Regulation.' },
  { name: 'CCPA', description: 'Privacy rights for California residents under the California Consumer Privacy Act.' },
] as const;

export const securityPractices = [
  'Least-privilege access to production, reviewed every quarter',
  'Single sign-on and hardware security keys for all employees',
  'Automated dependency and vulnerability scanning on every change',
  'Code review for every change before it reaches production',
  'Encrypted, tested backups in a separate region',
  'Security awareness training for every employee, every year',
  `Design files deleted within ${policy.designFileDeletionMinutes} minutes of processing`,
  'Around-the-clock monitoring and alerting',
];

export const encryptionPoints = [
  'TLS 1.2+ with 256-bit keys for all data in transit',
  'AES-256 encryption for databases, files and backups at rest',
  'Platform access tokens encrypted with separately managed keys',
  'Passwords stored only as salted, slow hashes',
];

export const accessControlPoints = [
  'Role-based permissions for teams: owners, admins, editors and viewers',
  'Row-level security in our database: each account reaches only its own data',
  'Two-factor authentication for every account',
  'Audit logs of sign-ins and changes to team permissions',
];

export const incidentSteps = [
  { title: 'Detect', description: 'Monitoring and alerting around the clock, and reports from researchers and customers.' },
  { title: 'Contain', description: 'An on-call engineer acts at once to limit the impact and preserve evidence.' },
  { title: 'Notify', description: `Affected customers and authorities are notified within ${policy.incidentNotificationHours} hours where required.` },
  { title: 'Learn', description: 'A written review after every incident, with fixes tracked to completion.' },
] as const;
