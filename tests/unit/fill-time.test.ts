import { describe, expect, it } from 'vitest';
import { leadKindNames, leadKinds, type FieldDef } from '@/lib/leads/kinds';
import { minFillSecondsFor, needsTyping } from '@/lib/spam/fill-time';

/** The minimum time to fill per form (docs/spam.md, "The time to fill"), derived from the registry. */
describe('the time to fill of each form', () => {
  it('a form a person must type in (a message, a subject, a website) has the minimum; one a browser can autofill has none', () => {
    const typed = leadKindNames.filter(needsTyping);
    expect(typed.sort()).toEqual(['affiliate', 'agency', 'contact', 'partner']);
    expect(minFillSecondsFor('partner', 1)).toBe(1);
    expect(minFillSecondsFor('newsletter', 1)).toBe(0);
    expect(minFillSecondsFor('trial', 3)).toBe(0);
  });

  it('every required name, company and address field is marked as one browsers autofill', () => {
    for (const kind of leadKindNames) {
      for (const [name, f] of Object.entries(leadKinds[kind].fields as Record<string, FieldDef>)) {
        if (f.rule.type === 'email') expect(f.autofill, `${kind}.${name}`).toBe('email');
        if (/^(first_name|last_name|name|company|business_name)$/.test(f.column)) expect(f.autofill, `${kind}.${name}`).toBeDefined();
      }
    }
  });
});
