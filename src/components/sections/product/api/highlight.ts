/** A tiny build-time highlighter for the JSON and shell samples: returns tokens, no HTML strings. */
export type Token = { text: string; kind?: 'key' | 'string' | 'number' | 'literal' | 'punct' | 'command' | 'flag' | 'comment' };

const jsonRe = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],:])/g;

export function highlightJson(source: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of source.matchAll(jsonRe)) {
    if (m.index > last) out.push({ text: source.slice(last, m.index) });
    if (m[1]) {
      out.push({ text: m[1], kind: m[2] ? 'key' : 'string' });
      if (m[2]) out.push({ text: m[2], kind: 'punct' });
    } else if (m[3]) out.push({ text: m[3], kind: 'number' });
    else if (m[4]) out.push({ text: m[4], kind: 'literal' });
    else out.push({ text: m[0], kind: 'punct' });
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push({ text: source.slice(last) });
  return out;
}

/** Shell: the command name, flags, quoted strings (JSON inside single quotes is highlighted as JSON). */
export function highlightShell(source: string): Token[] {
  const out: Token[] = [];
  const re = /^(curl)\b|(\s-[A-Za-z]+\b)|("(?:[^"\\]|\\.)*")|('(?:[^'])*')/gm;
  let last = 0;
  for (const m of source.matchAll(re)) {
    if (m.index > last) out.push({ text: source.slice(last, m.index) });
    if (m[1]) out.push({ text: m[1], kind: 'command' });
    else if (m[2]) out.push({ text: m[2], kind: 'flag' });
    else if (m[3]) out.push({ text: m[3], kind: 'string' });
    else if (m[4]) out.push({ text: "'", kind: 'punct' }, ...highlightJson(m[4].slice(1, -1)), { text: "'", kind: 'punct' });
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push({ text: source.slice(last) });
  return out;
}
