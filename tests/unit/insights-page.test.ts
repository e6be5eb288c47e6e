import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InsightsPage } from '@/components/staff/pages/insights-page';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { otherValue } from '@/lib/analytics/page-view-keys';
import { parseRange, type Insights } from '@/lib/staff/insights';

// A visitor chooses the campaign tags and the referring host that page counts keep, and a lead's tags too:
// /staff/insights shows them as text, never as markup (and with the page counts' bounds, odd text is
// counted as "(other)" before it is stored: docs/analytics.md).
const payloads = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>'];

describe('the insights page shows visitors’ tags as text', () => {
  it('a source or campaign made of markup is escaped, and "(other)" is shown as is', () => {
    const range = parseRange(new URLSearchParams('days=7'), new Date('2026-11-27T12:00:00Z'));
    const zero = Object.fromEntries(leadKindNames.map((k) => [k, 0])) as Record<LeadKind, number>;
    const row = (key: string, views: number) => ({ key, views, leads: 1, rate: 1 / views });
    const insights: Insights = {
      range,
      daily: [{ day: range.to, counts: zero, total: 0 }],
      totals: zero,
      leads: 3,
      views: 30,
      pages: [],
      sources: [...payloads.map((p) => row(p, 5)), row(otherValue, 15)],
      campaigns: payloads.map((p) => row(p, 10)),
      funnel: [],
      lost: 0,
      medianHoursToFirstChange: null,
      changed: 0,
    };
    // Affiliate codes are visitor-chosen too (lib/leads/referral.ts lets through only a short plain code).
    const referrals = { top: [{ code: 'spring-sale', leads: 2, trials: 1 }], codes: 1, leads: 2 };
    const html = renderToStaticMarkup(createElement(InsightsPage, { insights, referrals }));
    expect(html).not.toMatch(/<img|<script|<a href="javascript/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`>${otherValue}<`);
  });
});
