import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InsightsPage } from '@/components/staff/pages/insights-page';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { otherValue } from '@/lib/analytics/page-view-keys';
import { parseRange, type Insights } from '@/lib/staff/insights';
import type { ReplyInsights } from '@/lib/staff/reply-insights';

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
    // A staff member's name is typed by an admin: text too.
    const times = { leads: 1, answered: 1, notAnswered: 0, medianHours: 2, p90Hours: 2 };
    const replies: ReplyInsights = {
      kinds: [{ kind: 'partner', promise: { hours: 48 }, ...times, onTime: { within: 1, late: 0, overdue: 0, notDue: 0, closed: 0 }, replies: { average: 1, counts: [0, 1, 0, 0] } }],
      all: { ...times, onTime: { within: 1, late: 0, overdue: 0, notDue: 0, closed: 0 }, replies: { average: 1, counts: [0, 1, 0, 0] } },
      staff: [{ id: crypto.randomUUID(), name: payloads[1]!, answered: 1, medianHours: 2, p90Hours: 2 }],
    };
    const answers = [{ id: crypto.randomUUID(), name: payloads[1]!, within: 1, late: 0, elsewhere: 0 }];
    const html = renderToStaticMarkup(createElement(InsightsPage, { insights, referrals, replies, answers }));
    expect(html).not.toMatch(/<img|<script|<a href="javascript/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.split('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;').length - 1, 'as a source, a campaign and a staff member, in the table and in the chart').toBeGreaterThanOrEqual(4);
    expect(html).toContain(`>${otherValue}<`);
  });
});
