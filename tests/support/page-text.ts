// What a page component says, for the content checks: its markup rendered by React on the server (as Astro
// does at build), as the text a reader sees and the links they can follow. The islands are left out (they
// come in as slots); pass a form as a prop where its words matter.
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const entities: Record<string, string> = { '&amp;': '&', '&#x27;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' };
const decode = (s: string) => s.replace(/&(amp|#x27|quot|lt|gt|nbsp);/g, (e) => entities[e]);

export type Rendered = { html: string; text: string; links: { href: string; text: string; label: string | null }[] };

export function render<P extends object>(component: FunctionComponent<P>, props: P): Rendered {
  const html = renderToStaticMarkup(createElement(component, props));
  // Block-level ends become line ends, so that a sentence does not run into the next card's.
  const text = decode(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<\/(p|h\d|li|dd|dt|div|td|th|blockquote|figcaption|section)>/g, '\n')
      .replace(/<[^>]+>/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ ?\n ?/g, '\n'),
  );
  const links = [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs, inner]) => ({
    href: decode(/\bhref="([^"]*)"/.exec(attrs)?.[1] ?? ''),
    text: decode(inner.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()),
    label: /\baria-label="([^"]*)"/.exec(attrs)?.[1] ?? null,
  }));
  return { html, text, links };
}

/** The sentences of a text (split at . ! ? and line ends). */
export const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Words that make a sentence a promise of a reply. */
const replyWords = /\b(answer|answers|reply|replies|respond|response|get back|hear back|hear from)\b/i;
const replyTime = /\bwithin (\d+ (?:business )?(?:minutes?|hours?|days?|weeks?)|(?:a|one|two) (?:business )?(?:day|week)s?|a couple of hours)\b/gi;

/** The reply times a text promises ("within 48 hours" in a sentence about answering), each once. */
export function promisedReplies(text: string): string[] {
  const found = sentences(text)
    .filter((s) => replyWords.test(s))
    .flatMap((s) => [...s.matchAll(replyTime)].map((m) => m[1].toLowerCase()));
  return [...new Set(found)];
}
