// The source of an incoming email as it is kept (lead_messages.raw): every header and every text part as
// it came, each attachment's content replaced by one line saying it was not kept (attachments are listed,
// never kept: docs/conversations.md, "Attachments"). A walk over the MIME boundaries in one pass, at most
// 20 levels deep and 1,000 parts; what lies past that is cut with a line saying so.

const maxDepth = 20;
const maxParts = 1000;

type Budget = { parts: number; cut: boolean };

/** Where an entity's body starts (after the blank line that ends its headers), or -1 when it has none. */
function bodyStart(text: string): number {
  if (text.startsWith('\r\n')) return 2;
  if (text.startsWith('\n')) return 1;
  const crlf = text.indexOf('\r\n\r\n');
  const lf = text.indexOf('\n\n');
  const ends = [crlf < 0 ? -1 : crlf + 4, lf < 0 ? -1 : lf + 2].filter((n) => n > 0);
  return ends.length ? Math.min(...ends) : -1;
}

/** The value of a header (its first occurrence, unfolded), lower-cased name. */
function header(head: string, name: string): string {
  const m = new RegExp(`(?:^|\\n)${name}[ \\t]*:([^\\n]*(?:\\r?\\n[ \\t][^\\n]*)*)`, 'i').exec(head);
  return m ? m[1]!.replace(/\r?\n[ \t]+/g, ' ').trim().slice(0, 2000) : '';
}

const param = (value: string, name: string) => new RegExp(`;\\s*${name}\\*?\\s*=\\s*(?:"([^"]{0,300})"|([^;\\s]{1,300}))`, 'i').exec(value);

function scrubEntity(text: string, budget: Budget, depth: number): string {
  const start = bodyStart(text);
  if (start < 0) return text;
  const head = text.slice(0, start);
  const body = text.slice(start);
  const contentType = header(head, 'content-type');
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase() || 'text/plain';
  const disposition = header(head, 'content-disposition');
  const attachment = /^\s*attachment/i.test(disposition);
  if (type.startsWith('multipart/') && !attachment) {
    const boundary = param(contentType, 'boundary');
    const marker = boundary ? `--${boundary[1] ?? boundary[2]}` : '';
    return marker && depth < maxDepth ? head + scrubParts(body, marker, budget, depth) : head + body;
  }
  if (type === 'message/rfc822' && !attachment) return depth < maxDepth ? head + scrubEntity(body, budget, depth + 1) : head + body;
  if ((type === 'text/plain' || type === 'text/html') && !attachment) return text;
  const name = param(disposition, 'filename') ?? param(contentType, 'name');
  const label = name ? `"${(name[1] ?? name[2])!.replace(/[\r\n"]/g, '')}", ` : '';
  return `${head}[Attachment ${label}${type}: not kept (attachments are listed, never kept).]\r\n`;
}

/** The parts of a multipart body (delimited by lines that start with `marker`), each scrubbed. */
function scrubParts(body: string, marker: string, budget: Budget, depth: number): string {
  const starts: number[] = [];
  const after = (from: number) => {
    const n = body.indexOf(`\n${marker}`, from);
    return n < 0 ? -1 : n + 1;
  };
  for (let at = body.startsWith(marker) ? 0 : after(0); at >= 0; at = after(at + marker.length)) starts.push(at);
  if (!starts.length) return body;
  let out = body.slice(0, starts[0]);
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i]!;
    const to = starts[i + 1] ?? body.length;
    const lineEnd = body.indexOf('\n', from);
    const delimiter = lineEnd < 0 || lineEnd >= to ? body.slice(from, to) : body.slice(from, lineEnd + 1);
    const closing = body.startsWith(`${marker}--`, from);
    out += delimiter;
    const content = body.slice(from + delimiter.length, to);
    if (closing) {
      out += content; // the epilogue
      continue;
    }
    if (budget.cut) continue;
    if (++budget.parts > maxParts) {
      budget.cut = true;
      out += `[The rest of this message (over ${maxParts} parts) is not kept.]\r\n`;
      continue;
    }
    out += scrubEntity(content, budget, depth + 1);
  }
  return out;
}

/** The source as kept: attachments' contents replaced by a line each (the bytes are read as Latin-1, so none is changed). */
export function sourceWithoutAttachments(source: Buffer): Buffer {
  return Buffer.from(scrubEntity(source.toString('latin1'), { parts: 0, cut: false }, 0), 'latin1');
}
