// `npm run bench:load [-- --n 10000 --c 100 --targets pglite,pg,pg2]`: N distinct submissions at
// concurrency C through the posts browsers make, half as a browser without JavaScript (the form's
// POST to its page) and half as one with it (the JSON endpoint /api/leads/<form>), the lead forms that
// store a row per post in turn (support/bulk-leads.ts: partner, affiliate, agency, contact, trial, and any
// kind added to the registry), against
//   pglite: one server on the embedded database,
//   pg:     one server on PostgreSQL (a fresh database on DATABASE_URL's server, else the local one),
//   pg2:    two servers on one PostgreSQL database, requests alternating between them.
// Checks: every submission answered with its success message, exactly N rows, every row exactly what
// was sent (no half-written or mixed-up row) with one exactly-once token; with two servers, that the
// per-IP rate limit is one budget (a client over the limit on instance A is also refused on B).
// Notifications are on (a webhook to a receiver in this process, delivered by the loop of every
// server): each lead posted with JavaScript (with its solved proof of work) gets exactly one outbox row,
// and every row is delivered exactly once although both instances work the shared outbox; each posted
// without JavaScript is held for review with nothing queued (docs/spam.md).
// Prints a table of figures (submissions/s, p50/p95/p99, success answers vs rows); exits non-zero when
// a check fails. N, C and the targets also come from BENCH_LOAD_N, BENCH_LOAD_C, BENCH_LOAD_TARGETS.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { onCleanup, tempDir } from '../support/cleanup';
import { createTempDatabase, openEmbedded, poolQuery, type Query } from '../support/suite-databases';
import { loadForm, submitForm, submitFormJs, type Form } from '../support/form-client';
import { bulkKinds as kinds, formPages, readBackLeads, validValues, type BulkKind as Kind, type Sent } from '../support/bulk-leads';
import { launch } from '../support/start-server';
import { benchEnv, limitEnvForTest, numberArg, percentile, printTable, runSuite, type Checks } from '../support/suite-runner';

type Check = Checks['check'];
type Answer = { status: number | string; html: string; ms: number };
type Run = {
  tag: string;
  sent: Sent;
  succeeded: Set<string>;
  lat: number[];
  byPath: { page: number[]; json: number[] };
  other: Record<string, number>;
  secs: number;
  /** The addresses posted without JavaScript: held for review by the spam screening (docs/spam.md), nothing sent. */
  noScript: Set<string>;
};
type Receiver = Awaited<ReturnType<typeof startReceiver>>;
type LeadId = { kind: Kind; id: string; noScript: boolean };

const N = numberArg('n', 10_000, 'BENCH_LOAD_N');
const C = numberArg('c', 100, 'BENCH_LOAD_C');
const targetsArg = (() => {
  const i = process.argv.indexOf('--targets');
  return (i > 0 ? process.argv[i + 1] : process.env.BENCH_LOAD_TARGETS) || 'pglite,pg,pg2';
})();
const targets = targetsArg.split(',').map((t) => t.trim());
for (const t of targets) {
  if (!['pglite', 'pg', 'pg2'].includes(t)) {
    console.error(`unknown target "${t}" (expected pglite, pg, pg2)`);
    process.exit(2);
  }
}

const figures: Record<string, unknown>[] = [];

/**
 * Sends N submissions at concurrency C, spread over `urls` (one per server). Returns the latencies,
 * what was sent per email, and which emails were answered with success.
 */
async function load(label: string, urls: string[]): Promise<Run> {
  const forms = {} as Record<Kind, Form[]>;
  for (const kind of kinds) {
    const { path, pick } = formPages[kind];
    forms[kind] = await Promise.all(urls.map((u) => loadForm(u, path, pick)));
  }
  const tag = `${label.replace(/\W+/g, '')}${Date.now().toString(36)}`;
  const sent: Run['sent'] = new Map();
  const succeeded = new Set<string>();
  const lat: number[] = [];
  const byPath: Run['byPath'] = { page: [], json: [] };
  const other: Record<string, number> = {};
  const noScript = new Set<string>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      for (let i = next++; i < N; i = next++) {
        const kind = kinds[i % kinds.length];
        const values = validValues(kind, `${tag}-${i}`);
        sent.set(values.email, { kind, values });
        const form = forms[kind][Math.floor(i / kinds.length) % urls.length];
        const send = Math.floor(i / (kinds.length * urls.length)) % 2 ? submitFormJs : submitForm;
        if (send === submitForm) noScript.add(values.email);
        const r: Answer = await send(form, values).catch((e: { code?: string; cause?: { code?: string } }) => ({ status: e.cause?.code ?? e.code ?? 'error', html: '', ms: NaN }));
        if (Number.isFinite(r.ms)) {
          lat.push(r.ms);
          byPath[send === submitFormJs ? 'json' : 'page'].push(r.ms);
        }
        if (r.status === 200 && r.html.includes(formPages[kind].success)) succeeded.add(values.email);
        else {
          const key = r.html.includes('Submission Failed') ? `${r.status} Submission Failed` : r.status === 200 ? '200 without success' : String(r.status);
          other[key] = (other[key] ?? 0) + 1;
        }
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  for (const l of Object.values(byPath)) l.sort((a, b) => a - b);
  return { tag, sent, succeeded, lat, byPath, other, secs, noScript };
}

/**
 * A webhook receiver: counts each delivery (webhook-id, the outbox row's id). Every server of the
 * run gets WEBHOOK_URL pointing here, so the delivery loops of all instances work the one outbox.
 */
async function startReceiver() {
  const deliveries = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      if (id) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  onCleanup('webhook receiver', () => new Promise((r) => server.close(r)));
  server.keepAliveTimeout = 60_000;
  return {
    env: { WEBHOOK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, WEBHOOK_SECRET: 'bench-load: a secret of 32 characters or more', NOTIFY_POLL_MS: '500' },
    deliveries,
    /**
     * Waits until `n` distinct deliveries arrived since `from` (a count taken before) and then none for
     * 3 s (rows whose answer never reached the client are delivered too), or until `ms` passed.
     */
    async waitFor(n: number, from: number, ms = 180_000): Promise<number> {
      const until = Date.now() + ms;
      let last = -1;
      let quietSince = Date.now();
      while (Date.now() < until) {
        const got = deliveries.size - from;
        if (got !== last) [last, quietSince] = [got, Date.now()];
        if (got >= n && Date.now() - quietSince >= 3000) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      return deliveries.size - from;
    },
  };
}

/**
 * Each lead posted with JavaScript has exactly one outbox row (one channel: webhook), delivered exactly
 * once; each posted without it is held for review (docs/spam.md) with none.
 */
async function verifyOutbox(query: Query, ids: LeadId[], receiver: Receiver, check: Check, label: string) {
  const [{ exists }] = await query<{ exists: boolean }>(`select to_regclass('public.notification_outbox') is not null as exists`);
  if (!check(`${label}: the notification outbox exists`, exists)) return;
  const rows = await query<{ id: string; lead_type: string; lead_id: string; channel: string; status: string; attempts: number }>(`select id::text as id, lead_type, lead_id::text as lead_id, channel, status, attempts from notification_outbox where lead_id = any($1::uuid[])`, [ids.map((r) => r.id)]);
  const held = new Set(
    (await query<{ key: string }>(`select lead_type || ':' || lead_id as key from lead_screening where verdict = 'held' and lead_id = any($1::uuid[])`, [ids.map((r) => r.id)])).map((r) => r.key),
  );
  const byLead = new Map<string, number>();
  for (const r of rows) byLead.set(`${r.lead_type}:${r.lead_id}`, (byLead.get(`${r.lead_type}:${r.lead_id}`) ?? 0) + 1);
  const delivered = ids.filter((l) => !l.noScript);
  const wrong = delivered.filter(({ kind, id }) => byLead.get(`${kind}:${id}`) !== 1 || held.has(`${kind}:${id}`)).length;
  check(
    `${label}: each lead posted with JavaScript has exactly one outbox row`,
    wrong === 0 && rows.length === delivered.length,
    `${rows.length} outbox rows for ${delivered.length} leads${wrong ? `, ${wrong} leads wrong` : ''}`,
  );
  const heldWrong = ids.filter((l) => l.noScript && (!held.has(`${l.kind}:${l.id}`) || byLead.has(`${l.kind}:${l.id}`))).length;
  check(`${label}: each lead posted without JavaScript is held for review, with nothing queued`, heldWrong === 0, `${ids.length - delivered.length} held${heldWrong ? `, ${heldWrong} wrong` : ''}`);
  // Delivery is at least once: a retry after a timeout may deliver again (same webhook-id, so the
  // receiver can tell). A second delivery without a second attempt would mean two loops sent one row.
  const notSent = rows.filter((r) => r.status !== 'sent').length;
  const never = rows.filter((r) => !receiver.deliveries.has(r.id)).length;
  const twice = rows.filter((r) => (receiver.deliveries.get(r.id) ?? 0) > 1);
  const doubleClaimed = twice.filter((r) => (receiver.deliveries.get(r.id) ?? 0) > Number(r.attempts)).length;
  check(
    `${label}: every outbox row delivered, none by two loops at once`,
    notSent === 0 && never === 0 && doubleClaimed === 0,
    `${rows.length - notSent} sent, ${never} never delivered, ${twice.length} delivered again by a retry, ${doubleClaimed} delivered more often than attempted`,
  );
  return rows.length;
}

async function record(label: string, run: Run, query: Query, check: Check) {
  const { rows, problems, ids } = await readBackLeads(query, run.tag, run.sent);
  const otherText = Object.entries(run.other)
    .map(([k, v]) => `${v}x ${k}`)
    .join(', ');
  figures.push({
    target: label,
    N,
    C,
    seconds: run.secs.toFixed(1),
    'submissions/s': (N / run.secs).toFixed(0),
    'p50 ms': percentile(run.lat, 50).toFixed(0),
    'p95 ms': percentile(run.lat, 95).toFixed(0),
    'p99 ms': percentile(run.lat, 99).toFixed(0),
    'page p50/p99 ms': `${percentile(run.byPath.page, 50).toFixed(0)}/${percentile(run.byPath.page, 99).toFixed(0)}`,
    'JSON p50/p99 ms': `${percentile(run.byPath.json, 50).toFixed(0)}/${percentile(run.byPath.json, 99).toFixed(0)}`,
    'success 2xx': run.succeeded.size,
    'other answers': otherText || '0',
    rows: rows.length,
    'bad rows': problems.length,
  });
  check(`${label}: every submission answered with its success message`, run.succeeded.size === N, `${run.succeeded.size}/${N}${otherText ? `; ${otherText}` : ''}`);
  const perForm = kinds.map((k) => `${k} ${rows.filter((r) => r.kind === k).length}`).join(', ');
  check(`${label}: exactly N rows, one per submission`, rows.length === N && new Set(rows.map((r) => r.row.email)).size === N, `${rows.length} rows: ${perForm}`);
  const stored = new Set(rows.map((r) => r.row.email));
  const missing = [...run.succeeded].filter((e) => !stored.has(e)).length;
  check(`${label}: every success answer has its row`, missing === 0, `${missing} missing`);
  check(`${label}: no half-written or altered row (every column as sent)`, problems.length === 0, problems.slice(0, 3).join('; '));
  return { ids, rows };
}

/** Two instances, production limits: one address over the per-form limit on A is refused on B too. */
async function sharedLimit(dbUrl: string, check: Check) {
  const { env, perFormLimit } = limitEnvForTest();
  const [a, b] = await Promise.all([launch({ ...env, DATABASE_URL: dbUrl }), launch({ ...env, DATABASE_URL: dbUrl })]);
  try {
    const { path, pick } = formPages.contact;
    const [fa, fb] = await Promise.all([loadForm(a.url, path, pick), loadForm(b.url, path, pick)]);
    const tag = `limit${Date.now().toString(36)}`;
    const onA: Answer[] = [];
    for (let i = 0; i < perFormLimit; i++) onA.push(await submitForm(fa, validValues('contact', `${tag}-a${i}`)));
    const acceptedA = onA.filter((r) => r.status === 200 && r.html.includes(formPages.contact.success)).length;
    const onB = await submitForm(fb, validValues('contact', `${tag}-b`));
    const againA = await submitForm(fa, validValues('contact', `${tag}-a-again`));
    check(`2 servers: ${perFormLimit} submissions within the limit accepted on A`, acceptedA === perFormLimit, `${acceptedA} accepted`);
    const refused = (r: Answer) => r.status === 429 && r.html.includes('Too many submissions');
    check('2 servers: the same client, over the limit, is refused on B (429 with the message)', refused(onB), `HTTP ${onB.status}`);
    check('2 servers: ...and on A', refused(againA), `HTTP ${againA.status}`);
    const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
    try {
      const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from contact_messages where email like $1`, [`lead-${tag}-%`]);
      check('2 servers: refused submissions stored nothing', rows[0].n === perFormLimit, `${rows[0].n} rows`);
    } finally {
      await pool.end();
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

/**
 * One target: `count` servers on the database of `env` (DATABASE_URL, DATA_DIR), the load spread over
 * them, the outbox drained by their delivery loops; then the servers stop and the rows are checked
 * (`open` gives a query function, for PGlite only once its server has stopped).
 */
async function target(
  label: string,
  count: number,
  env: Record<string, string>,
  open: () => Promise<{ query: Query; close: () => Promise<void> }>,
  receiver: Receiver,
  check: Check,
) {
  const before = receiver.deliveries.size;
  const servers = await Promise.all(Array.from({ length: count }, () => launch({ ...benchEnv, ...receiver.env, ...env })));
  let run: Run;
  let drained: string;
  try {
    run = await load(label, servers.map((s) => s.url));
    const t0 = Date.now();
    const delivered = await receiver.waitFor([...run.succeeded].filter((e) => !run!.noScript.has(e)).length, before);
    drained = `${delivered} in ${((Date.now() - t0) / 1000).toFixed(1)} s after the load`;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  const { query, close } = await open();
  try {
    const { rows } = await record(label, run, query, check);
    const ids = rows.map(({ kind, row }) => ({ kind: kind as Kind, id: row.id, noScript: run!.noScript.has(row.email) }));
    await verifyOutbox(query, ids, receiver, check, label);
    figures[figures.length - 1]['notifications delivered'] = drained;
  } finally {
    await close();
  }
}

await runSuite('bench:load', async (checks) => {
  const { check } = checks;
  console.log(`bench:load: ${N} submissions at concurrency ${C}; targets ${targets.join(', ')}\n`);
  const receiver = await startReceiver();

  if (targets.includes('pglite')) {
    const dataDir = tempDir('load');
    // The embedded database is one process's: it is read back once its server has stopped.
    const open = () => openEmbedded(dataDir);
    await target('PGlite, 1 server', 1, { DATABASE_URL: '', DATA_DIR: dataDir }, open, receiver, check);
  }

  if (targets.includes('pg') || targets.includes('pg2')) {
    const db = await createTempDatabase('load');
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const endPool = onCleanup('pool', () => pool.end());
    const open = async () => ({ query: poolQuery(pool), close: async () => {} });
    try {
      if (targets.includes('pg')) await target('PostgreSQL, 1 server', 1, { DATABASE_URL: db.url }, open, receiver, check);
      if (targets.includes('pg2')) {
        await target('PostgreSQL, 2 servers', 2, { DATABASE_URL: db.url }, open, receiver, check);
        await sharedLimit(db.url, check);
      }
    } finally {
      await pool.end();
      endPool();
    }
  }

  console.log('');
  printTable(figures);
  console.log('');
});
