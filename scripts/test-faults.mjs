// `npm run test:faults`: the server under failure, through the same HTTP path a browser without
// JavaScript uses. Exits non-zero when any check fails.
//  1. kill -9 of the server during a stream of submissions, on the embedded database and on PostgreSQL:
//     every submission that got a success answer is stored, no row is partial, and the server starts
//     again cleanly on the same data.
//  2. PostgreSQL stopped during submissions: visitors get 'Submission Failed' with what they typed kept,
//     the server stays up, and it stores submissions again without a restart once the database is back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../lib/db/connection.mjs';
import { formPages, loadForm, submitForm, validValues } from './lib/forms.mjs';
import { startServer } from './lib/spawn-server.mjs';
import { createTempCluster } from './lib/temp-postgres.mjs';
import { benchEnv } from './lib/bench-env.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const SUCCESS = 'Application Submitted!';
const FAILED = 'Submission Failed';
const kind = 'partner';
const { path: formPath, field, table } = formPages[kind];
const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Submits continuously at `concurrency` until `stop()`; returns the emails answered with success. */
function stream(form, concurrency) {
  const succeeded = new Set();
  const counts = { ok: 0, failed: 0, errors: 0 };
  let running = true;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const values = validValues(kind);
      try {
        const r = await submitForm(form, values);
        if (r.status === 200 && r.html.includes(SUCCESS)) {
          succeeded.add(values.email);
          counts.ok++;
        } else counts.failed++;
      } catch {
        counts.errors++; // connection reset by the kill
        await sleep(20);
      }
    }
  });
  return {
    succeeded,
    counts,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function rowsOf(query, emails) {
  const rows = await query(`select email, first_name, last_name, company, partnership_type, message, created_at from ${table}`);
  const stored = new Set(rows.map((r) => r.email));
  const missing = [...emails].filter((e) => !stored.has(e));
  const partial = rows.filter((r) => !r.first_name || !r.last_name || !r.company || !r.partnership_type || !r.message || !r.created_at);
  return { rows, missing, partial };
}

async function killDuringLoad(label, env, query) {
  const server = await startServer({ ...benchEnv, ...env });
  const form = await loadForm(server.url, formPath, field);
  const load = stream(form, 16);
  await sleep(2500);
  server.child.kill('SIGKILL');
  await new Promise((r) => server.child.once('exit', r));
  await load.stop();
  console.log(`  ${label}: ${load.counts.ok} successes before the kill, ${load.counts.errors} cut connections`);
  const again = await startServer({ ...benchEnv, ...env, DATA_DIR: server.dataDir }).catch((err) => err);
  check(`${label}: server starts again after kill -9`, !(again instanceof Error), again instanceof Error ? again.message.split('\n')[0] : '');
  if (again instanceof Error) return;
  const after = await loadForm(again.url, formPath, field);
  const one = validValues(kind);
  const r = await submitForm(after, one);
  check(`${label}: submissions work after the restart`, r.status === 200 && r.html.includes(SUCCESS));
  load.succeeded.add(one.email);
  await again.stop();
  const { rows, missing, partial } = await query.rows(load.succeeded);
  check(`${label}: every success answer is stored`, load.counts.ok > 0 && missing.length === 0, `${load.succeeded.size} answered, ${rows.length} rows, ${missing.length} missing`);
  check(`${label}: no partial rows`, partial.length === 0, `${partial.length} partial`);
}

async function main() {
  // 1a. Embedded database.
  {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-faults-'));
    const query = async () => [];
    query.rows = async (emails) => {
      const handle = await openDatabase({ databaseUrl: '', dataDir });
      try {
        return await rowsOf(async (sql) => (await handle.client.query(sql)).rows, emails);
      } finally {
        await handle.close();
      }
    };
    await killDuringLoad('embedded database', { DATABASE_URL: '', DATA_DIR: dataDir }, query);
  }

  // 1b + 2. A throwaway PostgreSQL cluster that this suite may stop and start.
  const cluster = createTempCluster();
  try {
    const client = new pg.Client(cluster.url);
    await client.connect();
    await client.query('create database faults');
    await client.end();
    const url = cluster.url.replace(/\/postgres$/, '/faults');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const query = async (sql) => (await pool.query(sql)).rows;
    query.rows = (emails) => rowsOf(query, emails);
    await killDuringLoad('PostgreSQL', { DATABASE_URL: url }, query);

    // 2. The database goes away while visitors submit.
    const server = await startServer({ ...benchEnv, DATABASE_URL: url });
    try {
      const form = await loadForm(server.url, formPath, field);
      const before = validValues(kind);
      const ok = await submitForm(form, before);
      check('database up: submission stored', ok.status === 200 && ok.html.includes(SUCCESS));
      await pool.end();
      cluster.stop('immediate');
      const during = validValues(kind);
      const failed = await submitForm(form, during);
      check('database down: answer is not a 5xx', failed.status < 500, `HTTP ${failed.status}`);
      check(`database down: '${FAILED}' shown`, failed.html.includes(FAILED));
      check('database down: typed values kept', failed.html.includes(during.email) && failed.html.includes(during.company));
      const page = await fetch(new URL('/', server.url));
      check('database down: the site still serves pages', page.status === 200);
      cluster.start();
      let recovered = false;
      let last;
      for (let i = 0; i < 30 && !recovered; i++) {
        last = validValues(kind);
        const r = await submitForm(form, last);
        recovered = r.status === 200 && r.html.includes(SUCCESS);
        if (!recovered) await sleep(500);
      }
      check('database back: submissions stored again without a restart', recovered);
      const pool2 = new pg.Pool({ connectionString: url, max: 1 });
      const emails = (await pool2.query(`select email from ${table} where email = any($1)`, [[before.email, during.email, last.email]])).rows.map((r) => r.email);
      await pool2.end();
      check('database back: rows are exactly the successful ones', emails.includes(before.email) && emails.includes(last.email) && !emails.includes(during.email));
    } finally {
      await server.stop();
    }
  } finally {
    cluster.destroy();
  }

  const failed = results.filter((r) => !r.ok).length;
  console.log(`\ntest:faults: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(`test:faults: ${err.stack ?? err}`);
  process.exit(1);
});
