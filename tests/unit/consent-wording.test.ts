import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { TrialForm } from '@/components/forms/trial-form';
import { declaredConsents } from '@/lib/leads/consent';

// A consent record stores the words the form showed: they must be the words the form shows. The bracketed
// parts name the controls (the address field, the button). Every consent the registry declares (a kind's
// post, a box to tick) is checked on the form that shows it.
const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
const parts = (words: string) =>
  words
    .split(/\[([^\]]+)\]/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter(Boolean);

/**
 * How each form that shows a consent is rendered, by its name (`forms` in lib/leads/kinds.ts). A new form
 * with a consent needs its line: the test below names the form that has none.
 */
const rendered: Record<string, () => ReactElement> = {
  trial: () => createElement(TrialForm, { page: '/signup' }),
  'newsletter-blog': () => createElement(NewsletterForm, { source: 'blog', page: '/blog' }),
  'newsletter-footer': () => createElement(NewsletterForm, { source: 'footer', page: '/blog' }),
};

describe('consent wordings are the forms’ own words', () => {
  it('the registry declares the consents of today: each newsletter form, the trial’s terms box', () => {
    // A kind added later may declare more; these stay as they are.
    expect(declaredConsents.filter((c) => ['newsletter', 'trial'].includes(c.kind)).map((c) => [c.form, c.field ?? null, c.purpose])).toEqual([
      ['newsletter-footer', null, 'newsletter'],
      ['newsletter-blog', null, 'newsletter'],
      ['trial', 'terms', 'terms'],
    ]);
  });

  for (const consent of declaredConsents) {
    it(`${consent.form}${consent.field ? ` (its box ${consent.field})` : ''}: ${consent.purpose}`, () => {
      expect(consent.words, `${consent.kind}: the form ${consent.form} has no words for its consent`).toBeTruthy();
      const render = rendered[consent.form];
      expect(render, `add how to render the form ${consent.form} to \`rendered\` in tests/unit/consent-wording.test.ts`).toBeDefined();
      const text = visibleText(renderToStaticMarkup(render()));
      for (const part of parts(consent.words)) expect(text, part).toContain(part);
    });
  }
});
