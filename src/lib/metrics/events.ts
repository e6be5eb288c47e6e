/**
 * What lib/ reports for the server's metrics (server/metrics.ts, docs/deploy.md "Metrics"): a lead stored or
 * held as spam, a delivery's outcome, a write of the page counts. lib/ knows no metrics library: the server
 * registers its sink here when metrics are on (METRICS_TOKEN or METRICS_PORT), and hands the same sink to
 * Astro's bundle in `locals.metrics` (that bundle has its own copy of lib/: src/middleware.ts registers it
 * there). Without a sink each report is one call of an empty function.
 */
export type LeadOutcome = 'stored' | 'held';
export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'cancelled';

export type MetricsSink = {
  lead: (kind: string, outcome: LeadOutcome) => void;
  delivery: (channel: string, outcome: DeliveryOutcome) => void;
  /** One write of the page counts: its distinct rows and whether it was stored. */
  pageCountFlush: (rows: number, ok: boolean) => void;
};

const none: MetricsSink = { lead: () => {}, delivery: () => {}, pageCountFlush: () => {} };
let sink: MetricsSink = none;

/** Makes `next` this copy of lib's sink (undefined: none); returns the one it replaced. */
export function setMetricsSink(next: MetricsSink | undefined): MetricsSink | undefined {
  const previous = sink === none ? undefined : sink;
  sink = next ?? none;
  return previous;
}

/** The current sink (a report is `metrics().lead(...)`; never throws when the sink does not). */
export const metrics = (): MetricsSink => sink;
