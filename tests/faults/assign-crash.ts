// test:faults, the assignment rules (docs/speed-to-lead.md, "Assignment rules"): partner applications are
// posted without pause to a web server that assigns nothing itself (NOTIFY_LOOP=0), while a second server
// on the same database assigns them; that one is killed -9 in the middle of it, and started again. No lead
// a rule should assign is left unassigned, none is assigned twice (one owner, one line of history each), and
// the rotation stays even. Run by tests/faults/crash-and-outage.ts on its throwaway PostgreSQL cluster.
import pg from 'pg';
import { loadForm, submitFormJs } from '../support/form-client';
import { formPages, validValues } from '../support/bulk-leads';
import { launch } from '../support/start-server';
import { benchEnv, type Checks } from '../support/suite-runner';
import { openDatabase } from '../../src/lib/db/connection';
import { runMigrations } from '../../src/lib/db/migrate';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function assignCrash(url: string, check: Checks['check']): Promise<Record<string, unknown>> {
  // The database may be fresh (FAULTS_ONLY=assign): migrated as a server would at its start.
  const handle = await openDatabase({ databaseUrl: url });
  await runMigrations(handle);
  await handle.close();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const tag = `assigncrash${Date.now().toString(36)}`;
  try {
    const { rows: members } = await pool.query<{ id: string }>(
      `insert into staff_users (email, name, role, password_hash) select $1 || '-' || n || '@faults.example', 'Member ' || n, 'member', 'x' from generate_series(1, 3) n returning id::text`,
      [tag],
    );
    await pool.query(`insert into staff_users (email, name, role, password_hash) values ($1, 'Admin', 'admin', 'x')`, [`${tag}-admin@faults.example`]);
    await pool.query(
      `insert into assignment_rules (lead_type, method, members) values ('partner', 'round-robin', $1::uuid[])
       on conflict (lead_type) do update set members = excluded.members, method = excluded.method, cap = null, last_member = null`,
      [members.map((m) => m.id)],
    );
    const env = { ...benchEnv, DATABASE_URL: url, ASSIGN_POLL_MS: '100' };
    const [web, assigner] = await Promise.all([launch({ ...env, NOTIFY_LOOP: '0' }), launch(env)]);
    const { path, pick } = formPages.partner;
    const form = await loadForm(web.url, path, pick);
    let running = true;
    let accepted = 0;
    let other = 0;
    let n = 0;
    const posters = Array.from({ length: 6 }, async () => {
      while (running) {
        const answer = await submitFormJs(form, validValues('partner', `${tag}-${n++}`)).catch(() => ({ status: 0 }));
        if (answer.status === 200) accepted++;
        else other++;
      }
    });
    await sleep(3000);
    const { rows: beforeKill } = await pool.query(`select count(*)::int as n from lead_owner_history where by_rule`);
    assigner.child.kill('SIGKILL');
    await new Promise<void>((r) => (assigner.child.exitCode !== null || assigner.child.signalCode ? r() : assigner.child.once('exit', () => r())));
    await sleep(2000);
    const { rows: waiting } = await pool.query(`select count(*)::int as n from assignment_queue`);
    const again = await launch({ ...env, DATA_DIR: assigner.dataDir });
    await sleep(2000);
    running = false;
    await Promise.all(posters);
    let queued = -1;
    for (const until = Date.now() + 60_000; queued !== 0 && Date.now() < until; await sleep(200)) {
      queued = (await pool.query(`select count(*)::int as n from assignment_queue`)).rows[0].n;
    }
    await Promise.all([web.stop(), again.stop(), assigner.stop()]);

    const { rows: leads } = await pool.query<{ total: number; unowned: number }>(
      `select count(*)::int as total, count(*) filter (where owner_id is null)::int as unowned from lead_index where lead_type = 'partner' and email like $1`,
      [`lead-${tag}-%`],
    );
    const { rows: lines } = await pool.query<{ lines: number; leads: number }>(
      `select count(*)::int as lines, count(distinct lead_id)::int as leads from lead_owner_history where by_rule`,
    );
    const { rows: spread } = await pool.query<{ n: number }>(
      `select count(*)::int as n from lead_index where owner_id = any($1::uuid[]) group by owner_id order by 1`,
      [members.map((m) => m.id)],
    );
    const counts = spread.map((r) => r.n);
    const { total, unowned } = leads[0];
    check('assignment: the assigning server was killed while leads kept coming', beforeKill[0].n > 0 && waiting[0].n > 0, `${beforeKill[0].n} assigned before the kill, ${waiting[0].n} waiting while it was down`);
    check('assignment: every accepted lead is stored', total === accepted, `${accepted} accepted, ${total} stored, ${other} other answers`);
    check('assignment: no lead a rule should assign is left unassigned', unowned === 0 && queued === 0, `${unowned} without an owner, ${queued} still queued`);
    check('assignment: each lead assigned exactly once', lines[0].lines === total && lines[0].leads === total, `${lines[0].lines} lines of history by the rule for ${total} leads`);
    check('assignment: the rotation stays even (at most one apart)', counts.length === 3 && counts[2] - counts[0] <= 1, counts.join(' / '));
    return { scenario: 'kill -9 of the assigning server', sent: accepted + other, success: accepted, rows: total, 'bad rows': unowned, restart: `spread ${counts.join(' / ')}` };
  } finally {
    await pool.end();
  }
}
