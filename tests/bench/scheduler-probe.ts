// The measurements behind docs/speed-to-lead.md, "Scheduling: pg-boss or the outbox": what pg-boss costs at
// start and in the schema on PGlite and on PostgreSQL, how many statements it sends while idle, and how it
// behaves with two processes on one PostgreSQL (a keyed delayed job, a cron schedule, a process killed
// -9 in the middle of a job). A probe, not a benchmark: one run, figures to read, nothing asserted.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx tests/bench/scheduler-probe.ts [--cron]
//
// It creates and drops a database `<db>_probe` next to DATABASE_URL's, and a PGlite folder under the
// system's temporary folder. `--cron` adds the two-process cron check (about 2 minutes).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const role = process.argv[2];
const ms = (t: number) => `${Math.round(performance.now() - t)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

type Counted = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; count: number };

async function child(url: string, name: string) {
  const { PgBoss } = await import('pg-boss');
  const db = new pg.Pool({ connectionString: url, max: 2 });
  const boss = new PgBoss({ connectionString: url, max: 2, schema: 'pgboss', cronMonitorIntervalSeconds: 5, cronWorkerIntervalSeconds: 1 });
  boss.on('error', (e) => console.error(name, 'error', e.message));
  await boss.start();
  await boss.createQueue('probe-at', { policy: 'short' }).catch(() => {});
  await boss.createQueue('probe-cron').catch(() => {});
  await boss.createQueue('probe-slow', { expireInSeconds: 6, retryLimit: 2 }).catch(() => {});
  const record = (queue: string, key: string, what: string) =>
    db.query(`insert into probe_runs (queue, key, worker, what) values ($1, $2, $3, $4)`, [queue, key, name, what]);
  await boss.work<{ key: string }>('probe-at', { pollingIntervalSeconds: 0.5 }, async ([job]) => record('probe-at', job.data.key, 'run'));
  await boss.work('probe-cron', { pollingIntervalSeconds: 0.5 }, async ([job]) => record('probe-cron', job.id, 'run'));
  await boss.work<{ key: string }>('probe-slow', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    await record('probe-slow', job.id, 'start');
    await sleep(3000);
    await record('probe-slow', job.id, 'done');
  });
  // Both processes send the same keyed job for the same instant, and register the same schedule.
  const at = new Date(Math.ceil(Date.now() / 10_000) * 10_000 + 10_000);
  await boss.send('probe-at', { key: 'lead-1' }, { singletonKey: 'lead-1', startAfter: at });
  await boss.schedule('probe-cron', '* * * * *', null, { tz: 'Europe/Berlin' });
  console.log(`${name} ready`);
  process.on('SIGTERM', () => void boss.stop({ graceful: true, timeout: 5000 }).then(() => db.end()).then(() => process.exit(0)));
}

async function counted(executeSql: Counted['executeSql']): Promise<Counted> {
  const c: Counted = { count: 0, executeSql: (text, values) => (c.count++, executeSql(text, values)) };
  return c;
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('set DATABASE_URL');
  const url = new URL(base);
  const probeName = `${url.pathname.slice(1)}_probe`;
  const admin = new pg.Pool({ connectionString: base, max: 1 });
  await admin.query(`drop database if exists ${probeName} with (force)`);
  await admin.query(`create database ${probeName}`);
  url.pathname = `/${probeName}`;
  const probeUrl = url.toString();

  let t = performance.now();
  const { PgBoss, fromPglite } = await import('pg-boss');
  console.log(`import pg-boss: ${ms(t)}`);

  // PostgreSQL: first start (installs the schema), then a start on the installed schema.
  for (const run of ['first start (installs schema pgboss)', 'start on the installed schema', 'start on the installed schema']) {
    const pool = new pg.Pool({ connectionString: probeUrl, max: 2 });
    const db = await counted((text, values) => pool.query(text, values as unknown[]));
    const boss = new PgBoss({ db, schema: 'pgboss' });
    boss.on('error', () => {});
    t = performance.now();
    await boss.start();
    console.log(`PostgreSQL ${run}: ${ms(t)}, ${db.count} statements`);
    await boss.stop({ graceful: false, close: true });
    await pool.end();
  }
  const schema = new pg.Pool({ connectionString: probeUrl, max: 1 });
  const objects = await schema.query(
    `select c.relkind, count(*)::int as n, sum(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss' group by 1 order by 1`,
  );
  const fns = await schema.query(`select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'pgboss'`);
  console.log('schema pgboss (relkind: r table, p partitioned table, i index, S sequence, v view):', JSON.stringify(objects.rows), 'functions:', fns.rows[0].n);

  // Idle traffic: one worker on one queue (polling every 2 s, the default) and one schedule, for 60 s.
  {
    const pool = new pg.Pool({ connectionString: probeUrl, max: 2 });
    const db = await counted((text, values) => pool.query(text, values as unknown[]));
    const boss = new PgBoss({ db, schema: 'pgboss' });
    boss.on('error', () => {});
    await boss.start();
    await boss.createQueue('idle').catch(() => {});
    await boss.work('idle', async () => {});
    await boss.schedule('idle', '0 3 * * *', null, { tz: 'UTC' });
    const before = db.count;
    await sleep(60_000);
    console.log(`PostgreSQL idle, one worker (2 s polling) and one schedule: ${db.count - before} statements in 60 s`);
    await boss.stop({ graceful: false, close: true });
    await pool.end();
  }

  // PGlite: a fresh folder, the same starts.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgboss-probe-'));
  const { PGlite } = await import('@electric-sql/pglite');
  for (const run of ['first start (installs schema pgboss)', 'start on the installed schema']) {
    t = performance.now();
    const lite = await PGlite.create(path.join(dir, 'pglite'));
    const opened = ms(t);
    const adapter = fromPglite(lite);
    const db = await counted(adapter.executeSql);
    const boss = new PgBoss({ db: { ...adapter, executeSql: db.executeSql }, backend: 'pglite', schema: 'pgboss' });
    boss.on('error', () => {});
    t = performance.now();
    await boss.start();
    console.log(`PGlite ${run}: ${ms(t)}, ${db.count} statements (opening PGlite itself: ${opened})`);
    if (run.startsWith('start on')) {
      await boss.createQueue('probe').catch(() => {});
      const ran: number[] = [];
      await boss.work('probe', { pollingIntervalSeconds: 0.5 }, async () => void ran.push(Date.now()));
      const due = Date.now() + 3000;
      await boss.send('probe', {}, { startAfter: new Date(due) });
      while (!ran.length) await sleep(50);
      console.log(`PGlite: a job sent for +3 s ran ${ran[0] - due} ms after its time`);
    }
    await boss.stop({ graceful: false, close: true });
    await lite.close();
  }
  fs.rmSync(dir, { recursive: true, force: true });

  // Two processes on one PostgreSQL.
  await schema.query(`create table probe_runs (queue text, key text, worker text, what text, at timestamptz default clock_timestamp())`);
  const children: ChildProcess[] = [];
  const start = (name: string) => {
    const c = spawn(process.execPath, ['--import', 'tsx', process.argv[1], 'child', probeUrl, name], { stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(c);
    return c;
  };
  const a = start('A');
  start('B');
  const until = async (sql: string, seconds: number) => {
    for (let i = 0; i < seconds * 10 && !(await schema.query(sql)).rows.length; i++) await sleep(100);
  };
  await until(`select 1 from probe_runs where queue = 'probe-at'`, 60);
  await sleep(5000);
  const at = await schema.query(`select key, worker, to_char(at, 'HH24:MI:SS.MS') as at from probe_runs where queue = 'probe-at'`);
  console.log('keyed job sent by both processes for one instant (a multiple of 10 s), both working the queue:', JSON.stringify(at.rows));
  // A job whose process is killed -9 while it runs: retried by the other once it expires (6 s).
  const boss = new PgBoss({ connectionString: probeUrl, max: 1, schema: 'pgboss' });
  boss.on('error', () => {});
  await boss.start();
  await boss.send('probe-slow', {});
  let killed = '';
  for (let i = 0; i < 100 && !killed; i++) {
    const { rows } = await schema.query(`select worker from probe_runs where queue = 'probe-slow' and what = 'start'`);
    if (rows.length) {
      killed = rows[0].worker;
      (killed === 'A' ? a : children[1]).kill('SIGKILL');
    } else await sleep(100);
  }
  if (killed === 'A') start('A2');
  else start('B2');
  // pg-boss finds an expired job on its supervise pass (every 60 s by default).
  await until(`select 1 from probe_runs where queue = 'probe-slow' and what = 'done'`, 150);
  const slow = await schema.query(`select worker, what, to_char(at, 'HH24:MI:SS.MS') as at from probe_runs where queue = 'probe-slow' order by at`);
  console.log(`a job whose process (${killed}) was killed -9 mid-run:`, JSON.stringify(slow.rows));
  if (process.argv.includes('--cron')) {
    await sleep(130_000);
    const cron = await schema.query(`select date_trunc('minute', at) as minute, count(*)::int as n, string_agg(worker, ',') as workers from probe_runs where queue = 'probe-cron' group by 1 order by 1`);
    console.log("cron '* * * * *' registered by both processes, runs per minute:", JSON.stringify(cron.rows));
  }
  await boss.stop({ graceful: false, close: true });
  for (const c of children) c.kill('SIGTERM');
  await sleep(3000);
  await schema.end();
  await admin.query(`drop database if exists ${probeName} with (force)`);
  await admin.end();
}

if (role === 'child') await child(process.argv[3], process.argv[4]);
else await main();
