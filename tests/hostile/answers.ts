// The tally of test:hostile: every answer of both batteries (public forms, staff area) is inspected
// here, and what failed, what could not be tested and what was noted is collected for the report.

/** An answer as the battery sees it (`status` is an error code when the connection dropped). */
export type Answer = { status: number | string; html: string; type?: string | null; location?: string | null };
type NetError = { code?: string; cause?: { code?: string } };

export const tally = {
  /** Checks made (answers inspected and stored-row checks). */
  total: 0,
  failures: [] as string[],
  skipped: [] as string[],
  notes: [] as string[],
  counts: { answers: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, dropped: 0 } as Record<string, number>,
};

export const fail = (what: string, detail: string): void => {
  tally.failures.push(`${what}: ${detail}`);
};
/** A part of the battery that could not run (the suite fails on it). */
export const skip = (what: string): void => {
  tally.skipped.push(what);
};
export const note = (text: string): void => {
  tally.notes.push(text);
};
/** One stored-row check: fails with `detail` when `bad` is not zero. */
export function checkCount(what: string, bad: number, detail: string): void {
  tally.total++;
  if (bad) fail(what, `${bad} ${detail}`);
}

/** The answer of a request whose connection dropped. */
export const dropped = (e: NetError): Answer => ({ status: e.cause?.code ?? e.code ?? 'reset', html: '' });

const stackTrace = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|webpack-internal|TypeError:|ReferenceError:|SyntaxError: Unexpected/;
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a form page shows the form refused the post: a field error, an alert, a 4xx. */
export const formRefused = (r: Answer): boolean => (typeof r.status === 'number' && r.status >= 400) || /aria-invalid="true"/.test(r.html);

/**
 * Checks one answer: not a 5xx or a dropped connection, no stack trace, no payload unescaped, a clear
 * message (a page with text, or a redirect); with mustRefuse, also that the post was refused.
 */
export function inspectAnswer(what: string, res: Answer, { mustRefuse = false, refused = formRefused }: { mustRefuse?: boolean; refused?: (r: Answer) => boolean } = {}): void {
  tally.total++;
  const { counts } = tally;
  counts.answers++;
  if (typeof res.status !== 'number') {
    counts.dropped++;
    return fail(what, `no HTTP answer (${res.status})`);
  }
  const family = `${String(res.status)[0]}xx`;
  counts[family] = (counts[family] ?? 0) + 1;
  if (res.status >= 500) return fail(what, `HTTP ${res.status}`);
  if (stackTrace.test(res.html)) return fail(what, 'the answer shows a stack trace');
  // A payload in a CSV or JSON download is data, not markup: only HTML answers can run it.
  const html = !res.type || /html/i.test(res.type);
  if (html && /<script>alert\(1\)<\/script>|<img src=x onerror/i.test(res.html)) return fail(what, 'a payload came back unescaped');
  const redirect = res.status >= 300 && res.status < 400;
  const download = !html && res.status >= 200 && res.status < 300; // a CSV or JSON file: its content is the answer
  if (!redirect && !download && res.status !== 204 && visibleText(res.html ?? '').length < 20) return fail(what, `HTTP ${res.status} without a clear message`);
  if (mustRefuse && !refused(res)) return fail(what, `accepted (HTTP ${res.status}) instead of refused with a message`);
}
