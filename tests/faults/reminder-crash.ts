// test:faults, overdue reminders (docs/speed-to-lead.md, "Reminders and digests"): a server whose scheduler
// sweeps overdue leads and whose delivery loop sends the reminders to a slow SMTP server is killed -9 in the
// middle of sending, while leads keep turning overdue, then started again on the same database. Each overdue
// lead has one reminder row per person to tell (its owner; each admin when nobody owns it), never two; every
// row is sent; and a second copy at the SMTP server (a send the kill cut before it was recorded: the outbox
// delivers at least once) is the same message, with the same Message-ID. Run by crash-and-outage.ts on its
// throwaway PostgreSQL cluster.
import pg from 'pg';
import { openDatabase } from '../../src/lib/db/connection';
import { runMigrations } from '../../src/lib/db/migrate';
import { startSmtp } from '../support/notify-receivers';
import { launch } from '../support/start-server';
import { benchEnv, type Checks } from '../support/suite-runner';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function reminderCrash(url: string, check: Checks['check']): Promise<Record<string, unknown>> {
  const smtp = await startSmtp();
  smtp.state.delayMs = 300; // sends in flight when the kill comes
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const tag = `remindcrash${Date.now().toString(36)}`;
  /** `n` contact messages of this run, owned in turn by the members (every fourth by nobody), due a minute ago. */
  const overdueLeads = async (n: number, members: string[]) => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into contact_messages (name, email, subject, message) select 'Lead ' || g, $1 || '-' || g || '@faults.example', 'Q', 'Hello' from generate_series(1, $2::int) g returning id`,
      [tag, n],
    );
    const ids = rows.map((r) => r.id);
    const owners = ids.map((_, i) => (i % 4 === 3 ? null : members[i % members.length]));
    await pool.query(`insert into lead_triage (lead_type, lead_id, owner_id) select 'contact', unnest($1::uuid[]), unnest($2::uuid[])`, [ids, owners]);
    await pool.query(`update lead_index set due_at = now() - interval '1 minute' where lead_type = 'contact' and lead_id = any($1::uuid[])`, [ids]);
    return ids;
  };
  try {
    // The tables, before the first server start (run alone, the database may be new).
    const handle = await openDatabase({ databaseUrl: url });
    await runMigrations(handle).finally(() => handle.close());
    const { rows: staff } = await pool.query<{ id: string; role: string }>(
      `insert into staff_users (email, name, role, password_hash) values ($1 || '-a@faults.example', 'Admin', 'admin', 'x'), ($1 || '-b@faults.example', 'Bea', 'member', 'x'), ($1 || '-c@faults.example', 'Cy', 'member', 'x') returning id, role`,
      [tag],
    );
    const members = staff.filter((s) => s.role === 'member').map((s) => s.id);
    const leads = await overdueLeads(120, members);
    const env = { ...benchEnv, DATABASE_URL: url, SMTP_URL: smtp.url, NOTIFY_POLL_MS: '100', NOTIFY_LEASE_MS: '3000', RETENTION_PURGE: '0' };
    const server = await launch(env);
    // The first sweep comes within a minute and a half (a cron pass every 30 s); kill once some reminders went out.
    for (const until = Date.now() + 180_000; smtp.messages.length < 15 && Date.now() < until; ) await sleep(50);
    const receivedAtKill = smtp.messages.length;
    server.child.kill('SIGKILL');
    await new Promise<void>((r) => (server.child.exitCode !== null || server.child.signalCode ? r() : server.child.once('exit', () => r())));
    await server.stop();
    const { rows: unsent } = await pool.query<{ n: number }>(`select count(*)::int as n from staff_emails where topic = 'reminder' and status = 'pending'`);
    // Under load: more leads turn overdue while the server is down; the restarted one must remind of them too.
    leads.push(...(await overdueLeads(40, members)));

    const again = await launch({ ...env, DATA_DIR: server.dataDir });
    const { rows: admins } = await pool.query<{ n: number }>(`select count(*)::int as n from staff_users where role = 'admin' and disabled_at is null`);
    const { rows: split } = await pool.query<{ owned: number; unowned: number }>(
      `select count(owner_id)::int as owned, (count(*) - count(owner_id))::int as unowned from lead_index where lead_type = 'contact' and lead_id = any($1::uuid[])`,
      [leads],
    );
    // The owner of each owned lead; each admin (of this run and any other on the database) for the others.
    const expected = split[0].owned + split[0].unowned * admins[0].n;
    let rows: { lead_id: string; staff_user_id: string; status: string; id: string }[] = [];
    for (const until = Date.now() + 240_000; Date.now() < until; await sleep(500)) {
      rows = (await pool.query(`select id, lead_id, staff_user_id, status from staff_emails where topic = 'reminder' and lead_id = any($1::uuid[])`, [leads])).rows;
      if (rows.length >= expected && rows.every((r) => r.status === 'sent')) break;
    }
    await again.stop();

    const perPair = new Map<string, number>();
    for (const r of rows) perPair.set(`${r.lead_id}:${r.staff_user_id}`, (perPair.get(`${r.lead_id}:${r.staff_user_id}`) ?? 0) + 1);
    const doubled = [...perPair.values()].filter((n) => n > 1).length;
    const copies = new Map<string, number>();
    for (const m of smtp.messages) {
      const id = m.headers.find(([n]) => n === 'message-id')?.[1].replace(/^<|>$/g, '') ?? '';
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const known = new Set(rows.map((r) => `staff-${r.id}@postcraft.example`));
    const strangers = [...copies.keys()].filter((id) => !known.has(id));
    const unreceived = rows.filter((r) => !copies.get(`staff-${r.id}@postcraft.example`));
    const repeated = [...copies.values()].filter((n) => n > 1).length;

    check('reminders: the server was killed while reminders were being sent', receivedAtKill > 0 && unsent[0].n > 0, `${receivedAtKill} received before the kill, ${unsent[0].n} not yet sent`);
    check('reminders: one row per overdue lead and person to tell, none twice', rows.length === expected && doubled === 0, `${leads.length} leads, ${rows.length} rows (expected ${expected}), ${doubled} twice`);
    check('reminders: every reminder sent after the restart and received', rows.every((r) => r.status === 'sent') && unreceived.length === 0, `${rows.filter((r) => r.status !== 'sent').length} not sent, ${unreceived.length} never received`);
    check('reminders: no reminder sent as two messages (a repeat is the same Message-ID)', strangers.length === 0, `${repeated} received twice with the same Message-ID, ${strangers.length} with an unknown one`);
    return {
      scenario: 'kill -9 while sending reminders',
      sent: leads.length,
      success: rows.filter((r) => r.status === 'sent').length,
      'cut by kill': unsent[0].n,
      'other answers': 0,
      rows: rows.length,
      'missing successes': expected - rows.length,
      'bad rows': doubled,
      restart: `${smtp.messages.length} emails for ${rows.length} reminders (${repeated} sent twice, same Message-ID)`,
    };
  } finally {
    await pool.end();
    await smtp.close();
  }
}
