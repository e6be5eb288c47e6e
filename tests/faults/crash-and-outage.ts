// `npm run test:faults`: the server under failure, through the HTTP paths a browser uses (the partner
// form). Exits non-zero when a check fails.
//  1. kill -9 of the server during a stream of submissions, on the embedded database (PGlite) and on
//     PostgreSQL: every submission answered with success is stored, every stored row is exactly what
//     was sent (nothing partial), and the server starts again cleanly on the same data (for PGlite: its
//     lock file and its write-ahead log recovered) and takes submissions.
// Half the submissions are posted as a browser without JavaScript does, half as the page's JavaScript
// does (the JSON endpoint /api/leads/partner).
//  2. PostgreSQL stopped during submissions (a throwaway cluster on its own port, never the machine's
//     shared server): visitors get 'Submission Failed' with what they typed kept and no 5xx, the server
//     stays up and serves pages, and once the database is back it stores submissions again without a
//     restart; stored rows are exactly the successful ones.
//  3. kill -9 of a server sending staff replies to leads (tests/faults/reply-crash.ts).
//  3b. kill -9 of a server sweeping overdue leads and sending their reminders (tests/faults/reminder-crash.ts).
//  4. The IMAP server stopped for 30 s while replies keep coming: each taken once, none lost (imap-outage.ts).
//  5. kill -9 of the server assigning leads under the assignment rules while leads keep coming (assign-crash.ts).
// Options: --concurrency (FAULTS_C, default 16), --kill-at N (FAULTS_KILL_AT, default 40): the kill comes
// once N submissions have been answered with success (or after 30 s), so that many are in flight.
import pg from 'pg';
import { leadKinds } from '../../src/lib/leads/kinds';
import { onCleanup, tempDir } from '../support/cleanup';
import { createTempCluster, createTempDatabase, openEmbedded, poolQuery, type Query, type TempCluster } from '../support/suite-databases';
import { loadForm, submitForm, submitFormJs, type Form } from '../support/form-client';
import { formPages, readBackLeads, validValues, type Sent } from '../support/bulk-leads';
import { launch } from '../support/start-server';
import { benchEnv, numberArg, printTable, runSuite, type Checks } from '../support/suite-runner';
import { replyCrash } from './reply-crash';
import { reminderCrash } from './reminder-crash';
import { imapOutage } from './imap-outage';
import { assignCrash } from './assign-crash';

type Check = Checks['check'];
type Values = Record<string, string>;
type Answer = { status: number; html: string };
type ReadBack = { stored: Set<string>; count: number; bad: string[] };

const kind = 'partner';
const { path: formPath, pick } = formPages[kind];
const SUCCESS = formPages[kind].success;
const { title: FAILED, message: FAILED_TEXT } = leadKinds[kind].outcome.failure;
const concurrency = numberArg('concurrency', 16, 'FAULTS_C');
const killAt = numberArg('kill-at', 40, 'FAULTS_KILL_AT');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const figures: Record<string, unknown>[] = [];

/**
 * Submits continuously at `concurrency` until stop(); records what was sent and how each was answered:
 * success, failed ('Submission Failed' page), other (any other answer), cut (no answer).
 */
function stream(form: Form, width: number, tag: string) {
  const sent: Sent = new Map();
  const answers = { success: new Set<string>(), failed: new Set<string>(), other: new Map<string, Answer>(), cut: new Set<string>() };
  let running = true;
  let n = 0;
  const workers = Array.from({ length: width }, async () => {
    while (running) {
      const values = validValues(kind, `${tag}-${++n}`);
      sent.set(values.email, { kind, values });
      try {
        // Alternately as a browser without JavaScript (page post) and with it (the JSON endpoint, which
        // answers a failure with HTTP 503: the page post gets the form page back, HTTP 200).
        const json = n % 2 === 0;
        const r: Answer = await (json ? submitFormJs : submitForm)(form, values);
        if (r.status === 200 && r.html.includes(SUCCESS)) answers.success.add(values.email);
        else if (r.status === (json ? 503 : 200) && r.html.includes(FAILED)) answers.failed.add(values.email);
        else answers.other.set(values.email, r);
      } catch {
        answers.cut.add(values.email); // the connection died with the server
        await sleep(50);
      }
    }
  });
  return {
    sent,
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Rows of this run compared with what was sent. */
async function readBack(query: Query, tag: string, sent: Sent): Promise<ReadBack> {
  const { stored, rows, problems } = await readBackLeads(query, tag, sent, [kind]);
  return { stored, count: rows.length, bad: problems };
}

async function killDuringLoad(
  label: string,
  env: Record<string, string>,
  query: { readBack: (tag: string, sent: Sent) => Promise<ReadBack> },
  check: Check,
) {
  const tag = `kill${label.replace(/\W+/g, '')}${Date.now().toString(36)}`;
  const server = await launch({ ...benchEnv, ...env });
  const form = await loadForm(server.url, formPath, pick);
  const load = stream(form, concurrency, tag);
  for (const until = Date.now() + 30_000; load.answers.success.size < killAt && Date.now() < until; ) await sleep(20);
  server.child.kill('SIGKILL');
  await new Promise<void>((r) => (server.child.exitCode !== null || server.child.signalCode ? r() : server.child.once('exit', () => r())));
  await load.stop();
  await server.stop(); // unregisters the clean-up of the dead process
  const { answers, sent } = load;

  const restartStarted = Date.now();
  const again = await launch({ ...benchEnv, ...env, DATA_DIR: server.dataDir }).catch((err: Error) => err);
  const restartSecs = ((Date.now() - restartStarted) / 1000).toFixed(1);
  const started = !(again instanceof Error);
  check(`${label}: the server starts again after kill -9 on the same data`, started, started ? `ready in ${restartSecs} s` : again.message.split('\n').slice(0, 6).join(' | '));
  if (started) {
    const log = again.output();
    check(`${label}: the restart logs no error`, !/error|failed|corrupt|panic/i.test(log.replace(/^.*ready on.*$/m, '')), log.trim().split('\n').slice(-3).join(' | '));
    const after = await loadForm(again.url, formPath, pick);
    const one = validValues(kind, `${tag}-after`);
    sent.set(one.email, { kind, values: one });
    const r = await submitForm(after, one);
    const ok = r.status === 200 && r.html.includes(SUCCESS);
    if (ok) answers.success.add(one.email);
    check(`${label}: submissions are stored after the restart`, ok, `HTTP ${r.status}`);
    await again.stop();
  }
  const { stored, count, bad } = await query.readBack(tag, sent);
  const missing = [...answers.success].filter((e) => !stored.has(e));
  const cutStored = [...answers.cut].filter((e) => stored.has(e)).length;
  figures.push({
    scenario: `kill -9, ${label}`,
    sent: sent.size,
    success: answers.success.size,
    'cut by kill': answers.cut.size,
    'other answers': answers.other.size + answers.failed.size,
    rows: count,
    'missing successes': missing.length,
    'bad rows': bad.length,
    restart: started ? `${restartSecs} s` : 'FAILED',
  });
  check(`${label}: submissions were under way when the server was killed`, answers.success.size > 0 && answers.cut.size > 0, `${answers.success.size} answered before the kill, ${answers.cut.size} cut`);
  check(`${label}: no answer other than success before the kill`, answers.other.size === 0 && answers.failed.size === 0, `${answers.other.size + answers.failed.size} other`);
  check(`${label}: every success answer is stored`, missing.length === 0, `${answers.success.size} successes, ${count} rows (${cutStored} of the ${answers.cut.size} cut ones committed), ${missing.length} missing`);
  check(`${label}: no partial or altered row`, bad.length === 0, bad.slice(0, 3).join('; '));
}

async function databaseOutage(cluster: TempCluster, url: string, check: Check) {
  const server = await launch({ ...benchEnv, DATABASE_URL: url });
  const tag = `outage${Date.now().toString(36)}`;
  try {
    const form = await loadForm(server.url, formPath, pick);
    const load = stream(form, 8, tag);
    for (const until = Date.now() + 30_000; load.answers.success.size < 20 && Date.now() < until; ) await sleep(20);
    const stoppedAt = Date.now();
    cluster.stop('immediate');
    await sleep(3000);
    // While the database is down: a visitor's submission, and the pages.
    const during = validValues(kind, `${tag}-during`);
    load.sent.set(during.email, { kind, values: during });
    const failed: Answer = await submitForm(form, during);
    const pages = await Promise.all(['/', '/partners', '/pricing', '/no-such-page'].map((p) => fetch(new URL(p, server.url)).then((r) => r.status)));
    await sleep(1000);
    cluster.start();
    const backAt = Date.now();
    // Without a restart of the server: the first submission stored again.
    let recoveredIn: number | null = null;
    let last: Values;
    for (let i = 0; i < 60 && recoveredIn === null; i++) {
      last = validValues(kind, `${tag}-back${i}`);
      load.sent.set(last.email, { kind, values: last });
      const r: Answer = await submitForm(form, last);
      if (r.status === 200 && r.html.includes(SUCCESS)) {
        load.answers.success.add(last.email);
        recoveredIn = Date.now() - backAt;
      } else await sleep(250);
    }
    await sleep(1000);
    await load.stop();
    const alive = server.child.exitCode === null && !server.child.signalCode;

    check('database down: the answer is not a 5xx', failed.status < 500, `HTTP ${failed.status}`);
    check(`database down: '${FAILED}' and its message shown`, failed.html.includes(FAILED) && failed.html.includes(FAILED_TEXT));
    const kept = Object.values(during).every((v) => failed.html.includes(v));
    check('database down: every typed value kept in the form', kept);
    check('database down: pages still served (/, /partners, /pricing; 404 page)', pages.join() === '200,200,200,404', pages.join(', '));
    const { answers } = load;
    const other = [...answers.other.values()];
    const fiveXX = other.filter((r) => r.status >= 500).length;
    check('during the outage: every answer is success or Submission Failed (page 200, JSON 503), never another 5xx or a cut connection', other.length === 0 && answers.cut.size === 0, `${answers.success.size} success, ${answers.failed.size} failed, ${other.length} other (${fiveXX} 5xx), ${answers.cut.size} cut`);
    check('database back: submissions stored again without restarting the server', recoveredIn !== null && alive, recoveredIn === null ? 'never' : `after ${(recoveredIn / 1000).toFixed(1)} s`);

    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const { stored, count, bad } = await readBack(poolQuery(pool), tag, load.sent);
      const missing = [...answers.success].filter((e) => !stored.has(e));
      const failedStored = [...answers.failed].filter((e) => stored.has(e)).length + (stored.has(during.email) ? 1 : 0);
      check('outage: every success answer is stored, no partial row', missing.length === 0 && bad.length === 0, `${count} rows, ${missing.length} missing, ${bad.length} bad`);
      check("outage: no 'Submission Failed' answer was stored", failedStored === 0, `${failedStored} stored`);
      figures.push({
        scenario: 'PostgreSQL stopped',
        sent: load.sent.size,
        success: answers.success.size,
        'cut by kill': answers.cut.size,
        'other answers': `${answers.failed.size + 1} failed, ${other.length} other`,
        rows: count,
        'missing successes': missing.length,
        'bad rows': bad.length,
        restart: recoveredIn === null ? 'no recovery' : `none; stored again ${(recoveredIn / 1000).toFixed(1)} s after PG was back (down ${((backAt - stoppedAt) / 1000).toFixed(1)} s)`,
      });
    } finally {
      await pool.end();
    }
  } finally {
    await server.stop();
  }
}

await runSuite('test:faults', async (checks) => {
  const { check } = checks;
  // FAULTS_ONLY=assign: scenario 5 alone (on a throwaway cluster of its own), for work on the assignment rules.
  if (process.env.FAULTS_ONLY === 'assign') {
    const { url } = await createTempDatabase('faults', (await createTempCluster()).url);
    figures.push(await assignCrash(url, check));
    printTable(figures);
    return;
  }

  // 1a. The embedded database: killed with the WAL and the lock file as they were.
  {
    const dataDir = tempDir('faults');
    const query = {
      readBack: async (tag: string, sent: Sent) => {
        const db = await openEmbedded(dataDir);
        try {
          return await readBack(db.query, tag, sent);
        } finally {
          await db.close();
        }
      },
    };
    await killDuringLoad('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, query, check);
  }

  // 1b + 2. A throwaway PostgreSQL cluster that this suite may stop and start.
  const cluster = await createTempCluster();
  const { url } = await createTempDatabase('faults', cluster.url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const endPool = onCleanup('pool', () => pool.end());
  await killDuringLoad('PostgreSQL', { DATABASE_URL: url }, { readBack: (tag, sent) => readBack(poolQuery(pool), tag, sent) }, check);
  await pool.end();
  endPool();
  figures.push(await replyCrash(url, check));
  figures.push(await reminderCrash(url, check));
  figures.push(await assignCrash(url, check));
  await databaseOutage(cluster, url, check);
  await imapOutage(check);

  console.log('');
  printTable(figures);
});
