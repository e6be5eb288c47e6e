// `npm run test:cluster [-- --full]`: the production recipe of deploy/ on this machine's loopback. A fresh
// PostgreSQL database, three instances of the built server (as `npm start` runs it, each on its own port,
// one DATABASE_URL, one LINK_SECRET) started at the same moment, the worker (`npm run worker`), and Caddy
// from deploy/Caddyfile (caddyfileForTest: loopback address and ports substituted), with a real SMTP server
// and a webhook receiver. Under a steady mix through Caddy (JSON lead posts with their proof of work,
// plain form posts, page views, filtered lists, a signed-in staff member's inbox, filters and triage) it
// SIGKILLs one instance and starts it again, then rolls all three (SIGTERM, wait for the exit, start, wait
// until ready and back in Caddy's rotation, next). Checks, printed as PASS/FAIL and a table:
//  - the three instances started at once migrated once (drizzle's migrations table: one row per migration);
//  - every post answered with success is stored exactly once, nothing stored twice, every column as sent;
//  - no 5xx and no failed request except those in flight inside the killed process (each accounted for), and
//    posts Caddy before 2.11.2 sent to the killed process before its health checks noticed (caddyserver/caddy#7546,
//    accounted for only with Caddy's own log of it; docs/deploy.md);
//  - during the rolling restart, 0 failed requests at the client;
//  - a staff session signed in through one instance works through the other two;
//  - the form limit and the sign-in limit hold across instances (one client address through Caddy gets the
//    limit, not three times it; the instances run with TRUST_PROXY=1 and every client of the mix posts from
//    an address of its own in 127.0.0.0/8, so the production limits stay on);
//  - page counts in the database equal the views answered (views pause for more than the flush interval
//    before the SIGKILL, so the killed process holds none; the others flush when SIGTERM stops them);
//  - each notification (staff email, webhook, acknowledgement) delivered exactly once, counted at the
//    receivers by outbox row; a second delivery is accepted only where the row was attempted twice (a
//    claim of the killed process whose lease ran out: at least once, as docs/notifications.md says).
// Sizes: the default (CI, about 2 minutes on a loaded 2-core machine) and --full (more clients, longer
// phases; a few minutes). Ports: CLUSTER_PORT_BASE (3450): instances +1..+3, SMTP +5, webhook +6; Caddy on
// CLUSTER_CADDY_PORT (3470), its admin API +1, its HTTP/HTTPS ports +2/+3.
// Before the health/drain change of the server is merged, /readyz answers 404: Caddy's health check then
// uses /robots.txt, and the rolling restart's failures are reported, not failed (the server closes at once
// on SIGTERM). The test says which it ran.
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { challengePath } from '../../src/lib/spam/proof-field';
import { onCleanup, tempDir } from '../support/cleanup';
import { bulkKinds, formPages, readBackLeads, validValues, type BulkKind, type Sent } from '../support/bulk-leads';
import { encodeForm, endpointUrl, loadForm, tokenFieldNames, type Form } from '../support/form-client';
import { solve } from '../support/proof';
import { createTempDatabase, poolQuery } from '../support/suite-databases';
import { root } from '../support/start-server';
import { printTable, runSuite } from '../support/suite-runner';
import { caddyfileForTest, createStaff, instance, probe, startCaddy, startWorker, type Instance } from './processes';
import { startSmtpReceiver, startWebhookReceiver } from './receivers';

const full = process.argv.includes('--full');
const size = full
  ? { json: 6, page: 4, views: 3, staff: 2, pauseMs: 0, steadyMs: 20_000, label: 'full' }
  : // CI: one client of each sort with a pause between requests, so that a loaded 2-core machine still starts
    // an instance in seconds (the full size keeps 15 clients busy).
    { json: 1, page: 1, views: 1, staff: 1, pauseMs: 150, steadyMs: 4_000, label: 'CI' };
const portBase = Number(process.env.CLUSTER_PORT_BASE) || 3450;
const caddyPorts = (() => {
  const p = Number(process.env.CLUSTER_CADDY_PORT) || 3470;
  return { port: p, admin: p + 1, httpPort: p + 2, httpsPort: p + 3 };
})();
const FLUSH_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => Date.now();
/** The Caddy the test runs (`caddy version`: "2.6.2" or "v2.11.2 h1:..."), and whether it has caddyserver/caddy#7546 (before 2.11.2). */
const caddyVersion = (() => {
  try {
    return execFileSync('caddy', ['version'], { encoding: 'utf8' }).trim().split(/\s+/)[0].replace(/^v/, '');
  } catch {
    return 'unknown';
  }
})();
const caddyHasBodyBug = (() => {
  const [a, b, c] = caddyVersion.split('.').map(Number);
  return a === 2 && (b < 11 || (b === 11 && (c || 0) < 2));
})();
const browserUA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

// ---- the client ---------------------------------------------------------------------------------------

type ReqType = 'json' | 'page' | 'challenge' | 'view' | 'list' | 'staff' | 'triage';
type Rec = { type: ReqType; t0: number; t1: number; status: number; error: string; upstream: string; ok: boolean };
type Answer = { status: number; body: string; upstream: string; error: string; t0: number; t1: number };

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 3000 });

/**
 * One HTTP request. `from`: the local address to connect from (a client address of its own, on a new
 * connection); otherwise a kept-alive connection from 127.0.0.1. Never rejects: a failure is status 0.
 */
function send(url: string, { method = 'GET', body, headers = {}, from }: { method?: string; body?: string | Buffer; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  const t0 = now();
  return new Promise((resolve) => {
    const done = (a: Omit<Answer, 't0' | 't1'>) => resolve({ ...a, t0, t1: now() });
    const req = http.request(
      url,
      {
        method,
        agent: from ? false : keepAlive,
        localAddress: from,
        timeout: 60_000,
        headers: { 'User-Agent': browserUA, ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), upstream: String(res.headers['x-upstream'] ?? ''), error: '' }));
        res.on('error', (err) => done({ status: 0, body: '', upstream: '', error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => done({ status: 0, body: '', upstream: '', error: err.code ?? err.message }));
    req.end(body);
  });
}

/** A fresh client address for each post (127.1.x.y, then 127.2...): the production limits never meet the mix. */
let addressSeq = 0;
const nextAddress = () => {
  const n = ++addressSeq;
  return `127.${1 + Math.floor(n / 65_000)}.${Math.floor((n % 65_000) / 250)}.${(n % 250) + 1}`;
};

// ---- the run ------------------------------------------------------------------------------------------

await runSuite('test:cluster', async ({ check }) => {
  const started = now();
  const tag = `cl${Date.now().toString(36)}`;
  console.log(`test:cluster (${size.label} size): 3 instances + worker behind Caddy on 127.0.0.1:${caddyPorts.port}; run tag ${tag}\n`);

  // 1. The database, the receivers, the shared settings.
  const db = await createTempDatabase('cluster');
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  pool.on('error', () => {});
  const endPool = onCleanup('pool', () => pool.end());
  const query = poolQuery(pool);
  const smtp = await startSmtpReceiver(portBase + 5);
  const hooks = await startWebhookReceiver(portBase + 6);
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    HOST: '127.0.0.1',
    DATA_DIR: tempDir('cluster-data'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    TRUST_PROXY_RANGES: '127.0.0.1/32',
    LINK_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'staff@cluster.test',
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    NOTIFY_POLL_MS: '500',
    // A claim of the SIGKILLed process is sent again once its lease runs out: short, for the test to wait on.
    NOTIFY_LEASE_MS: '8000',
    PAGE_VIEWS_FLUSH_MS: String(FLUSH_MS),
    // As the other suites: a light proof of work for the clients to solve, no minimum time to fill a form.
    SPAM_PROOF_WORK: '200',
    SPAM_MIN_FILL_SECONDS: '0',
    // The production limits, said out loud: the checks below are about them.
    LEADS_RATE_LIMIT_PER_FORM: '5',
    LEADS_RATE_LIMIT_TOTAL: '30',
    LEADS_RATE_LIMIT_WINDOW: '60',
    STAFF_SIGNIN_LIMIT_PAIR: '10',
    STAFF_SIGNIN_WINDOW: '900',
  };
  for (const k of ['SITE_URL', 'NOTIFY_LOOP', 'PAGE_VIEWS', 'DRAIN_DELAY_MS']) delete process.env[k];
  const instances = [1, 2, 3].map((i) => instance(`instance ${i}`, portBase + i, env));
  const figures: Record<string, unknown>[] = [];
  const figure = (what: string, value: unknown) => figures.push({ what, figure: String(value) });

  // 2. Three instances started at the same moment: one migrates, the others wait on the lock.
  const t0 = now();
  for (const inst of instances) inst.spawn();
  const startResults = await Promise.allSettled(instances.map((i) => i.ready()));
  const startedAll = startResults.every((r) => r.status === 'fulfilled');
  check('3 instances started at the same moment all became ready', startedAll, startResults.map((r, i) => `${instances[i].name}: ${r.status === 'fulfilled' ? 'ready' : (r.reason as Error).message.split('\n')[0]}`).join(', '));
  if (!startedAll) return;
  figure('3 instances started at once: all ready after', `${((now() - t0) / 1000).toFixed(1)} s`);
  const journal = JSON.parse(fs.readFileSync(path.join(root, 'src/lib/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const [mig] = await query<{ n: number; hashes: number }>('select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations');
  check('...and migrated once (one row per migration in drizzle.__drizzle_migrations)', mig.n === journal.entries.length && mig.hashes === mig.n, `${mig.n} rows for ${journal.entries.length} migrations`);
  figure('migrations applied (rows / journal)', `${mig.n} / ${journal.entries.length}`);

  // Readiness: /readyz, or before the health/drain change is merged, /robots.txt (not a page view).
  const readyz = await probe(`${instances[0].url}/readyz`, 20_000);
  const hasReadyz = readyz === 200;
  const healthUri = hasReadyz ? '/readyz' : '/robots.txt';
  console.log(hasReadyz ? 'the instances answer /readyz: Caddy checks it' : `/readyz answered ${readyz}: the server has no readiness endpoint yet, Caddy checks /robots.txt and the rolling restart's failures are reported, not failed`);
  const readyUrl = (inst: Instance) => `${inst.url}${healthUri}`;

  // 3. The worker and Caddy.
  const worker = await startWorker(env);
  const recipe = fs.readFileSync(path.join(root, 'deploy', 'Caddyfile'), 'utf8');
  const caddy = await startCaddy(
    caddyfileForTest(
      recipe,
      instances.map((i) => `127.0.0.1:${i.port}`),
      caddyPorts,
      healthUri,
    ),
    tempDir('caddy'),
    caddyPorts,
  );
  const base = caddy.url;
  /** Waits until Caddy has sent a request to `inst` (it is back in the rotation). */
  const inRotation = async (inst: Instance, ms = 30_000) => {
    const want = `127.0.0.1:${inst.port}`;
    for (const until = now() + ms; now() < until; await sleep(100)) {
      const r = await send(`${base}/robots.txt`);
      if (r.upstream === want) return true;
    }
    return false;
  };
  const rotation = await Promise.all(instances.map((i) => inRotation(i)));
  check('Caddy sends requests to each of the 3 instances', rotation.every(Boolean), rotation.map((ok, i) => `${instances[i].name}: ${ok ? 'yes' : 'no'}`).join(', '));

  // 4. Staff: an admin made with the project's own command; signed in through instance 1.
  const admin = { email: `admin-${tag}@cluster.test`, name: 'Cluster Admin', password: `cluster ${randomUUID()}`, role: 'admin' as const };
  createStaff(env, admin);
  const signIn = (url: string, email: string, password: string, from?: string) =>
    send(`${url}/staff/sign-in`, {
      method: 'POST',
      body: new URLSearchParams({ _action: 'signIn', email, password }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(url).origin, Accept: 'text/html' },
      from,
    });
  const session = await new Promise<string>((resolve) => {
    const req = http.request(`${instances[0].url}/staff/sign-in`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: instances[0].url } }, (res) => {
      res.resume();
      const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => /^(__Host-)?staff_session=./.test(c));
      resolve(cookie ?? '');
    });
    req.on('error', () => resolve(''));
    req.end(new URLSearchParams({ _action: 'signIn', email: admin.email, password: admin.password }).toString());
  });
  const staffGet = (url: string) => send(url, { headers: { Cookie: session, Accept: 'text/html' } });
  const across = await Promise.all(instances.map((i) => staffGet(`${i.url}/staff`)));
  const signedIn = (a: Answer) => a.status === 200 && a.body.includes(admin.name);
  check(
    'a staff session signed in through instance 1 works through instances 2 and 3',
    Boolean(session) && across.every(signedIn),
    session ? across.map((a, i) => `${instances[i].name}: HTTP ${a.status}${signedIn(a) ? ', signed in' : ''}`).join(', ') : 'no session cookie',
  );

  // 5. The mix.
  const recs: Rec[] = [];
  const sent: Sent = new Map();
  const succeeded = new Set<string>();
  const jsonEmails = new Set<string>();
  const triaged = new Set<string>();
  let running = true;
  let viewsPaused = false;
  const forms = {} as Record<BulkKind, Form>;
  for (const kind of bulkKinds) forms[kind] = await loadForm(base, formPages[kind].path, formPages[kind].pick);
  const record = (type: ReqType, a: Answer, ok: boolean) => recs.push({ type, t0: a.t0, t1: a.t1, status: a.status, error: a.error, upstream: a.upstream, ok });
  let postSeq = 0;

  const jsonClient = async () => {
    while (running) {
      const n = ++postSeq;
      const kind = bulkKinds[n % bulkKinds.length];
      const form = forms[kind];
      const values = validValues(kind, `${tag}-j${n}`);
      const from = nextAddress();
      const ch = await send(`${base}${challengePath}`, { from, headers: { Accept: 'application/json' } });
      record('challenge', ch, ch.status === 200);
      if (ch.status !== 200) continue;
      const body = new URLSearchParams();
      for (const name of tokenFieldNames(form)) body.append(name, randomUUID());
      for (const [k, v] of Object.entries(values)) body.append(k, v);
      body.append('proof', await solve(JSON.parse(ch.body)));
      sent.set(values.email, { kind, values });
      jsonEmails.add(values.email);
      const url = endpointUrl(form);
      const a = await send(url, { method: 'POST', body: body.toString(), from, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json', Origin: base } });
      const ok = a.status === 200 && a.body.includes(formPages[kind].success);
      if (ok) succeeded.add(values.email);
      record('json', a, ok);
      if (size.pauseMs) await sleep(size.pauseMs);
    }
  };
  const pageClient = async () => {
    while (running) {
      const n = ++postSeq;
      const kind = bulkKinds[n % bulkKinds.length];
      const form = forms[kind];
      const values = validValues(kind, `${tag}-p${n}`);
      const { type, bytes } = await encodeForm(form, values);
      sent.set(values.email, { kind, values });
      const a = await send(form.url, { method: 'POST', body: bytes, from: nextAddress(), headers: { 'Content-Type': type, Accept: 'text/html', Origin: base } });
      const ok = a.status === 200 && a.body.includes(formPages[kind].success);
      if (ok) succeeded.add(values.email);
      record('page', a, ok);
      if (size.pauseMs) await sleep(size.pauseMs);
    }
  };
  const viewPaths = ['/pricing', '/features', '/partners', '/'];
  const listPaths = ['/blog?q=social&category=Tutorials', '/careers?q=engineer', '/templates?category=Instagram', '/blog?q=strategy'];
  const viewClient = async (k: number) => {
    for (let n = k; running; n++) {
      if (viewsPaused) {
        await sleep(50);
        continue;
      }
      const list = n % 3 === 2;
      const p = list ? `${listPaths[n % listPaths.length]}&utm_campaign=${tag}` : `${viewPaths[n % viewPaths.length]}?utm_campaign=${tag}`;
      const a = await send(`${base}${p}`, { headers: { Accept: 'text/html' } });
      record(list ? 'list' : 'view', a, a.status === 200);
      await sleep(Math.max(20, size.pauseMs));
    }
  };
  const staffClient = async (k: number) => {
    const pages = ['/staff', '/staff?type=partner&status=new', `/staff?q=${tag}`, '/staff?status=all&type=contact', '/staff/insights'];
    for (let n = k; running; n++) {
      const a = await staffGet(`${base}${pages[n % pages.length]}`);
      record('staff', a, signedIn(a));
      // Triage: the first partner lead of this run not yet triaged, set to Contacted through Caddy.
      const inbox = await staffGet(`${base}/staff?type=partner&status=new&q=${tag}`);
      record('staff', inbox, signedIn(inbox));
      const id = [...inbox.body.matchAll(/\/staff\/leads\/partner\/([0-9a-f-]{36})/g)].map((m) => m[1]).find((x) => !triaged.has(x));
      if (id) {
        triaged.add(id);
        const t = await send(`${base}/staff/leads/partner/${id}`, {
          method: 'POST',
          body: new URLSearchParams({ _action: 'updateLeadStatus', lead: `partner:${id}`, status: 'contacted' }).toString(),
          headers: { Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Accept: 'text/html' },
        });
        record('triage', t, (t.status === 200 && t.body.includes('Status set to Contacted')) || t.status === 303);
      }
      await sleep(Math.max(100, size.pauseMs));
    }
  };
  const clients = [
    ...Array.from({ length: size.json }, () => jsonClient()),
    ...Array.from({ length: size.page }, () => pageClient()),
    ...Array.from({ length: size.views }, (_, k) => viewClient(k)),
    ...Array.from({ length: size.staff }, (_, k) => staffClient(k)),
  ];
  const marks: Record<string, number> = { mixStart: now() };

  // 6. The limits, through Caddy, while the mix runs: one client address, more than the limit.
  {
    const from = '127.0.9.10';
    const form = forms.contact;
    const answers: Answer[] = [];
    for (let i = 0; i < 15; i++) {
      const values = validValues('contact', `${tag}-limit${i}`);
      const { type, bytes } = await encodeForm(form, values);
      sent.set(values.email, { kind: 'contact', values });
      const a = await send(form.url, { method: 'POST', body: bytes, from, headers: { 'Content-Type': type, Accept: 'text/html', Origin: base } });
      if (a.status === 200 && a.body.includes(formPages.contact.success)) succeeded.add(values.email);
      answers.push(a);
    }
    const accepted = answers.filter((a) => a.status === 200 && a.body.includes(formPages.contact.success)).length;
    const refused = answers.filter((a) => a.status === 429).length;
    const by = new Set(answers.map((a) => a.upstream).filter(Boolean)).size;
    check(`form limit across instances: 15 posts from one address through Caddy, 5 accepted and 10 refused (429)`, accepted === 5 && refused === 10, `${accepted} accepted, ${refused} refused, answered by ${by} instances`);
    const [{ n: stored }] = await query<{ n: number }>('select count(*)::int as n from contact_messages where email like $1', [`lead-${tag}-limit%`]);
    check('...and the refused posts stored nothing', stored === 5, `${stored} rows`);
    figure('form limit (5 a minute): 15 posts from 127.0.9.10', `${accepted} accepted, ${refused} refused, by ${by} instances`);

    const guesses: Answer[] = [];
    for (let i = 0; i < 30; i++) guesses.push(await signIn(base, admin.email, 'not the password at all', '127.0.9.11'));
    const checked = guesses.filter((a) => a.status === 401).length;
    const limited = guesses.filter((a) => a.status === 429).length;
    const right = await signIn(base, admin.email, admin.password, '127.0.9.11');
    const byG = new Set(guesses.map((a) => a.upstream).filter(Boolean)).size;
    check('sign-in limit across instances: 30 wrong passwords from one address through Caddy, 10 checked (401) and 20 refused (429)', checked === 10 && limited === 20, `${checked} checked, ${limited} refused, answered by ${byG} instances`);
    check('...and the right password from that address is refused too until the window ends', right.status === 429, `HTTP ${right.status}`);
    figure('sign-in limit (10 per account and address): 30 wrong passwords from 127.0.9.11', `${checked} checked (401), ${limited} refused (429), by ${byG} instances`);
  }
  await sleep(size.steadyMs);

  // 7. SIGKILL of instance 2 (views paused first for more than the flush interval: it holds no count).
  const victim = instances[1];
  viewsPaused = true;
  await sleep(FLUSH_MS * 2 + 500);
  marks.kill = now();
  const killed = await victim.stop('SIGKILL');
  marks.killed = now();
  viewsPaused = false;
  await sleep(1000);
  victim.spawn();
  await victim.ready();
  const back = await inRotation(victim);
  marks.killRestarted = now();
  check(`${victim.name}: killed (SIGKILL), started again, back in Caddy's rotation`, killed.signal === 'SIGKILL' && back, `back ${((marks.killRestarted - marks.kill) / 1000).toFixed(1)} s after the kill`);
  await sleep(size.steadyMs);

  // 8. The rolling restart: one instance at a time.
  marks.rollStart = now();
  const roll: Record<string, unknown>[] = [];
  for (const inst of instances) {
    const t = now();
    const exit = await inst.stop('SIGTERM');
    inst.spawn();
    await inst.ready();
    for (const until = now() + 30_000; (await probe(readyUrl(inst))) !== 200 && now() < until; ) await sleep(100);
    const rotated = await inRotation(inst);
    roll.push({ instance: inst.name, exit: exit.code ?? exit.signal, 'stopped in': `${exit.secs.toFixed(1)} s`, 'back in rotation after': rotated ? `${((now() - t) / 1000).toFixed(1)} s` : 'never' });
    if (hasReadyz) check(`rolling restart: ${inst.name} exited 0 on SIGTERM and came back`, exit.code === 0 && rotated, `exit ${exit.code ?? exit.signal} in ${exit.secs.toFixed(1)} s`);
    else {
      // Before the drain change the server waits for Caddy's kept-alive connections, which stay busy, and
      // exits 1 after 10 s: reported, not failed.
      check(`rolling restart: ${inst.name} stopped on SIGTERM and came back`, rotated, `exit ${exit.code ?? exit.signal} in ${exit.secs.toFixed(1)} s`);
      if (exit.code !== 0) console.log(`NOTE  ${inst.name} exited ${exit.code ?? exit.signal} on SIGTERM (no drain before the health/drain change)`);
    }
  }
  marks.rollEnd = now();
  await sleep(Math.min(size.steadyMs, 5000));
  running = false;
  await Promise.all(clients);
  marks.mixEnd = now();

  // 9. Deliveries: wait until every outbox row of the run is done (sent or kept back by a limit).
  const [{ n: outboxTotal }] = await query<{ n: number }>('select count(*)::int as n from notification_outbox');
  let pending = -1;
  for (const until = now() + 90_000; now() < until; await sleep(500)) {
    [{ n: pending }] = await query<{ n: number }>(`select count(*)::int as n from notification_outbox where status = 'pending'`);
    if (pending === 0) break;
  }
  await sleep(1500);
  check('every notification of the run left the outbox (none pending)', pending === 0, `${outboxTotal} rows, ${pending} pending`);

  // 10. Stop everything cleanly (the page counts are flushed at SIGTERM).
  const exits = await Promise.all(instances.map((i) => i.stop('SIGTERM')));
  const workerExit = await worker.stop();
  await caddy.stop();
  check('the instances and the worker exit 0 on SIGTERM at the end', exits.every((e) => e.code === 0) && workerExit === 0, `${exits.map((e) => e.code ?? e.signal).join(', ')}; worker ${workerExit}`);

  // ---- the checks on what was stored and answered ----
  const phaseOf = (r: Rec) => (r.t0 < marks.kill ? 'steady' : r.t0 < marks.killRestarted ? 'kill -9 and restart' : r.t0 < marks.rollStart ? 'steady after restart' : r.t0 < marks.rollEnd ? 'rolling restart' : 'steady after roll');
  const phases = ['steady', 'kill -9 and restart', 'steady after restart', 'rolling restart', 'steady after roll'];
  const phaseRows = phases.map((ph) => {
    const rs = recs.filter((r) => phaseOf(r) === ph);
    const c = (f: (r: Rec) => boolean) => rs.filter(f).length;
    return {
      phase: ph,
      requests: rs.length,
      'lead posts': c((r) => r.type === 'json' || r.type === 'page'),
      'views+lists': c((r) => r.type === 'view' || r.type === 'list'),
      staff: c((r) => r.type === 'staff' || r.type === 'triage'),
      ok: c((r) => r.ok),
      '4xx': c((r) => r.status >= 400 && r.status < 500),
      '5xx': c((r) => r.status >= 500),
      'no answer': c((r) => r.status === 0),
      'other failed': c((r) => !r.ok && r.status > 0 && r.status < 400),
    };
  });

  // Failures: explained only when in flight inside the killed process (sent before the kill, answered after).
  const failed = recs.filter((r) => !r.ok);
  const inFlightAtKill = (r: Rec) => r.t0 <= marks.kill && r.t1 >= marks.kill;
  const explained = failed.filter((r) => inFlightAtKill(r) && (r.status >= 500 || r.status === 0));
  // Caddy before 2.11.2 (Debian 12 ships 2.6.2) cannot retry a request with a body after a dial error: the
  // transport closes the body on the failed dial, and the retry to a live instance fails with "http: invalid
  // Read on closed Body" (caddyserver/caddy#7546, fixed by #7547 in 2.11.2). So a post that Caddy sends to the
  // killed instance before its health checks notice (one health interval and timeout, 3 s) gets a 502 from
  // Caddy itself. Such a failure is accounted for only with that evidence: a 502 to a post sent in that
  // window, and no more of them than Caddy logged errors of this kind in it (docs/deploy.md says to run
  // Caddy >= 2.11.2 in production). Anything else still fails the check.
  const caddyBodyBug = caddy
    .output()
    .split('\n')
    .filter((l) => l.includes('"level":"error"') && l.includes('invalid Read on closed Body'))
    .map((l) => Math.round(Number((JSON.parse(l) as { ts: number }).ts) * 1000))
    .filter((ts) => ts >= marks.kill && ts <= marks.kill + 3_000 + 1_000);
  const postAfterKill = (r: Rec) => (r.type === 'json' || r.type === 'page') && r.status === 502 && r.t0 >= marks.kill && r.t0 <= marks.kill + 3_000;
  const byCaddyBug = caddyHasBodyBug ? failed.filter((r) => !explained.includes(r) && postAfterKill(r)).slice(0, caddyBodyBug.length) : [];
  if (byCaddyBug.length) console.log(`NOTE  ${byCaddyBug.length} post(s) sent just after the kill answered 502 by Caddy ${caddyVersion} ("invalid Read on closed Body" in its log: caddyserver/caddy#7546, fixed in Caddy 2.11.2)`);
  const unexplained = failed.filter((r) => !explained.includes(r) && !byCaddyBug.includes(r));
  const at = (t: number) => `+${((t - marks.mixStart) / 1000).toFixed(2)} s`;
  // Each failure with when it was sent and answered, and through which instance, against the kill's time.
  const describe = (rs: Rec[]) =>
    `${rs
      .slice(0, 5)
      .map((r) => `${r.type} ${r.status || r.error} sent at ${at(r.t0)}, answered at ${at(r.t1)}${r.upstream ? ` by ${r.upstream}` : ''}`)
      .join('; ')} (the kill at ${at(marks.kill)}, ${victim.name} back at ${at(marks.killRestarted)})`;
  check('no 5xx or failed request except those in flight inside the killed process (and posts lost to Caddy #7546 at the kill)', unexplained.filter((r) => !(r.t0 >= marks.rollStart && r.t0 < marks.rollEnd)).length === 0, `${failed.length} failed: ${explained.length} in flight at the kill, ${byCaddyBug.length} by Caddy's bug #7546 at the kill${unexplained.length ? `; others: ${describe(unexplained)}` : ''}`);
  // Caddy's own account of a failure (its error log: which upstream, dial or round trip, the error).
  if (unexplained.length) for (const line of caddy.output().split('\n').filter((l) => l.includes('"level":"error"')).slice(-10)) console.log(`CADDY ${line}`);
  const rollFailed = recs.filter((r) => r.t1 >= marks.rollStart && r.t0 <= marks.rollEnd && !r.ok);
  const rollCount = recs.filter((r) => r.t1 >= marks.rollStart && r.t0 <= marks.rollEnd).length;
  if (hasReadyz) check('rolling restart: 0 failed requests at the client', rollFailed.length === 0, `${rollCount} requests, ${rollFailed.length} failed${rollFailed.length ? `: ${describe(rollFailed)}` : ''}`);
  else console.log(`NOTE  rolling restart without /readyz (before the health/drain change): ${rollCount} requests, ${rollFailed.length} failed${rollFailed.length ? `: ${describe(rollFailed)}` : ''} (not a check until the server drains)`);

  // Posts: every success stored exactly once, every column as sent.
  const { rows, problems, ids } = await readBackLeads(query, tag, sent);
  const stored = new Set(rows.map((r) => r.row.email));
  const missing = [...succeeded].filter((e) => !stored.has(e));
  const limitPosts = (e: string) => e.startsWith(`lead-${tag}-limit`);
  const notSucceeded = [...sent.keys()].filter((e) => !succeeded.has(e) && !limitPosts(e));
  const storedAnyway = notSucceeded.filter((e) => stored.has(e)).length;
  check('every post answered with success is stored exactly once (no duplicate, none missing, every column as sent)', missing.length === 0 && problems.length === 0, `${succeeded.size} successes, ${rows.length} rows, ${missing.length} missing, ${problems.length} problems${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`);
  figure('lead posts: sent / answered with success / rows', `${sent.size} / ${succeeded.size} / ${rows.length} (10 refused by the form limit; ${notSucceeded.length} others not answered with success, of which ${storedAnyway} committed before the answer was lost)`);

  // Staff triage through Caddy, on whichever instance: stored.
  const triageOk = recs.filter((r) => r.type === 'triage' && r.ok).length;
  const [{ n: contacted }] = await query<{ n: number }>(`select count(*)::int as n from lead_triage where lead_type = 'partner' and status = 'contacted' and lead_id = any($1::uuid[])`, [[...triaged]]);
  check('staff triage through Caddy: every status change answered is stored', triageOk > 0 && contacted >= triageOk, `${triageOk} answered, ${contacted} stored`);
  const staffRecs = recs.filter((r) => r.type === 'staff');
  figure('staff requests through Caddy (one session): signed in / all', `${staffRecs.filter((r) => r.ok).length} / ${staffRecs.length}; ${triageOk} status changes`);

  // Page counts: the views answered 200, against the database's count of this run's campaign.
  const viewsOk = recs.filter((r) => (r.type === 'view' || r.type === 'list') && r.status === 200).length;
  const [{ n: counted }] = await query<{ n: number }>(`select coalesce(sum(views), 0)::int as n from page_views where campaign = $1`, [tag]);
  check('page counts in the database equal the views answered', counted === viewsOk, `${viewsOk} views answered 200, ${counted} counted`);
  figure('page views (campaign of the run): answered / counted', `${viewsOk} / ${counted}`);

  // Notifications: per outbox row, what the receivers got.
  const leadIds = ids.map((r) => r.id);
  const outbox = await query<{ id: string; channel: string; status: string; attempts: number; lead_id: string }>(
    'select id::text as id, channel, status, attempts, lead_id::text as lead_id from notification_outbox where lead_id = any($1::uuid[])',
    [leadIds],
  );
  const received = new Map<string, number>();
  for (const m of smtp.mails) received.set(m.deliveryId, (received.get(m.deliveryId) ?? 0) + 1);
  for (const h of hooks.hooks) received.set(h.webhookId, (received.get(h.webhookId) ?? 0) + 1);
  const byLead = new Map<string, string[]>();
  for (const r of outbox) byLead.set(r.lead_id, [...(byLead.get(r.lead_id) ?? []), r.channel]);
  const emailOf = new Map(rows.map((r) => [r.row.id, r.row.email]));
  const jsonLeads = leadIds.filter((id) => jsonEmails.has(emailOf.get(id) ?? ''));
  const wrongChannels = jsonLeads.filter((id) => {
    const ch = (byLead.get(id) ?? []).sort().join(',');
    return ch !== 'ack,email,webhook';
  });
  const pageQueued = leadIds.filter((id) => !jsonEmails.has(emailOf.get(id) ?? '') && byLead.has(id)).length;
  check('each lead posted with JavaScript has one staff email, one webhook and one acknowledgement queued; posts without it (held) none', wrongChannels.length === 0 && pageQueued === 0, `${jsonLeads.length} leads, ${wrongChannels.length} wrong, ${pageQueued} held posts with a notification`);
  const sentRows = outbox.filter((r) => r.status === 'sent');
  const never = sentRows.filter((r) => !received.has(r.id)).length;
  const notSentButReceived = outbox.filter((r) => r.status !== 'sent' && received.has(r.id)).length;
  const again = sentRows.filter((r) => (received.get(r.id) ?? 0) > 1);
  const againByRetry = again.filter((r) => (received.get(r.id) ?? 0) <= r.attempts).length;
  const statusCount = (s: string) => outbox.filter((r) => r.status === s).length;
  check(
    'each notification delivered exactly once (counted at the SMTP server and the webhook receiver, by outbox row)',
    never === 0 && notSentButReceived === 0 && again.length === againByRetry,
    `${sentRows.length} sent: ${never} never received, ${again.length} received twice (${againByRetry} attempted twice: a claim of the killed process sent again after its lease), ${notSentButReceived} received though not sent`,
  );
  figure(
    'notifications: rows sent / kept back by a limit / failed; received',
    `${sentRows.length} / ${statusCount('limited')} / ${statusCount('failed')}; ${smtp.mails.length} emails, ${hooks.hooks.length} webhook calls`,
  );
  const inRoll = failed.filter((r) => r.t0 >= marks.rollStart && r.t0 < marks.rollEnd).length;
  figure('5xx and failed requests: all / in flight inside the killed process / posts lost to Caddy #7546 at the kill / in the rolling restart', `${failed.length} / ${explained.length} / ${byCaddyBug.length} / ${inRoll}`);
  figure('rolling restart: requests / failed at the client', `${rollCount} / ${rollFailed.length}${hasReadyz ? '' : ' (no /readyz: not checked)'}`);
  figure('health check used by Caddy', healthUri);
  figure('the whole run', `${((now() - started) / 1000).toFixed(0)} s`);

  await pool.end();
  endPool();

  console.log('\nRequests through Caddy by phase:');
  printTable(phaseRows);
  console.log('\nRestarts:');
  printTable([{ instance: victim.name, exit: 'SIGKILL', 'stopped in': '-', 'back in rotation after': `${((marks.killRestarted - marks.kill) / 1000).toFixed(1)} s` }, ...roll]);
  console.log('\nFigures:');
  const width = Math.max(...figures.map((f) => String(f.what).length));
  for (const f of figures) console.log(`${String(f.what).padEnd(width)}  ${String(f.figure)}`);
});
