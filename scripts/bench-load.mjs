// `npm run bench:load [-- --n 10000 --c 100]`: N distinct submissions at concurrency C through the
// no-JavaScript form POST, (1) one server on the embedded database, (2) one server on PostgreSQL,
// (3) two servers on one PostgreSQL, requests alternating between them. Checks exactly N rows, none
// half-written, and (3) that the per-IP rate limit is shared by the two instances. Prints figures;
// exits non-zero when a check fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../lib/db/connection.mjs';
import { benchEnv, limitEnvForTest } from './lib/bench-env.mjs';
import { createTempDatabase } from './lib/temp-database.mjs';
import { formPages, loadForm, submitForm, validValues } from './lib/forms.mjs';
import { startServer } from './lib/spawn-server.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 10_000);
const C = arg('c', 100);
const kind = 'contact';
const SUCCESS = 'Message Sent!';
const { path: formPath, field, table } = formPages[kind];
let failures = 0;
const check = (name, ok, detail = '') => {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(label, urls) {
  const forms = await Promise.all(urls.map((u) => loadForm(u, formPath, field)));
  const lat = [];
  let next = 0;
  let ok = 0;
  const other = {};
  const tag = `${label.replace(/\W+/g, '')}-${Date.now()}`;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      for (let i = next++; i < N; i = next++) {
        const r = await submitForm(forms[i % forms.length], validValues(kind, `${tag}-${i}`)).catch((e) => ({ status: e.code ?? 'error', html: '', ms: 0 }));
        lat.push(r.ms);
        if (r.status === 200 && r.html.includes(SUCCESS)) ok++;
        else other[r.status] = (other[r.status] ?? 0) + 1;
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  console.log(
    `${label}: ${N} submissions at c=${C} in ${secs.toFixed(1)} s = ${(N / secs).toFixed(0)}/s; ` +
      `p50 ${pct(lat, 50).toFixed(0)} ms, p95 ${pct(lat, 95).toFixed(0)} ms, p99 ${pct(lat, 99).toFixed(0)} ms; ` +
      `success ${ok}${Object.keys(other).length ? `, other ${JSON.stringify(other)}` : ''}`,
  );
  return { ok, tag };
}

async function countRows(query, tag) {
  const [{ n, partial }] = await query(
    `select count(*)::int as n, count(*) filter (where name = '' or email = '' or subject = '' or message = '' or created_at is null)::int as partial from ${table} where email like 'lead-${tag}-%'`,
  );
  return { n, partial };
}

async function main() {
  // 1. Embedded database.
  {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-load-'));
    const server = await startServer({ ...benchEnv, DATABASE_URL: '', DATA_DIR: dataDir });
    const { ok, tag } = await run('embedded database, 1 server', [server.url]);
    await server.stop();
    const handle = await openDatabase({ databaseUrl: '', dataDir });
    const { n, partial } = await countRows(async (sql) => (await handle.client.query(sql)).rows, tag);
    await handle.close();
    check('embedded: every submission answered with success', ok === N, `${ok}/${N}`);
    check('embedded: exactly N rows, none half-written', n === N && partial === 0, `${n} rows, ${partial} partial`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // 2 + 3. PostgreSQL (DATABASE_URL or the local server), a fresh database per run.
  const db = await createTempDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', 'load');
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const query = async (sql, params) => (await pool.query(sql, params)).rows;
  try {
    {
      const server = await startServer({ ...benchEnv, DATABASE_URL: db.url });
      const { ok, tag } = await run('PostgreSQL, 1 server', [server.url]);
      await server.stop();
      const { n, partial } = await countRows(query, tag);
      check('PostgreSQL: every submission answered with success', ok === N, `${ok}/${N}`);
      check('PostgreSQL: exactly N rows, none half-written', n === N && partial === 0, `${n} rows, ${partial} partial`);
    }
    {
      const servers = await Promise.all([startServer({ ...benchEnv, DATABASE_URL: db.url }), startServer({ ...benchEnv, DATABASE_URL: db.url })]);
      try {
        const { ok, tag } = await run('PostgreSQL, 2 servers', servers.map((s) => s.url));
        const { n, partial } = await countRows(query, tag);
        check('2 servers: every submission answered with success', ok === N, `${ok}/${N}`);
        check('2 servers: exactly N rows, none half-written', n === N && partial === 0, `${n} rows, ${partial} partial`);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
    {
      // The per-IP limit is one budget across instances: with the production limits, alternate
      // submissions between two servers from one address and count the accepted ones.
      const { env, perFormLimit } = limitEnvForTest();
      const servers = await Promise.all([startServer({ ...env, DATABASE_URL: db.url }), startServer({ ...env, DATABASE_URL: db.url })]);
      try {
        const forms = await Promise.all(servers.map((s) => loadForm(s.url, formPath, field)));
        let accepted = 0;
        let limited = 0;
        for (let i = 0; i < perFormLimit * 2; i++) {
          const r = await submitForm(forms[i % 2], validValues(kind, `limit-${Date.now()}-${i}`));
          if (r.status === 200 && r.html.includes(SUCCESS)) accepted++;
          else if (r.status === 429) limited++;
        }
        check('2 servers: the per-IP limit is shared', accepted === perFormLimit && limited === perFormLimit, `${accepted} accepted, ${limited} refused with 429, limit ${perFormLimit}`);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
  } finally {
    await pool.end();
    await db.drop();
  }
  console.log(failures ? `\nbench:load: ${failures} check(s) failed` : '\nbench:load: all checks passed');
  process.exit(failures ? 1 : 0);
}

main().catch((err) => {
  console.error(`bench:load: ${err.stack ?? err}`);
  process.exit(1);
});
