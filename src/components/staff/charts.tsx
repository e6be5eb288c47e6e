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

/** A duration in hours as the insights write it: minutes under an hour, hours under two days, then days. */
export function duration(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
}

/** The ticks a time axis may show (hours), with their labels: a log scale, from a minute to a year. */
const timeTicks: [number, string][] = [
  [1 / 60, '1 min'],
  [10 / 60, '10 min'],
  [1, '1 h'],
  [4, '4 h'],
  [24, '1 day'],
  [72, '3 days'],
  [168, '1 week'],
  [720, '30 days'],
  [2160, '90 days'],
  [8760, '1 year'],
];

/** The width of the horizontal bar charts: about a phone's, so that their text keeps a readable size there unscrolled. */
const barChartWidth = 320;
const nameSize = 13;
const valueSize = 12;
/** `labelWidth` at another size. */
const textWidth = (text: string, size: number) => (labelWidth(text) * size) / labelSize;

/**
 * The rows of a horizontal bar chart, each a name (bold, at the left) and a value (at the right) above its bar:
 * on one line when both fit in `room`, else the value on a line of its own. Each row's top and its bar's top.
 */
function barRows<R>(rows: R[], name: (r: R) => string, value: (r: R) => string, room: number) {
  // One layout for every row of a chart, so that the bars line up.
  const twoLines = rows.some((r) => textWidth(name(r), nameSize) + 12 + textWidth(value(r), valueSize) > room);
  const height = twoLines ? 60 : 46;
  return { height: rows.length * height, rows: rows.map((r, i) => ({ r, top: i * height, twoLines, bar: twoLines ? 36 : 21 })) };
}

function RowHead({ name, value, x, right, twoLines }: { name: string; value: string; x: number; right: number; twoLines: boolean }) {
  return (
    <>
      <text x={x} y={14} fontSize={nameSize} fontWeight={600} fill="#0f172a">
        {name}
      </text>
      <text x={twoLines ? x : right} y={twoLines ? 30 : 14} textAnchor={twoLines ? 'start' : 'end'} fontSize={valueSize} fill="#334155">
        {value}
      </text>
    </>
  );
}

export type TimeRow = { label: string; medianHours: number | null; p90Hours: number | null; promiseHours?: number };

/** The colours of the time chart (median solid; 90th percentile a light bar with a solid edge, both over 3:1 where they meet). */
export const timeColors = { median: '#6d28d9', p90Fill: '#ede9fe', p90Edge: '#6d28d9', promise: '#0f172a' } as const;

/** The ticks of a time axis over `least`..`most` hours that `place` spreads without two labels meeting. */
function axisTicks(least: number, most: number) {
  const loIndex = Math.max(
    0,
    timeTicks.findLastIndex(([h]) => h <= least),
  );
  const found = timeTicks.findIndex(([h]) => h >= most);
  const hiIndex = Math.max(loIndex + 1, found < 0 ? timeTicks.length - 1 : found);
  return timeTicks.slice(loIndex, hiIndex + 1);
}

/**
 * Time to the first reply, one row per kind or staff member: a solid bar to the median, a light one to the
 * 90th percentile, and a dashed mark at the promised time, on a logarithmic time axis (a minute to a year), so
 * that an hour and 30 days both read. Tick labels that would meet are left out (the first and last stay).
 */
export function TimeChart({ rows, summary }: { rows: TimeRow[]; summary: string }) {
  const width = barChartWidth;
  const axis = 22;
  const times = rows.flatMap((r) => [r.medianHours, r.p90Hours, r.promiseHours]).filter((v): v is number => v !== null && v !== undefined && v > 0);
  const ticks = axisTicks(Math.min(...times, 1), Math.max(...times, 4));
  const [lo, hi] = [ticks[0]![0], ticks.at(-1)![0]];
  // Half a label's width kept free at each end, so that the first and last tick labels are whole.
  const pad = Math.ceil(Math.max(labelWidth(ticks[0]![1]), labelWidth(ticks.at(-1)![1])) / 2);
  const x = (h: number) => pad + ((Math.log(Math.min(hi, Math.max(lo, h))) - Math.log(lo)) / (Math.log(hi) - Math.log(lo))) * (width - 2 * pad);
  const shown: [number, string][] = [];
  for (const tick of ticks) {
    const gap = (a: [number, string], b: [number, string]) => x(b[0]) - x(a[0]) - (labelWidth(a[1]) + labelWidth(b[1])) / 2;
    if (tick === ticks.at(-1)) while (shown.length > 1 && gap(shown.at(-1)!, tick) < 6) shown.pop();
    if (!shown.length || gap(shown.at(-1)!, tick) >= 6) shown.push(tick);
  }
  const valueOf = (r: TimeRow) => (r.medianHours === null ? 'not answered yet' : `median ${duration(r.medianHours)} · 90th ${duration(r.p90Hours)}`);
  const { height: plotH, rows: laid } = barRows(rows, (r) => r.label, valueOf, width - 2 * pad);
  return (
    <svg viewBox={`0 0 ${width} ${plotH + axis}`} role="img" aria-label={summary} className="h-auto w-full tabular-nums">
      {shown.map(([h, label]) => (
        <text key={label} x={x(h)} y={plotH + axis - 6} textAnchor="middle" fontSize={labelSize} fill="#475569">
          {label}
        </text>
      ))}
      {laid.map(({ r, top, twoLines, bar }) => (
        <g key={r.label} transform={`translate(0 ${top})`}>
          {/* The axis' lines, across the bar only (not through the text above it). */}
          {shown.map(([h, label]) => (
            <line key={label} x1={x(h)} x2={x(h)} y1={bar - 4} y2={bar + 20} stroke="#e2e8f0" />
          ))}
          <RowHead name={r.label} value={valueOf(r)} x={pad} right={width - pad} twoLines={twoLines} />
          {r.p90Hours !== null ? <rect x={pad} y={bar} width={Math.max(2, x(r.p90Hours) - pad)} height={16} rx={2} fill={timeColors.p90Fill} stroke={timeColors.p90Edge} strokeWidth={1.5} /> : null}
          {r.medianHours !== null ? <rect x={pad} y={bar} width={Math.max(2, x(r.medianHours) - pad)} height={16} rx={2} fill={timeColors.median} /> : null}
          {r.promiseHours ? <line x1={x(r.promiseHours)} x2={x(r.promiseHours)} y1={bar - 4} y2={bar + 20} stroke={timeColors.promise} strokeWidth={2} strokeDasharray="3 2" /> : null}
        </g>
      ))}
    </svg>
  );
}

export type ShareKey = { label: string; color: string };

/**
 * Shares of a whole, one row per kind: a bar of 100 % cut into `keys`' parts (white gaps between them; a part
 * wide enough carries its percentage), and the row's total above it at the right.
 */
export function ShareChart({ rows, keys, unit, summary }: { rows: { label: string; values: number[] }[]; keys: ShareKey[]; unit: [string, string]; summary: string }) {
  const width = barChartWidth;
  const totalOf = (r: { values: number[] }) => r.values.reduce((a, b) => a + b, 0);
  const valueOf = (r: { values: number[] }) => `${totalOf(r).toLocaleString('en-US')} ${totalOf(r) === 1 ? unit[0] : unit[1]}`;
  const { height, rows: laid } = barRows(rows, (r) => r.label, valueOf, width);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-auto w-full tabular-nums">
      {laid.map(({ r, top, twoLines, bar }) => {
        const total = totalOf(r);
        let left = 0;
        return (
          <g key={r.label} transform={`translate(0 ${top})`}>
            <RowHead name={r.label} value={valueOf(r)} x={0} right={width} twoLines={twoLines} />
            <rect x={0} y={bar} width={width} height={18} rx={2} fill="#f1f5f9" />
            {r.values.map((v, k) => {
              if (!total || !v) return null;
              const w = (v / total) * width;
              const x = left;
              left += w;
              return (
                <g key={keys[k]!.label}>
                  <rect x={x} y={bar} width={w} height={18} fill={keys[k]!.color} stroke="#fff" strokeWidth={1} />
                  {w >= 34 ? (
                    <text x={x + w / 2} y={bar + 13} textAnchor="middle" fontSize={labelSize} fill="#fff">
                      {`${Math.round((v / total) * 100)} %`}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}

/** The key of a share chart (or of the time chart): a swatch and a name each. */
export function ChartKey({ keys, label }: { keys: (ShareKey & { swatch?: React.ReactNode })[]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={label}>
      {keys.map((k) => (
        <li key={k.label} className="flex items-center gap-1.5">
          {k.swatch ?? <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: k.color }} />}
          {k.label}
        </li>
      ))}
    </ul>
  );
}
