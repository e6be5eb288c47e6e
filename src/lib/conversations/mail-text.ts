// The text of an incoming email as staff read it (docs/conversations.md, "What is shown and kept"): an
// HTML-only message turned into plain text (html-to-text: no image, no style, no script, nothing fetched),
// and the text shown in the thread with the quoted history and the signature trimmed, line by line.
//
// The trimming is ours, not a package's: email-reply-parser (the usual choice) was tried on the same samples
// and trims them well, but without the native `re2` module (which would have to be built at install time)
// some of its patterns backtrack without bound (a made-up 45 kB text took 287 s of CPU). These rules read
// each line once, test at most the first 400 characters of a line with anchored patterns, and look at the
// first 3,000 lines: the cost grows with the text, never faster.
import { convert, type DomNode, type FormatCallback } from 'html-to-text';

/** Removes what PostgreSQL text cannot hold (NUL) and makes every line end a plain `\n`. */
export function cleanText(text: string): string {
  return text.replace(/\u0000/g, '').replace(/\r\n?/g, '\n');
}

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

// ---- trimming --------------------------------------------------------------------------------------

const maxLines = 3000;
const cap = (line: string | undefined) => (line ?? '').slice(0, 400).trim();

/** "On <date>, <name> <address> wrote:" and its translations (Gmail, Apple Mail, Thunderbird...), on one to three lines. */
const attribution =
  /^(On|Le|El|Am|Op|Il|Em|Den|W dniu|Dnia)\s.{0,600}\s(wrote|a écrit|escribió|escribio|schrieb|schreef|ha scritto|escreveu|skrev|napisał|napisal|kirjoitti|írta|написал)\s?:$/i;
/** "Am <date> schrieb <name> <address>:" (German, Dutch, Danish: the name after the verb). */
const attributionNameLast = /^(Am|Op|Den)\s.{0,300}\s(schrieb|schreef|skrev)\s.{1,300}:$/i;
/** "-----Original Message-----" and its translations (Outlook, Lotus...). */
const originalMessage =
  /^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|oprindelig meddelelse|originalmeddelande|mensagem original)\s*-{2,}$/i;
/** The first line of Outlook's header block: From: ... (then Sent:/Date: and To:/Subject: within a few lines). */
const headerFrom = /^\*?(From|Von|De|Van|Da|Fra|Från|Od|Lähettäjä)\s?:\*?\s?\S/i;
const headerSent = /^\*?(Sent|Date|Gesendet|Datum|Envoyé|Date d'envoi|Enviado|Fecha|Verzonden|Inviato|Data|Sendt|Skickat|Lähetetty)\s?:\*?\s?\S/i;
const headerTo = /^\*?(To|Subject|An|Betreff|À|Objet|Para|Asunto|Aan|Onderwerp|A|Oggetto|Til|Emne|Till|Ämne|Vastaanottaja|Aihe)\s?:\*?/i;
/** "Name <address> wrote:" or "Name wrote:" just before a quoted block. */
const wroteLine = /^.{1,300}\s(wrote|a écrit|escribió|schrieb|schreef|ha scritto|escreveu|skrev)\s?:$/i;
/** The mobile signatures mail apps add on the last line. */
const sentFrom =
  /^(Sent from my \S.{0,60}|Sent from (Outlook|Mail|Yahoo Mail|Proton Mail)\b.{0,60}|Get Outlook for \S.{0,40}|Envoyé de mon \S.{0,40}|Von meinem \S.{0,60} gesendet|Enviado desde mi \S.{0,40}|Verstuurd vanaf mijn \S.{0,40})$/i;

/** Whether the quoted history starts at line `i`. */
function historyStarts(lines: string[], i: number): boolean {
  const line = cap(lines[i]);
  if (!line) return false;
  if (originalMessage.test(line)) return true;
  if (/^(On|Le|El|Am|Op|Il|Em|Den|W dniu|Dnia)\s/i.test(line)) {
    // Gmail folds a long attribution over two or three lines; it always holds a date (a digit).
    for (let n = 1; n <= 3; n++) {
      const joined = lines.slice(i, i + n).map(cap).join(' ');
      if (/\d/.test(joined) && (attribution.test(joined) || attributionNameLast.test(joined))) return true;
    }
  }
  if (/^_{10,}$/.test(line)) return headerFrom.test(cap(lines.slice(i + 1, i + 3).find((l) => l.trim())));
  if (headerFrom.test(line)) {
    const next = lines.slice(i + 1, i + 6).map(cap);
    return next.some((l) => headerSent.test(l)) && next.some((l) => headerTo.test(l));
  }
  return false;
}

const quoted = (line: string | undefined) => /^\s{0,3}>/.test(line ?? '');
const blank = (line: string | undefined) => !(line ?? '').trim();

/**
 * The text shown in the thread: `text` without the quoted history that follows the answer (an attribution
 * line, Outlook's header block or "Original Message" line and what follows; a trailing block of `> `
 * lines), and without a trailing signature (after `-- `, at most 15 lines) or mobile signature ("Sent from
 * my iPhone"). Quotes between the answer's own paragraphs stay (they are its context). Null when nothing
 * was trimmed, or when trimming would leave nothing (a forwarded or wholly quoted message is shown whole).
 */
export function trimReply(text: string): string | null {
  const lines = text.split('\n');
  const n = Math.min(lines.length, maxLines);
  let end = lines.length;
  for (let i = 0; i < n; i++) {
    if (historyStarts(lines, i)) {
      end = i;
      break;
    }
  }
  if (end === lines.length && lines.length > maxLines) return null;
  // A trailing quoted block (and the "... wrote:" line before it).
  let j = end;
  while (j > 0 && blank(lines[j - 1])) j--;
  let k = j;
  while (k > 0 && (quoted(lines[k - 1]) || blank(lines[k - 1]))) k--;
  if (k < j && lines.slice(k, j).some(quoted)) {
    end = k;
    let w = k;
    while (w > 0 && blank(lines[w - 1])) w--;
    if (w > 0 && wroteLine.test(cap(lines[w - 1]))) end = w - 1;
  }
  // A signature: the standard "-- " line with at most 15 lines after it, or a mobile app's last line.
  for (let i = end - 1; i >= 0 && i >= end - 16; i--) {
    if (lines[i] === '-- ' || lines[i] === '--') {
      end = i;
      break;
    }
  }
  let last = end;
  while (last > 0 && blank(lines[last - 1])) last--;
  if (last > 0 && sentFrom.test(cap(lines[last - 1]))) end = last - 1;
  const shown = lines.slice(0, end).join('\n').trimEnd();
  if (!shown.trim() || shown === text.trimEnd()) return null;
  return shown;
}
