/** Characters XML 1.0 does not allow at all (control characters but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates). */
const notXmlChar = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for XML element content and attribute values (either quote), characters XML forbids dropped. */
export function escapeXml(text: string): string {
  return text.replace(notXmlChar, '').replace(/[&<>"']/g, (c) => entities[c]);
}
