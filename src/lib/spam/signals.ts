/**
 * Simple content signals of a lead's typed values (docs/spam.md): what people filling a partner
 * application or a contact message do not write, and link-spam scripts do. Each is a reason the
 * screening records; none looks at language or names.
 */
export type ContentSignal = 'link-markup' | 'link-in-name' | 'many-links';

/** Fields that name a person or company: a web address there is not a name. */
const nameFields = new Set(['firstName', 'lastName', 'name', 'company']);
const urlPattern = /\b(?:https?:\/\/|www\.)\S+/gi;
/** HTML anchors and BBCode links, which no form here renders: written for other sites' comment boxes. */
const markupPattern = /<a\s[^>]*href|\[url[=\]]|\[link[=\]]/i;
/** More web addresses in one message than a person writes to introduce themselves. */
export const maxLinks = 3;

export function contentSignals(values: Record<string, string>): ContentSignal[] {
  const signals = new Set<ContentSignal>();
  let links = 0;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' || !value) continue;
    if (markupPattern.test(value)) signals.add('link-markup');
    const found = value.match(urlPattern)?.length ?? 0;
    if (found && nameFields.has(name)) signals.add('link-in-name');
    // The affiliate's website field is one address by design.
    if (name !== 'website') links += found;
  }
  if (links > maxLinks) signals.add('many-links');
  return [...signals];
}
