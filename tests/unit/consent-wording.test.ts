import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { TrialForm } from '@/components/forms/trial-form';
import { consentWordings } from '@/lib/leads/consent';

// A consent record stores the words the form showed: they must be the words the form shows. The bracketed
// parts name the controls (the address field, the button).
const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
const parts = (words: string) =>
  words
    .split(/\[([^\]]+)\]/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter(Boolean);

describe('consent wordings are the forms’ own words', () => {
  it('the trial’s terms checkbox', () => {
    const text = visibleText(renderToStaticMarkup(createElement(TrialForm, { page: '/signup' })));
    expect(text).toContain(consentWordings.trial.words.replace(/\.$/, ''));
  });

  for (const source of ['blog', 'footer'] as const) {
    it(`the ${source} newsletter form`, () => {
      const text = visibleText(renderToStaticMarkup(createElement(NewsletterForm, { source, page: '/blog' })));
      for (const part of parts(consentWordings[`newsletter:${source}`].words)) expect(text, part).toContain(part);
    });
  }
});
