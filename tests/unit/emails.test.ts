import fs from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { Acknowledgement, emailPreviews, NewsletterConfirm, renderEmail } from '@/lib/notify/emails';

const siteUrl = 'https://postcraft.example';

/** The HTML-escaped form of a text, as React writes it (text content and attribute values). */
function escapeHtml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
}

/** The HTML without the empty comments React writes between adjacent text parts. */
async function renderHtml(element: React.ReactElement): Promise<string> {
  return (await renderEmail(element)).html.replaceAll('<!-- -->', '');
}

/** Text with the visitor's own values taken out: what is left must hold no markup at all. */
function expectNoTags(text: string, except: string[] = []) {
  let rest = text;
  for (const value of except) rest = rest.replaceAll(value, '');
  expect(rest).not.toMatch(/<\/?[a-z!][^>]*>/i);
  expect(rest).not.toMatch(/&(amp|lt|gt|quot|#x?[0-9a-f]+);/i);
}

const message =
  'Hello,\n\nWe run 6 brands & want a demo.\n<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n  Thanks,\n  Ada';

const acknowledgementProps = {
  siteUrl,
  title: 'We received your message',
  name: 'Ada <b>Lovelace</b>',
  intro: 'Thanks for writing to Postcraft. We received your message on 3 March 2026.',
  promise: 'We reply within one business day.',
  fields: [
    { label: 'Name', value: 'Ada <b>Lovelace</b>' },
    { label: 'Website', value: 'https://evil.example/?a=1&b=2' },
    { label: 'Message', value: message },
  ],
  contactEmail: 'hello@postcraft.example',
};

describe('Acknowledgement', () => {
  it('HTML: greeting, intro, promise, every field, the mailto and site links, a valid document', async () => {
    const html = await renderHtml(React.createElement(Acknowledgement, acknowledgementProps));
    expect(html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(html).toContain('<html dir="ltr" lang="en">');
    expect(html).toContain('We received your message');
    expect(html).toContain(`Hi ${escapeHtml('Ada <b>Lovelace</b>')},`);
    expect(html).toContain(acknowledgementProps.intro);
    expect(html).toContain(acknowledgementProps.promise);
    expect(html).toContain('What we received');
    for (const field of acknowledgementProps.fields) {
      expect(html).toContain(`>${field.label}</p>`);
      expect(html).toContain(escapeHtml(field.value));
    }
    expect(html).toContain('href="mailto:hello@postcraft.example"');
    expect(html).toContain('Questions? Write to');
    expect(html).toContain(`href="${siteUrl}"`);
    expect(html).toContain('You received this email because');
    expect(html).toMatch(/Postcraft · <a href="https:\/\/postcraft\.example"[^>]*>postcraft\.example<\/a>/);
    // The values keep their line breaks (pre-wrap), and none of them is made a link.
    expect(html).toMatch(/white-space:pre-wrap[^"]*"[^>]*>Hello,\n\nWe run 6 brands &amp; want a demo\.\n&lt;script&gt;/);
    expect(html).not.toContain('href="https://evil.example');
  });

  it('HTML: the visitor text is escaped, never markup', async () => {
    const { html } = await renderEmail(React.createElement(Acknowledgement, acknowledgementProps));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).toContain('6 brands &amp; want');
    expect(html).toContain('https://evil.example/?a=1&amp;b=2');
  });

  it('text: the same content, the visitor text verbatim (line breaks and spaces kept), no markup', async () => {
    const { text } = await renderEmail(React.createElement(Acknowledgement, acknowledgementProps));
    expect(text).toContain('We received your message');
    expect(text).toContain('Hi Ada <b>Lovelace</b>,');
    expect(text).toContain(acknowledgementProps.intro);
    expect(text).toContain(acknowledgementProps.promise);
    expect(text).toContain('What we received');
    expect(text).toContain(`Message\n${message}\n`);
    expect(text).toContain('Website\nhttps://evil.example/?a=1&b=2\n');
    expect(text).toContain('Questions? Write to hello@postcraft.example.');
    expect(text).toContain(`[${siteUrl}]`);
    expect(text).toContain('You received this email because');
    expect(text).toContain(`Postcraft · postcraft.example [${siteUrl}]`);
    // The hidden inbox preview is not repeated in the text.
    expect(text.split(acknowledgementProps.intro).length).toBe(2);
    expectNoTags(text, [message, 'Ada <b>Lovelace</b>']);
  });

  it('"Hello," without a name; no "What we received" without fields', async () => {
    const { html, text } = await renderEmail(
      React.createElement(Acknowledgement, { ...acknowledgementProps, name: undefined, fields: [] }),
    );
    expect(text).toContain('Hello,');
    expect(html).not.toContain('Hi ');
    expect(html).not.toContain('What we received');
  });
});

describe('NewsletterConfirm', () => {
  const props = {
    siteUrl,
    confirmUrl: `${siteUrl}/newsletter/confirm?token=abc123&list=news`,
    unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=def456`,
    expiresInDays: 7,
  };

  it('HTML: heading, why, the button and the same link as text, expiry, unsubscribe', async () => {
    const html = await renderHtml(React.createElement(NewsletterConfirm, props));
    const confirmHref = escapeHtml(props.confirmUrl);
    expect(html).toContain('Confirm your subscription');
    expect(html).toContain('Someone — hopefully you — asked to receive the Postcraft newsletter at this address.');
    expect(html).toMatch(new RegExp(`<a href="${confirmHref.replace(/[.?]/g, '\\$&')}"[^>]*>.*Confirm my subscription`));
    // The same address as the visible text of a link, for clients that block buttons.
    expect(html).toContain(`>${confirmHref}</a>`);
    expect(html).toContain('This link works for 7 days.');
    expect(html).toContain("If you didn&#x27;t ask for this, ignore this email: you won&#x27;t be subscribed.");
    expect(html).toMatch(new RegExp(`href="${escapeHtml(props.unsubscribeUrl).replace(/[.?]/g, '\\$&')}"[^>]*>Unsubscribe</a>`));
    expect(html).not.toMatch(/<script/i);
    // No web fonts, no external images or style sheets.
    expect(html).not.toMatch(/<img|<link|@import|@font-face|url\(/i);
  });

  it('text: the button as "label [url]", the link, expiry and unsubscribe; no markup', async () => {
    const { text } = await renderEmail(React.createElement(NewsletterConfirm, props));
    expect(text).toContain('Confirm your subscription');
    expect(text).toContain(`Confirm my subscription [${props.confirmUrl}]`);
    expect(text).toContain(`\n${props.confirmUrl}\n`);
    expect(text).toContain("This link works for 7 days. If you didn't ask for this, ignore this email: you won't be subscribed.");
    expect(text).toContain(`Unsubscribe [${props.unsubscribeUrl}]`);
    expectNoTags(text);
  });

  it('"1 day" for a one-day link', async () => {
    const { text } = await renderEmail(React.createElement(NewsletterConfirm, { ...props, expiresInDays: 1 }));
    expect(text).toContain('This link works for 1 day.');
  });
});

describe('emailPreviews', () => {
  it('has both emails; each renders HTML and text, no script, text without markup beyond the visitor sample', async () => {
    expect(Object.keys(emailPreviews).sort()).toEqual(['contact-acknowledgement', 'newsletter-confirm']);
    for (const [name, make] of Object.entries(emailPreviews)) {
      const { html, text } = await renderEmail(make());
      expect(html, name).toContain('Postcraft');
      expect(html, name).not.toMatch(/<script/i);
      expect(text, name).toContain('Postcraft');
      expectNoTags(text, ['<script>alert(1)</script>']);
    }
  });

  it('the acknowledgement sample shows escaping: <script> and & escaped in HTML, verbatim in text', async () => {
    const { html, text } = await renderEmail(emailPreviews['contact-acknowledgement']());
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&amp;');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toMatch(/ & /);
  });

  it('no email component writes raw HTML', () => {
    const dir = path.resolve(import.meta.dirname, '../../src/lib/notify/emails');
    for (const file of fs.readdirSync(dir)) {
      expect(fs.readFileSync(path.join(dir, file), 'utf8'), file).not.toContain('dangerouslySetInnerHTML');
    }
  });
});
