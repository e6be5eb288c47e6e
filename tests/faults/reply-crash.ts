// test:faults, replies to leads (docs/conversations.md, "Replying to a lead"): a server taking staff replies
// from the lead page's form and sending them to a slow SMTP server is killed -9 mid-way, then started again
// on the same database. Every reply a staff member sent is in its lead's thread once (a post cut by the kill
// is sent again with the same form, as the person would: its token writes nothing new), every reply reaches
// the SMTP server at least once, and a second copy (a send the kill cut before it was recorded) carries the
// same Message-ID. Run by tests/faults/crash-and-outage.ts on its throwaway PostgreSQL cluster.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createAdmin } from '../hostile/staff-area';
import { formAt, parseForms } from '../support/form-client';
import { startSmtp } from '../support/notify-receivers';
import { launch } from '../support/start-server';
import { benchEnv, type Checks } from '../support/suite-runner';

type Post = { token: string; lead: string; message: string; answer: 'queued' | 'other' | 'cut' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(base: string, email: string, password: string): Promise<string> {
  const page = await fetch(new URL('/staff/sign-in', base));
  const form = formAt(parseForms(await page.text()).find((f) => f.fields.some((c) => c.name === 'password'))!, base, '/staff/sign-in');
  const body = new URLSearchParams([...form.hidden, ['email', email], ['password', password]]);
  const res = await fetch(form.url, { method: 'POST', body, headers: { Origin: new URL(base).origin }, redirect: 'manual' });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => /staff_session=/.test(c));
  if (!cookie) throw new Error(`signing in failed: HTTP ${res.status}`);
  return cookie;
}

/** Posts the composer of the lead's page as the browser does without JavaScript. */
async function postReply(base: string, cookie: string, post: Post): Promise<Post['answer']> {
  const body = new URLSearchParams({ _action: 'sendLeadReply', lead: `partner:${post.lead}`, intent: 'send', subject: 'Your partner application', message: post.message, token: post.token });
  try {
    const res = await fetch(new URL(`/staff/leads/partner/${post.lead}`, base), { method: 'POST', body, headers: { Origin: new URL(base).origin, Cookie: cookie } });
    const html = await res.text();
    return res.status === 200 && html.includes('Reply queued for') ? 'queued' : 'other';
  } catch {
    return 'cut';
  }
}

export async function replyCrash(url: string, check: Checks['check']): Promise<Record<string, unknown>> {
  const smtp = await startSmtp();
  smtp.state.delayMs = 150; // sends in flight when the kill comes
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const tag = `replycrash${Date.now().toString(36)}`;
  try {
    const password = `correct horse ${tag}`;
    createAdmin(url, `${tag}@faults.example`, password);
    const { rows: leads } = await pool.query<{ id: string }>(
      `insert into partner_applications (first_name, last_name, email, company, partnership_type, message)
       select 'Lead', $1, $1 || '-' || n || '@faults.example', 'Faults Ltd', 'technology', 'A partner application to answer.' from generate_series(1, 8) n returning id`,
      [tag],
    );
    const env = { ...benchEnv, DATABASE_URL: url, SMTP_URL: smtp.url, NOTIFY_POLL_MS: '100', NOTIFY_LEASE_MS: '3000', REPLY_INBOUND_ADDRESS: 'replies@inbound.faults.example' };
    const server = await launch(env);
    const cookie = await signIn(server.url, `${tag}@faults.example`, password);

    const posts: Post[] = [];
    let running = true;
    const workers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; running; n++) {
        const post: Post = { token: randomUUID(), lead: leads[(w + n) % leads.length]!.id, message: `Reply ${w}-${n} of ${tag}`, answer: 'cut' };
        posts.push(post);
        post.answer = await postReply(server.url, cookie, post);
        if (post.answer === 'cut') break;
      }
    });
    for (const until = Date.now() + 30_000; smtp.messages.length < 12 && Date.now() < until; ) await sleep(20);
    const receivedAtKill = smtp.messages.length;
    server.child.kill('SIGKILL');
    await new Promise<void>((r) => (server.child.exitCode !== null || server.child.signalCode ? r() : server.child.once('exit', () => r())));
    running = false;
    await Promise.all(workers);
    await server.stop();
    const { rows: unsentAtKill } = await pool.query(`select count(*)::int as n from notification_outbox where channel = 'reply' and status = 'pending'`);

    const again = await launch({ ...env, DATA_DIR: server.dataDir });
    // A post the kill cut is sent again with the same form (the same token), as the person would.
    const cut = posts.filter((p) => p.answer !== 'queued');
    for (const post of cut) post.answer = await postReply(again.url, cookie, post);
    let pending = -1;
    for (const until = Date.now() + 60_000; pending !== 0 && Date.now() < until; await sleep(250)) {
      pending = (await pool.query(`select count(*)::int as n from notification_outbox where channel = 'reply' and status <> 'sent'`)).rows[0].n;
    }
    await again.stop();

    const { rows: stored } = await pool.query<{ form_token: string; message_id: string; n: number }>(
      `select form_token, min(message_id) as message_id, count(*)::int as n from lead_messages where direction = 'out' and lead_id = any($1::uuid[]) group by form_token`,
      [leads.map((l) => l.id)],
    );
    const byToken = new Map(stored.map((r) => [r.form_token, r]));
    const copies = new Map<string, number>();
    for (const m of smtp.messages) {
      const id = m.headers.find(([n]) => n === 'message-id')?.[1].replace(/^<|>$/g, '') ?? '';
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const notQueued = posts.filter((p) => p.answer !== 'queued');
    const missing = posts.filter((p) => !byToken.has(p.token));
    const twice = stored.filter((r) => r.n !== 1);
    const unreceived = stored.filter((r) => !copies.get(r.message_id));
    const strangers = [...copies.keys()].filter((id) => !stored.some((r) => r.message_id === id));
    const repeated = [...copies.values()].filter((n) => n > 1).length;

    check('replies: the server was killed while replies were being sent', receivedAtKill > 0 && unsentAtKill[0].n > 0, `${receivedAtKill} received before the kill, ${unsentAtKill[0].n} not yet sent, ${cut.length} posts cut`);
    check('replies: every post answered (a cut one sent again with the same form after the restart)', notQueued.length === 0, `${posts.length} posts, ${notQueued.length} not answered`);
    check('replies: each reply is in its thread once', missing.length === 0 && twice.length === 0 && stored.length === posts.length, `${posts.length} posted, ${stored.length} stored, ${missing.length} missing, ${twice.length} twice`);
    check('replies: each reply was received by the SMTP server at least once', pending === 0 && unreceived.length === 0, `${unreceived.length} never received, ${pending} not sent`);
    check('replies: a second copy carries the same Message-ID (no copy with another)', strangers.length === 0, `${repeated} received twice, ${strangers.length} with an unknown Message-ID`);
    return {
      scenario: 'kill -9 while sending replies',
      sent: posts.length,
      success: posts.length - notQueued.length,
      'cut by kill': cut.length,
      'other answers': notQueued.length,
      rows: stored.length,
      'missing successes': missing.length,
      'bad rows': twice.length,
      restart: `${smtp.messages.length} emails for ${stored.length} replies (${repeated} sent twice, same Message-ID)`,
    };
  } finally {
    await pool.end();
    await smtp.close();
  }
}
