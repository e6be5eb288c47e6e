// `npm run bench:submit [-- --n 2000 --c 50 --form contact --db pglite,postgres --mode nojs,repeat,js --url postgres://... --assign 3]`
//
// Throughput of the lead forms through the paths a browser takes: GET the page once, take the form's
// hidden fields (server action id, bound state, submission token), then per submission
// - nojs: POST multipart/form-data as a browser without JavaScript does, and read the whole page that
//   comes back (the page rendered by Astro with the form in its new state);
// - repeat: the same, N times the one same submission (same values, same token: a reload, a replay);
//   one row is stored, and every answer is the success page;
// - js: POST as the page's JavaScript does: the fields URL-encoded to the form's JSON endpoint
//   (/api/leads/<form>, answered by the HTTP server without Astro's routing), and read the JSON answer.
// For each database and mode, a production server (server/main.ts as `npm start` runs it, on a free
// port, rate limits off: every request comes from 127.0.0.1) gets N valid, distinct submissions at
// concurrency C after a warm-up. Prints accepted/s, latency percentiles and rows stored vs accepted
// answers. With the JSON mode on PostgreSQL (contact form) each run also measures the floor (floor-server.ts) and
// the lead's statement alone, without HTTP (statementLoad): docs/performance.md. BENCH_SERVER_ROOT=<another checkout> measures that checkout's server instead (tests/support/start-server.ts),
// to compare two versions in one session. PostgreSQL: a temporary database on DATABASE_URL's server (default the local one), dropped
// afterwards. Exits non-zero when the stored rows differ from the accepted answers (never acceptable);
// the throughput targets (PostgreSQL: JSON >= 1,000/s with p99 <= 100 ms at C=50, no-JavaScript >= 400/s;
// PGlite >= 400/s) are reported, not enforced, since they depend on the machine.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { storeLead } from '@/lib/leads/store';
import { networkOf } from '@/lib/limiter';
import { createTempDatabase, openEmbedded, poolQuery, type TempDatabase } from '../support/suite-databases';
import { loadForm, post, submitForm, submitFormJs, type Form } from '../support/form-client';
import { solvedProof } from '../support/proof';
import { bulkKinds, formPages, validValues, type BulkKind } from '../support/bulk-leads';
import { launch } from '../support/start-server';
import { benchEnv, numberArg, percentile, runSuite } from '../support/suite-runner';

type Mode = 'nojs' | 'repeat' | 'js';
type Load = { seconds: number; accepted: number; other: Record<string, number>; latencies: number[] };
type Result = Load & { db: string; mode: Mode; tag: string; stored?: number; held?: number; owned?: number; byRule?: number; drainMs?: number; floor?: Load; alone?: Load };

const option = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const N = numberArg('n', 2000);
const C = numberArg('c', 50);
const WARMUP = numberArg('warmup', 200);
/** `--runs R`: the JSON post and its floor measured R times, one after the other (PostgreSQL, contact form); the ratio's median is printed. */
const RUNS = numberArg('runs', 1);
/** `--url <postgres://...>`: post into this existing database (e.g. one `bench:inbox --keep` seeded with a million leads) instead of a fresh one; it is kept. */
const existingUrl = option('url', '');
const kind = option('form', 'contact') as BulkKind;
/** `--assign M` (PostgreSQL): a round-robin assignment rule for the form's kind with M members, so each post not held is also assigned (docs/speed-to-lead.md). */
const ASSIGN = numberArg('assign', 0);
const databases = option('db', 'pglite,postgres').split(',');
const modes = option('mode', 'nojs,repeat,js').split(',') as Mode[];
if (modes.some((m) => m !== 'nojs' && m !== 'repeat' && m !== 'js')) {
  console.error('bench:submit: --mode is one or more of nojs, repeat, js (comma-separated)');
  process.exit(2);
}
if (!bulkKinds.includes(kind)) {
  console.error(`bench:submit: --form must be one of ${bulkKinds.join(', ')}`);
  process.exit(2);
}
const { path: formPath, pick, table, success: successText } = formPages[kind];

/** `n` solved proofs of work from the server at `url`, fetched `c` at a time. */
async function solveMany(url: string, n: number, c: number): Promise<string[]> {
  const out: string[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(c, n) }, async () => {
    for (let i = next++; i < n; i = next++) out[i] = await solvedProof(url);
  }));
  return out;
}

/** N submissions at concurrency C; counts answers that show the success text. */
async function load(form: Form, n: number, c: number, tag: string, mode: Mode): Promise<Load> {
  const send = mode === 'js' ? submitFormJs : submitForm;
  // repeat: one submission, its token fixed in the form's hidden fields, sent again and again.
  const repeated = mode === 'repeat' ? { ...form, hidden: [...form.hidden.filter(([n]) => n !== 'submissionToken'), ['submissionToken', `rep${tag.replace(/[^A-Za-z0-9]/g, '')}`.padEnd(24, '0')] as [string, string]] } : form;
  const values = mode === 'repeat' ? validValues(kind, `${tag}-0`) : undefined;
  const latencies: number[] = [];
  const other: Record<string, number> = {};
  let accepted = 0;
  let next = 0;
  // js: each post carries a proof of work, as the form's island sends it. A browser solves its own while
  // its visitor types, so the client here solves them all before the clock starts (the server's check
  // of a proof is timed; the client's solving, which no server pays for, is not).
  const proofs = mode === 'js' ? await solveMany(form.url, n, c) : [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(c, n) }, async () => {
      for (let i = next++; i < n; i = next++) {
        try {
          const r =
            mode === 'repeat'
              ? await submitForm(repeated, values!, { freshToken: false })
              : await send(form, validValues(kind, `${tag}-${i}`), mode === 'js' ? { proof: proofs[i] } : {});
          latencies.push(r.ms);
          if (r.status >= 200 && r.status < 300 && r.html.includes(successText)) accepted++;
          else other[r.status] = (other[r.status] ?? 0) + 1;
        } catch (err) {
          const e = err as { code?: string; cause?: { code?: string } } | undefined;
          const code = e?.cause?.code ?? e?.code ?? 'error';
          other[code] = (other[code] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, accepted, other, latencies };
}

/**
 * The floor (tests/bench/floor-server.ts): a bare node:http server doing one INSERT per post into a table
 * of the contact form's shape, on the same database, posted the same URL-encoded fields at the same
 * concurrency by the same client.
 */
async function startFloor(databaseUrl: string): Promise<{ url: URL; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'floor-server.ts'), databaseUrl, process.env.DATABASE_POOL_SIZE || '10'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = out.match(/floor ready on (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return {
    url: new URL(`http://127.0.0.1:${port}/api/leads/contact`),
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  };
}

async function floorLoad(url: URL, n: number, c: number, tag: string): Promise<Load> {
  const latencies: number[] = [];
  const other: Record<string, number> = {};
  let accepted = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(c, n) }, async () => {
      for (let i = next++; i < n; i = next++) {
        const body = new URLSearchParams({ submissionToken: randomUUID(), ...validValues(kind, `${tag}-${i}`) }).toString();
        const t0 = performance.now();
        try {
          const r = await post(url, body, { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json', Origin: url.origin });
          latencies.push(performance.now() - t0);
          if (r.status === 200) accepted++;
          else other[r.status] = (other[r.status] ?? 0) + 1;
        } catch (err) {
          const code = (err as { code?: string })?.code ?? 'error';
          other[code] = (other[code] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, accepted, other, latencies };
}

/**
 * The lead's statement alone: what PostgreSQL can take of it on this machine with no HTTP, no server and no
 * form client. The bench's process builds each post's statement as the server does (lib/leads/store.ts
 * storeLead: the contact form's fields, a used proof's signature, the attribution of a post from /contact,
 * the posting network) and runs it on a pool of the server's size, `c` at a time. Its rate is the ceiling
 * of any lead post through the server, whatever the server does (docs/performance.md, "A lead post and
 * its floor").
 */
async function statementLoad(databaseUrl: string, n: number, c: number, tag: string): Promise<Load> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const latencies: number[] = [];
  const other: Record<string, number> = {};
  let accepted = 0;
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.min(c, n) }, async () => {
        for (let i = next++; i < n; i = next++) {
          const { name, email, company, subject, message } = validValues('contact', `${tag}-${i}`);
          const t0 = performance.now();
          try {
            const stored = await storeLead(db, 'contact', { name, email, company, subject, message }, `statement-${randomUUID()}`, {
              screening: { reasons: [], proof: { signature: randomUUID().replaceAll('-', '').repeat(2), expiresAt: new Date(Date.now() + 3_600_000) } },
              attribution: { source: null, medium: null, campaign: null, term: null, content: null, referrer: null, page: '/contact', referral: null },
              network: networkOf('127.0.0.1'),
            });
            latencies.push(performance.now() - t0);
            if (stored.inserted) accepted++;
            else other.repeat = (other.repeat ?? 0) + 1;
          } catch (err) {
            const code = (err as { code?: string })?.code ?? 'error';
            other[code] = (other[code] ?? 0) + 1;
          }
        }
      }),
    );
  } finally {
    await pool.end();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, accepted, other, latencies };
}

/** Rows a run stored (their emails carry its tag), and how many of them the spam screening held. */
const storedSql = `select count(*)::int as n, count(s.lead_id)::int as held, count(i.owner_id)::int as owned,
    (select count(*)::int from lead_owner_history h join ${table} x on x.id = h.lead_id where h.lead_type = '${kind}' and h.by_rule and x.email like $1) as by_rule
  from ${table} l left join lead_screening s on s.lead_type = '${kind}' and s.lead_id = l.id
  left join lead_index i on i.lead_type = '${kind}' and i.lead_id = l.id where l.email like $1`;

/** With --assign: M members and a round-robin rule for the form's kind, on the server's database (migrated by its start). */
async function setUpRule(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ id: string }>(
    `insert into staff_users (email, name, role, password_hash) select 'bench-' || n || '@example.com', 'Bench member ' || n, 'member', 'x'
       from generate_series(1, $1::int) n on conflict do nothing returning id::text`,
    [ASSIGN],
  );
  await pool.query(`insert into assignment_rules (lead_type, method, members) values ($1, 'round-robin', $2::uuid[]) on conflict (lead_type) do update set members = excluded.members`, [
    kind,
    rows.map((r) => r.id),
  ]);
  return pool;
}

/** How long the assigner took after the last post to empty the queue (ms). */
async function drained(pool: pg.Pool): Promise<number> {
  const t0 = performance.now();
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    if ((await pool.query(`select count(*)::int as n from assignment_queue`)).rows[0].n === 0) break;
  }
  return performance.now() - t0;
}

async function bench(db: string): Promise<Result[]> {
  let temp: TempDatabase | undefined;
  const env: Record<string, string> = { ...benchEnv, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  if (db === 'postgres' && existingUrl) env.DATABASE_URL = existingUrl;
  else if (db === 'postgres') {
    temp = await createTempDatabase('bench_submit');
    env.DATABASE_URL = temp.url;
  }
  const server = await launch(env);
  const results: Result[] = [];
  const rule = ASSIGN && env.DATABASE_URL ? await setUpRule(env.DATABASE_URL) : undefined;
  try {
    const form = await loadForm(server.url, formPath, pick);
    const withFloor = db === 'postgres' && kind === 'contact';
    const floor = withFloor && modes.includes('js') ? await startFloor(env.DATABASE_URL) : undefined;
    try {
      if (floor) await floorLoad(floor.url, WARMUP, C, `warmfloor${process.pid}`);
      for (const mode of modes) {
        const warm = await load(form, WARMUP, C, `warm${process.pid}${db}${mode}`, mode);
        if (warm.accepted !== WARMUP) throw new Error(`warm-up (${mode}): ${warm.accepted}/${WARMUP} accepted, other ${JSON.stringify(warm.other)}`);
        for (let run = 0; run < (mode === 'js' && floor ? RUNS : 1); run++) {
          const tag = `b${process.pid}${db}${mode}${run}${Date.now().toString(36)}`;
          const measured = await load(form, N, C, tag, mode);
          const drainMs = rule ? await drained(rule) : undefined;
          // The floor right after, on the same database: the two share the machine's state of the moment.
          const floorRun = mode === 'js' && floor ? await floorLoad(floor.url, N, C, `floor${tag}`) : undefined;
          const alone = floorRun ? await statementLoad(env.DATABASE_URL, N, C, `alone${tag}`) : undefined;
          results.push({ db, mode, tag, ...measured, drainMs, floor: floorRun, alone });
        }
      }
    } finally {
      await floor?.stop();
    }
  } finally {
    await rule?.end();
    await server.stop();
  }
  // Counted after the server has stopped (the embedded database allows one process at a time).
  const url = temp?.url ?? (db === 'postgres' ? existingUrl : '');
  const pool = url ? new pg.Pool({ connectionString: url, max: 1 }) : undefined;
  const rows = pool ? { query: poolQuery(pool), close: () => pool.end() } : await openEmbedded(server.dataDir);
  try {
    for (const r of results) {
      const [counted] = await rows.query<{ n: number; held: number; owned: number; by_rule: number }>(storedSql, [`lead-${r.tag}-%`]);
      r.stored = counted.n;
      r.held = counted.held;
      r.owned = counted.owned;
      r.byRule = counted.by_rule;
    }
  } finally {
    await rows.close();
    await temp?.drop();
  }
  return results;
}

await runSuite('bench:submit', async ({ check }) => {
  const ratios: number[] = [];
  const alone: number[] = [];
  console.log(`bench:submit: ${N} ${kind} submissions to ${formPath} at concurrency ${C} per database and mode (${modes.join(', ')}), after ${WARMUP} warm-up`);
  for (const db of databases) {
    for (const r of await bench(db)) {
      const rate = r.accepted / r.seconds;
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(r.latencies, p));
      const target: { rate: number; p99?: number } = r.mode === 'js' ? (db === 'postgres' ? { rate: 1000, p99: 100 } : { rate: 400 }) : { rate: 250, p99: 300 };
      const met = rate >= target.rate && (target.p99 === undefined || p99 <= target.p99);
      console.log(
        `${db.padEnd(8)} ${r.mode.padEnd(4)} ${rate.toFixed(0).padStart(5)} accepted/s  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ` +
          `accepted ${r.accepted}/${N}${Object.keys(r.other).length ? ` other ${JSON.stringify(r.other)}` : ''}  stored ${r.stored}  ` +
          `target ${target.rate}/s${target.p99 ? ` p99 <= ${target.p99} ms` : ''}: ${met ? 'met' : 'NOT met'}`,
      );
      if (r.mode === 'repeat') check(`${db} repeat: one row stored for ${N} identical posts, each answered with success`, r.stored === 1 && r.accepted === N, `${r.stored} stored, ${r.accepted} accepted`);
      else check(`${db} ${r.mode}: rows stored == success answers`, r.stored === r.accepted, `${r.stored} stored, ${r.accepted} accepted`);
      // With its proof of work a JSON post is delivered; without JavaScript it is held for review (docs/spam.md).
      if (r.mode === 'js') check(`${db} js: no post with a solved proof held as spam`, r.held === 0, `${r.held} held`);
      if (ASSIGN && r.drainMs !== undefined) {
        console.log(`${''.padEnd(13)} assignment: ${r.owned} of ${r.stored} assigned (${r.held} held), the queue empty ${r.drainMs.toFixed(0)} ms after the last post`);
        check(`${db} ${r.mode}: each lead not held assigned exactly once`, r.owned === r.stored! - r.held! && r.byRule === r.owned, `${r.owned} owned, ${r.byRule} assigned by the rule, ${r.stored! - r.held!} not held`);
      }
      if (r.mode === 'nojs') check(`${db} nojs: every post held for review`, r.held === r.stored, `${r.held} of ${r.stored} held`);
      if (r.floor) {
        const floorRate = r.floor.accepted / r.floor.seconds;
        const [f50, f99] = [50, 99].map((p) => percentile(r.floor!.latencies, p));
        ratios.push(rate / floorRate);
        console.log(
          `${'floor'.padEnd(8)} ${'js'.padEnd(4)} ${floorRate.toFixed(0).padStart(5)} posts/s     p50 ${f50.toFixed(1)} ms  p99 ${f99.toFixed(1)} ms  (bare node:http, one INSERT)  ` +
            `lead post / floor = ${(rate / floorRate).toFixed(2)}x (target >= 0.25x)`,
        );
        check(`floor: every post answered`, r.floor.accepted === N, `${r.floor.accepted}/${N}, other ${JSON.stringify(r.floor.other)}`);
      }
      if (r.alone) {
        const aloneRate = r.alone.accepted / r.alone.seconds;
        const [s50, s99] = [50, 99].map((p) => percentile(r.alone!.latencies, p));
        alone.push(aloneRate);
        console.log(
          `${'alone'.padEnd(8)} ${'stmt'.padEnd(4)} ${aloneRate.toFixed(0).padStart(5)} leads/s     p50 ${s50.toFixed(1)} ms  p99 ${s99.toFixed(1)} ms  (the lead's statement alone: no HTTP, no server)  ` +
            `lead post / statement alone = ${(rate / aloneRate).toFixed(2)}x`,
        );
        check(`statement alone: every lead stored`, r.alone.accepted === N, `${r.alone.accepted}/${N}, other ${JSON.stringify(r.alone.other)}`);
      }
    }
  }
  if (ratios.length) {
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(`lead post / floor, ${ratios.length} run${ratios.length === 1 ? '' : 's'}: ${ratios.map((x) => x.toFixed(2)).join(', ')}; median ${median.toFixed(2)}x (target >= 0.25x: ${median >= 0.25 ? 'met' : 'NOT met'})`);
    const ceiling = [...alone].sort((a, b) => a - b)[Math.floor(alone.length / 2)];
    if (ceiling !== undefined) console.log(`the lead's statement alone, median of ${alone.length}: ${ceiling.toFixed(0)} leads/s: no lead post through the server can be faster on this machine`);
  }
});
