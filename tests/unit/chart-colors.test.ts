import { describe, expect, it } from 'vitest';
import { kindColors, kindPalette } from '@/components/staff/charts';
import { leadKindNames } from '@/lib/leads/kinds';
import { kindsOfToday } from '../support/lead-samples';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the insights’ colours of the kinds of lead', () => {
  it('the kinds of today keep their colours', () => {
    expect(Object.fromEntries(kindsOfToday.map((k) => [k, kindColors[k]]))).toEqual({
      partner: '#6d28d9',
      affiliate: '#0369a1',
      agency: '#047857',
      contact: '#b45309',
      newsletter: '#be123c',
      dataRequest: '#475569',
      trial: '#a21caf',
    });
  });
  it('every colour of the palette is distinct and at least 3:1 against white (WCAG 1.4.11), with room for more kinds', () => {
    expect(new Set(kindPalette).size).toBe(kindPalette.length);
    expect(kindPalette.length).toBeGreaterThan(leadKindNames.length);
    for (const c of kindPalette) expect(contrastWithWhite(c), c).toBeGreaterThanOrEqual(3);
  });
});
