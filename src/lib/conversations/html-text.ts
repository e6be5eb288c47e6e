// An HTML-only email as plain text (docs/conversations.md, "What is shown and kept"), with html-to-text:
// no image, no style, no script, nothing fetched (it only reads the string), links only to web and mail
// addresses. Bounded: the parser's time grows with the number of elements and with the square of the
// nesting, so the page is cut at 256 kB (without its head, styles and scripts) and a page nested too deeply
// has its tags removed in one pass instead.
import { convert, type DomNode, type FormatCallback } from 'html-to-text';
import { cleanText } from './mail-text';

/**
 * The most HTML laid out (after its head, styles, scripts and comments are dropped): the parser's time grows
 * with the number of elements (a page of 1 MB of paragraphs takes about 3 s), so a longer page is cut here.
 */
const maxHtmlChars = 256 * 1024;
/** Deeper than this, a page is not laid out (the parser's time grows with the square of the depth): its tags are removed. */
const maxDepth = 400;
/** Tags that have no end, or whose end is often left out: not counted. */
const uncounted = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'p', 'li', 'td', 'tr', 'th', 'option']);

/**
 * HTML without its comments and the content of head, style, script and title elements, in one pass
 * (an element never closed takes the rest of the page with it).
 */
function dropBlocks(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let i = 0;
  for (;;) {
    const lt = lower.indexOf('<', i);
    if (lt < 0) return out + html.slice(i);
    const block = lower.startsWith('<!--', lt) ? '-->' : (/^<(head|style|script|title)[\s>/]/.exec(lower.slice(lt, lt + 8))?.[1] ?? '');
    if (!block) {
      out += html.slice(i, lt + 1);
      i = lt + 1;
      continue;
    }
    out += html.slice(i, lt);
    const close = block === '-->' ? lower.indexOf('-->', lt + 4) : lower.indexOf(`</${block}`, lt);
    if (close < 0) return out;
    const gt = block === '-->' ? close + 2 : lower.indexOf('>', close);
    if (gt < 0) return out;
    i = gt + 1;
  }
}

/** The deepest nesting of elements, counted in one pass. */
function nestingDepth(html: string): number {
  let depth = 0;
  let max = 0;
  let gt = -1;
  for (let lt = html.indexOf('<'); lt >= 0; lt = html.indexOf('<', lt + 1)) {
    if (gt < lt) gt = html.indexOf('>', lt);
    if (gt < 0) break;
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,30})/.exec(html.slice(lt, lt + 34));
    if (!tag || uncounted.has(tag[2]!.toLowerCase()) || html[gt - 1] === '/') continue;
    depth = tag[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > max) max = depth;
  }
  return max;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of HTML (without its blocks) by removing its tags, in one pass: the fallback for a page nested too deeply. */
function stripTags(html: string): string {
  return html
    .replace(/<\/?(p|div|br|tr|li|h[1-6]|table|blockquote)\b[^<>]*>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/<[^<>]*$/, '')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (all, e: string) => {
      if (e[0] !== '#') return entities[e.toLowerCase()] ?? all;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text inside an element (its text nodes, at most 2,000 characters looked at). */
function textInside(node: DomNode, budget = { left: 2000 }): string {
  if (budget.left <= 0) return '';
  if (typeof node.data === 'string' && node.type === 'text') {
    budget.left -= node.data.length;
    return node.data;
  }
  return (node.children ?? []).map((child) => textInside(child, budget)).join('');
}

/** A link: its text, then its address in brackets when that is a web or mail address other than the text (never a `javascript:` or `data:` one). */
const formatLink: FormatCallback = (elem, walk, builder) => {
  walk(elem.children, builder);
  const href = String(elem.attribs?.href ?? '').trim();
  if (/^(https?:\/\/|mailto:)/i.test(href) && href.replace(/^mailto:/i, '') !== textInside(elem).trim()) builder.addInline(` [${href}]`, { noWordTransform: true });
};

/**
 * An HTML body as plain text: paragraphs and lists kept, links as `text [address]`, images, styles and
 * scripts left out. Never fetches anything (it only reads the string). Notices say what was not laid out.
 */
export function htmlToText(html: string): { text: string; notices: string[] } {
  const notices: string[] = [];
  let source = dropBlocks(html);
  if (source.length > maxHtmlChars) {
    source = source.slice(0, maxHtmlChars);
    notices.push('Its HTML was over 256 kB (without styles and scripts): only the first 256 kB was turned into text.');
  }
  if (nestingDepth(source) > maxDepth) {
    notices.push(`Its HTML was nested more than ${maxDepth} levels deep: its tags were removed rather than laid out.`);
    return { text: cleanText(stripTags(source)), notices };
  }
  const text = convert(source, {
    wordwrap: false,
    limits: { maxInputLength: maxHtmlChars + 1, maxDepth, maxChildNodes: 10_000 },
    formatters: { link: formatLink },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', format: 'link' },
    ],
  });
  return { text: cleanText(text).trim(), notices };
}
