// `npm run bench:load [-- --n 10000 --c 100 --targets pglite,pg,pg2]`: N distinct submissions at
// concurrency C through the no-JavaScript form POST a browser makes (the four lead forms in turn:
// partner, affiliate, agency, contact), against
//   pglite: one server on the embedded database,
//   pg:     one server on PostgreSQL (a fresh database on DATABASE_URL's server, else the local one),
//   pg2:    two servers on one PostgreSQL database, requests alternating between them.
// Checks: every submission answered with its success message, exactly N rows, and every row exactly
// what was sent (no half-written or mixed-up row, every column valid under the schema's rules); with
// two servers, that the per-IP rate limit is one budget (a client over the limit on instance A is also
// refused on B) and, when the notification outbox exists, that each lead has exactly its outbox rows.
// Prints a table of figures (submissions/s, p50/p95/p99, success answers vs rows); exits non-zero when
// a check fails. N, C and the targets also come from BENCH_LOAD_N, BENCH_LOAD_C, BENCH_LOAD_TARGETS.
import pg from 'pg';
import { openDatabase } from '../lib/db/connection.mjs';
import { benchEnv, launch, limitEnvForTest, numberArg, onCleanup, percentile, printTable, runSuite, tempDir } from './lib/bench-env.mjs';
import { formPages, loadForm, submitForm, validValues } from './lib/forms.mjs';
import { createTempDatabase } from './lib/temp-database.mjs';

const N = numberArg('n', 'BENCH_LOAD_N', 10_000);
const C = numberArg('c', 'BENCH_LOAD_C', 100);
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

const kinds = ['partner', 'affiliate', 'agency', 'contact'];
/** The success title of each form (lib/leads/form-state.ts, spec §8). */
const successTitle = {
  partner: 'Application Submitted!',
  affiliate: 'Application Submitted Successfully!',
  agency: 'Enquiry Submitted Successfully!',
  contact: 'Message Sent!',
};
const leadType = { partner: 'partner', affiliate: 'affiliate', agency: 'agency', contact: 'contact' };
const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const figures = [];

/**
 * Sends N submissions at concurrency C, spread over `urls` (one per server). Returns the latencies,
 * what was sent per email, and which emails were answered with success.
 */
async function load(label, urls) {
  const forms = {};
  for (const kind of kinds) {
    const { path, field } = formPages[kind];
    forms[kind] = await Promise.all(urls.map((u) => loadForm(u, path, field)));
  }
  const tag = `${label.replace(/\W+/g, '')}${Date.now().toString(36)}`;
  const sent = new Map();
  const succeeded = new Set();
  const lat = [];
  const other = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      for (let i = next++; i < N; i = next++) {
        const kind = kinds[i % kinds.length];
        const values = validValues(kind, `${tag}-${i}`);
        sent.set(values.email, { kind, values });
        const form = forms[kind][Math.floor(i / kinds.length) % urls.length];
        const r = await submitForm(form, values).catch((e) => ({ status: e.cause?.code ?? e.code ?? 'error', html: '', ms: NaN }));
        if (Number.isFinite(r.ms)) lat.push(r.ms);
        if (r.status === 200 && r.html.includes(successTitle[kind])) succeeded.add(values.email);
        else {
          const key = r.status === 200 ? '200 without success' : String(r.status);
          other[key] = (other[key] ?? 0) + 1;
        }
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  return { tag, sent, succeeded, lat, other, secs };
}

/**
 * Reads back every row of the run (email like lead-<tag>-%) and compares it with what was sent: the
 * exact values in every column, a submission token, a created_at in the run's time window.
 */
async function verifyRows(query, run) {
  const rows = [];
  const problems = [];
  for (const kind of kinds) {
    const { table } = formPages[kind];
    const got = await query(`select * from ${table} where email like $1`, [`lead-${run.tag}-%`]);
    for (const row of got) rows.push({ kind, row });
  }
  const seen = new Set();
  for (const { kind, row } of rows) {
    const expected = run.sent.get(row.email);
    if (!expected || expected.kind !== kind) {
      problems.push(`${row.email}: a row nobody sent (in ${formPages[kind].table})`);
      continue;
    }
    if (seen.has(row.email)) problems.push(`${row.email}: stored twice`);
    seen.add(row.email);
    for (const [field, value] of Object.entries(expected.values)) {
      if (row[snake(field)] !== value) problems.push(`${row.email}: ${snake(field)} is ${JSON.stringify(row[snake(field)])}, sent ${JSON.stringify(value)}`);
    }
    if (!row.id || !/^[0-9a-f-]{36}$/.test(row.id)) problems.push(`${row.email}: bad id ${row.id}`);
    if (!row.submission_token) problems.push(`${row.email}: no submission token`);
    if (!(row.created_at instanceof Date) || Number.isNaN(row.created_at.getTime())) problems.push(`${row.email}: bad created_at`);
  }
  return { rows, problems, ids: rows.map(({ kind, row }) => ({ kind, id: row.id })) };
}

/** When the notification outbox exists: each lead of the run has exactly one row per channel in use. */
async function verifyOutbox(query, ids, check, label) {
  const [{ exists }] = await query(`select to_regclass('public.notification_outbox') is not null as exists`);
  if (!exists) return 'no outbox table';
  const rows = await query(`select lead_type, lead_id::text as lead_id, channel from notification_outbox where lead_id = any($1::uuid[])`, [ids.map((r) => r.id)]);
  const byLead = new Map();
  for (const r of rows) {
    const key = `${r.lead_type}:${r.lead_id}`;
    byLead.set(key, [...(byLead.get(key) ?? []), r.channel]);
  }
  const channels = [...new Set(rows.map((r) => r.channel))].sort();
  let wrong = 0;
  let example = '';
  for (const { kind, id } of ids) {
    const got = (byLead.get(`${leadType[kind]}:${id}`) ?? []).sort();
    if (got.join() !== channels.join()) {
      wrong++;
      example ||= `${kind} ${id}: [${got.join(', ')}]`;
    }
  }
  check(
    `${label}: each lead has exactly its outbox rows`,
    channels.length > 0 && wrong === 0 && rows.length === ids.length * channels.length,
    `${rows.length} outbox rows for ${ids.length} leads, channels [${channels.join(', ')}]${wrong ? `, ${wrong} leads wrong, e.g. ${example}` : ''}`,
  );
  return `${rows.length} rows, channels ${channels.join('+') || 'none'}`;
}

async function record(label, run, query, check) {
  const { rows, problems, ids } = await verifyRows(query, run);
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
    'success 2xx': run.succeeded.size,
    'other answers': otherText || '0',
    rows: rows.length,
    'bad rows': problems.length,
  });
  check(`${label}: every submission answered with its success message`, run.succeeded.size === N, `${run.succeeded.size}/${N}${otherText ? `; ${otherText}` : ''}`);
  check(`${label}: exactly N rows, one per submission`, rows.length === N && new Set(rows.map((r) => r.row.email)).size === N, `${rows.length} rows`);
  const stored = new Set(rows.map((r) => r.row.email));
  const missing = [...run.succeeded].filter((e) => !stored.has(e)).length;
  check(`${label}: every success answer has its row`, missing === 0, `${missing} missing`);
  check(`${label}: no half-written or altered row (every column as sent)`, problems.length === 0, problems.slice(0, 3).join('; '));
  return { ids };
}

/** Two instances, production limits: one address over the per-form limit on A is refused on B too. */
async function sharedLimit(dbUrl, check) {
  const { env, perFormLimit } = limitEnvForTest();
  const [a, b] = await Promise.all([launch({ ...env, DATABASE_URL: dbUrl }), launch({ ...env, DATABASE_URL: dbUrl })]);
  try {
    const { path, field } = formPages.contact;
    const [fa, fb] = await Promise.all([loadForm(a.url, path, field), loadForm(b.url, path, field)]);
    const tag = `limit${Date.now().toString(36)}`;
    const onA = [];
    for (let i = 0; i < perFormLimit; i++) onA.push(await submitForm(fa, validValues('contact', `${tag}-a${i}`)));
    const acceptedA = onA.filter((r) => r.status === 200 && r.html.includes(successTitle.contact)).length;
    const onB = await submitForm(fb, validValues('contact', `${tag}-b`));
    const againA = await submitForm(fa, validValues('contact', `${tag}-a-again`));
    check(`2 servers: ${perFormLimit} submissions within the limit accepted on A`, acceptedA === perFormLimit, `${acceptedA} accepted`);
    const refused = (r) => r.status === 429 && r.html.includes('Too many submissions');
    check('2 servers: the same client, over the limit, is refused on B (429 with the message)', refused(onB), `HTTP ${onB.status}`);
    check('2 servers: ...and on A', refused(againA), `HTTP ${againA.status}`);
    const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
    try {
      const { rows } = await pool.query(`select count(*)::int as n from contact_messages where email like $1`, [`lead-${tag}-%`]);
      check('2 servers: refused submissions stored nothing', rows[0].n === perFormLimit, `${rows[0].n} rows`);
    } finally {
      await pool.end();
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

await runSuite('bench:load', async (checks) => {
  const { check } = checks;
  console.log(`bench:load: ${N} submissions at concurrency ${C}; targets ${targets.join(', ')}\n`);

  if (targets.includes('pglite')) {
    const dataDir = tempDir('load');
    const server = await launch({ ...benchEnv, DATABASE_URL: '', DATA_DIR: dataDir });
    const run = await load('PGlite, 1 server', [server.url]);
    await server.stop();
    // The embedded database is one process's: read it back once the server has stopped.
    const handle = await openDatabase({ databaseUrl: '', dataDir });
    const close = onCleanup('embedded database', () => handle.close());
    try {
      const query = async (sql, params) => (await handle.client.query(sql, params)).rows;
      await record('PGlite, 1 server', run, query, check);
    } finally {
      await handle.close();
      close();
    }
  }

  if (targets.includes('pg') || targets.includes('pg2')) {
    const db = await createTempDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', 'load');
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const endPool = onCleanup('pool', () => pool.end());
    const query = async (sql, params) => (await pool.query(sql, params)).rows;
    try {
      if (targets.includes('pg')) {
        const server = await launch({ ...benchEnv, DATABASE_URL: db.url });
        try {
          const { ids } = await record('PostgreSQL, 1 server', await load('PostgreSQL, 1 server', [server.url]), query, check);
          await verifyOutbox(query, ids, check, 'PostgreSQL, 1 server');
        } finally {
          await server.stop();
        }
      }
      if (targets.includes('pg2')) {
        const servers = await Promise.all([launch({ ...benchEnv, DATABASE_URL: db.url }), launch({ ...benchEnv, DATABASE_URL: db.url })]);
        try {
          const label = 'PostgreSQL, 2 servers';
          const { ids } = await record(label, await load(label, servers.map((s) => s.url)), query, check);
          await verifyOutbox(query, ids, check, label);
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
        }
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
