/**
 * What a visitor agreed to, in the words the form showed them: the newsletter sign-ups (each form's heading
 * and button) and the trial's terms checkbox. The forms render these same strings, and every accepted post
 * stores a consent record (when, on which page, which words and their version: the first 12 hex digits of
 * their SHA-256), shown on the lead's staff page and in a data export. Client-safe: plain data.
 */
export const consentWordings = {
  'newsletter:blog': { purpose: 'newsletter', words: 'Subscribe to our newsletter. [Email address] [Subscribe]' },
  'newsletter:footer': { purpose: 'newsletter', words: 'Get product news and tips. [Email address] [Subscribe]' },
  trial: { purpose: 'terms', words: 'I agree to the Terms of Service and the Privacy Policy.' },
} as const;

export type ConsentPurpose = (typeof consentWordings)[keyof typeof consentWordings]['purpose'];

/** The consent a post of `kind` (with the values its form fixes) gives, if any. */
export function consentOf(kind: string, fixed: Record<string, string>): { purpose: ConsentPurpose; words: string } | null {
  if (kind === 'newsletter') return consentWordings[fixed.source === 'blog' ? 'newsletter:blog' : 'newsletter:footer'];
  if (kind === 'trial') return consentWordings.trial;
  return null;
}
