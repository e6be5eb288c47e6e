// Charts of /staff/insights, drawn on the server as SVG (readable without JavaScript). Each is an image
// with a text summary for screen readers; its numbers are in a table next to it (components/staff/pages/insights-page.tsx).
import type { DailyLeads, FunnelStage } from '@/lib/staff/insights';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { kindByKind } from '@/lib/staff/lead-kinds';

/**
 * The colours of the kinds of lead, in the order of the registry (lib/leads/kinds.ts): each at least 3:1
 * against white (WCAG 1.4.11; tests/unit/chart-colors.test.ts), all distinct. A kind added later takes the next.
 */
export const kindPalette = ['#6d28d9', '#0369a1', '#047857', '#b45309', '#be123c', '#475569', '#a21caf', '#0f766e', '#4338ca', '#9a3412', '#15803d', '#1d4ed8'] as const;

/** One colour per kind of lead, by its place in the registry (wrapping round the palette past its end). */
export const kindColors = Object.fromEntries(leadKindNames.map((k, i) => [k, kindPalette[i % kindPalette.length]])) as Record<LeadKind, string>;

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A round upper bound for an axis (1, 2, 5 × 10^n). */
function niceMax(n: number): number {
  if (n <= 5) return 5;
  const p = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= n)!;
}

const labelSize = 11;

/**
 * The width a label takes at `labelSize`, over-estimated: a digit or letter is taken as 0.7 em (Geist's and
 * the fallback fonts' digits are about 0.6 em, with tabular figures), anything else (comma, space) as 0.4 em.
 * The chart is drawn on the server, where no text can be measured: the room for the labels is made from
 * this, so that none is cut at any width (the SVG scales as a whole).
 */
function labelWidth(text: string): number {
  let em = 0;
  for (const c of text) em += /[0-9A-Za-z]/.test(c) ? 0.7 : 0.4;
  return em * labelSize;
}

/** Leads per day, stacked by kind. */
export function DailyChart({ daily, kinds, summary }: { daily: DailyLeads[]; kinds: LeadKind[]; summary: string }) {
  const width = 720;
  const height = 220;
  const right = 8;
  const bottom = 24;
  const top = 8;
  const max = niceMax(Math.max(0, ...daily.map((d) => d.total)));
  const ticks = [0, 0.5, 1].map((f) => ({ f, label: Math.round(max * f).toLocaleString('en-US') }));
  // The left gutter holds the longest count label, right-aligned 6 units before the plot.
  const left = Math.ceil(Math.max(...ticks.map((t) => labelWidth(t.label)))) + 2 + 6;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const slot = plotW / Math.max(1, daily.length);
  const barW = Math.max(1, Math.min(24, slot * 0.7));
  const labelEvery = Math.ceil(daily.length / 8);
  /** A day label's centre: under its bar, but never so near an edge that half of the label would be cut. */
  const dayLabelX = (x: number, label: string) => {
    const half = labelWidth(label) / 2;
    return Math.min(width - half, Math.max(half, x));
  };
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-auto w-full tabular-nums" preserveAspectRatio="xMidYMid meet">
      {ticks.map(({ f, label }) => {
        const y = top + plotH * (1 - f);
        return (
          <g key={f}>
            <line x1={left} x2={width - right} y1={y} y2={y} stroke="#e2e8f0" />
            <text x={left - 6} y={y + 4} textAnchor="end" fontSize={labelSize} fill="#475569">
              {label}
            </text>
          </g>
        );
      })}
      {daily.map((d, i) => {
        let y = top + plotH;
        const x = left + i * slot + (slot - barW) / 2;
        return (
          <g key={d.day}>
            {kinds.map((k) => {
              const h = (d.counts[k] / max) * plotH;
              if (!h) return null;
              y -= h;
              return <rect key={k} x={x} y={y} width={barW} height={h} fill={kindColors[k]} />;
            })}
            {i % labelEvery === 0 ? (
              <text x={dayLabelX(x + barW / 2, shortDay(d.day))} y={height - 6} textAnchor="middle" fontSize={labelSize} fill="#475569">
                {shortDay(d.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The colour key of the daily chart. */
export function KindLegend({ kinds }: { kinds: LeadKind[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Colours of the chart">
      {kinds.map((k) => (
        <li key={k} className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: kindColors[k] }} />
          {kindByKind[k].shortLabel}
        </li>
      ))}
    </ul>
  );
}

/** A bar for a table cell: `value` out of `max`, drawn in SVG (decorative: the number is in the next cell). */
export function InlineBar({ value, max, color = '#6d28d9' }: { value: number; max: number; color?: string }) {
  const w = max > 0 ? Math.max(value > 0 ? 2 : 0, (value / max) * 100) : 0;
  return (
    <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden className="h-2.5 w-full min-w-16 rounded-sm bg-slate-100">
      <rect x="0" y="0" width={w} height="10" fill={color} />
    </svg>
  );
}

/** The status funnel as horizontal bars. */
export function FunnelChart({ stages, summary }: { stages: FunnelStage[]; summary: string }) {
  const width = 360;
  const row = 34;
  const label = 90;
  const max = Math.max(1, ...stages.map((s) => s.leads));
  return (
    <svg viewBox={`0 0 ${width} ${stages.length * row}`} role="img" aria-label={summary} className="h-auto w-full max-w-xl">
      {stages.map((s, i) => {
        const w = ((width - label - 70) * s.leads) / max;
        return (
          <g key={s.stage} transform={`translate(0 ${i * row})`}>
            <text x="0" y="21" fontSize="13" fill="#0f172a">
              {s.stage}
            </text>
            <rect x={label} y="6" width={Math.max(s.leads ? 2 : 0, w)} height="20" rx="3" fill="#6d28d9" />
            <text x={label + w + 6} y="21" fontSize="12" fill="#334155">
              {s.leads.toLocaleString('en-US')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
