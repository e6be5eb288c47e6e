import { site } from '@/lib/config/site';
import { siteUrl } from '@/lib/site-url';

/** How long a published security.txt stays valid (RFC 9116 recommends less than a year). */
export const securityTxtValidityDays = 180;

/** The body of /.well-known/security.txt (RFC 9116), valid for 180 days from `now`. */
export function securityTxt(now: Date) {
  const base = siteUrl();
  const expires = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + securityTxtValidityDays));
  return [
    `# Security contact of ${site.name}. Please report vulnerabilities to the address below.`,
    `Contact: mailto:${site.contacts.security}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${base}/.well-known/security.txt`,
    `Policy: ${base}/security`,
    '',
  ].join('\n');
}
