// Renders an email component to the two parts of a message: the HTML (an XHTML 1.0 document with inline
// styles, as email clients expect) and a plain-text alternative made from the same HTML by
// @react-email/render (html-to-text): links as "label [url]", the preview line left out, headings as
// written, and the visitor's text (data-text="verbatim": white-space: pre-wrap in the HTML) kept as typed.
import { render } from '@react-email/render';
import type * as React from 'react';

const htmlToTextOptions = {
  selectors: [
    { selector: 'a', options: { linkBrackets: ['[', ']'] as [string, string], hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    // A field of a copy of what the visitor sent: its label on one line, the value as typed below it.
    { selector: '[data-text="label"]', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: '[data-text="verbatim"]', format: 'pre', options: { leadingLineBreaks: 1, trailingLineBreaks: 2 } },
  ],
};

export async function renderEmail(element: React.ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions })]);
  return { html, text: `${text.trim()}\n` };
}
