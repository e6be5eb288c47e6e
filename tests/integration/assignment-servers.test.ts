import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadForm, submitFormJs } from '../support/form-client';
import { formPages, validValues } from '../support/bulk-leads';
import { launch, type StartedServer } from '../support/start-server';
import { benchEnv } from '../support/suite-runner';
import { createTempPostgres, tempDir } from '../support/vitest-databases';
import { openDatabase } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';

// Two production servers (`npm start`, each with its assigner running beside its delivery loop) on one
// PostgreSQL database receive partner applications at once, half each: every lead is assigned exactly once
// (one owner, one line of history by the rule) and the rotation stays even across both (docs/speed-to-lead.md).
const url = process.env.DATABASE_URL;
describe.runIf(Boolean(url))('assignment with two server processes on one PostgreSQL', () => {
  let temp: Awaited<ReturnType<typeof createTempPostgres>>;
  let servers: StartedServer[] = [];
  let client: pg.Client;
  const members: string[] = [];

  beforeAll(async () => {
    temp = await createTempPostgres();
    const handle = await openDatabase({ databaseUrl: temp!.url });
    await runMigrations(handle);
    await handle.close();
    client = new pg.Client({ connectionString: temp!.url });
    await client.connect();
    for (const name of ['ann', 'bob', 'cat']) {
      const { rows } = await client.query(`insert into staff_users (email, name, role, password_hash) values ($1, $2, 'member', 'x') returning id::text as id`, [`${name}@example.com`, name]);
      members.push(rows[0].id);
    }
    await client.query(`insert into staff_users (email, name, role, password_hash) values ('boss@example.com', 'boss', 'admin', 'x')`);
    await client.query(`insert into assignment_rules (lead_type, method, members) values ('partner', 'round-robin', $1::uuid[])`, [members]);
    const env = { ...benchEnv, DATABASE_URL: temp!.url, ASSIGN_POLL_MS: '200' };
    servers = await Promise.all([launch({ ...env, DATA_DIR: tempDir('assign-a-') }), launch({ ...env, DATA_DIR: tempDir('assign-b-') })]);
  }, 600_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await client?.end();
    await temp?.drop();
  });

  it('assigns each of 90 leads posted to both at once exactly once, 30 to each member', async () => {
    const { path, pick } = formPages.partner;
    const forms = await Promise.all(servers.map((s) => loadForm(s.url, path, pick)));
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) => submitFormJs(forms[i % 2], validValues('partner', `two-${i}`))),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(90);
    const settled = async () => (await client.query(`select count(*)::int as n from assignment_queue`)).rows[0].n === 0;
    for (let i = 0; i < 100 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 200));
    const { rows: owners } = await client.query(
      `select u.name, count(*)::int as n from lead_index i join staff_users u on u.id = i.owner_id where i.lead_type = 'partner' group by u.name order by u.name`,
    );
    expect(owners).toEqual([
      { name: 'ann', n: 30 },
      { name: 'bob', n: 30 },
      { name: 'cat', n: 30 },
    ]);
    const { rows: history } = await client.query(
      `select count(*)::int as lines, count(distinct lead_id)::int as leads, count(*) filter (where not by_rule)::int as by_hand from lead_owner_history`,
    );
    expect(history[0]).toEqual({ lines: 90, leads: 90, by_hand: 0 });
    const { rows: unowned } = await client.query(`select count(*)::int as n from lead_index where lead_type = 'partner' and owner_id is null`);
    expect(unowned[0].n).toBe(0);
  }, 300_000);
});
