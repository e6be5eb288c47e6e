import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { createTempPostgres, query, tempDir, type Handle } from '../support/vitest-databases';
import { startReceiver, waitFor } from '../support/notify-receivers';

/**
 * `npm run worker` as a real process: killed with SIGKILL in the middle of a send, restarted, and
 * stopped with SIGTERM while a send is in flight. On the embedded database (a data folder only one
 * process may open) and on PostgreSQL when DATABASE_URL is set.
 */
const root = path.resolve(__dirname, '../..');

type Target = { name: string; env: Record<string, string>; open: () => Promise<Handle>; cleanup: () => Promise<void> };

async function pgliteTarget(): Promise<Target> {
  const dataDir = tempDir('postcraft-notify-worker-');
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: async () => {
      const handle = await openDatabase({ dataDir, databaseUrl: '' });
      await runMigrations(handle);
      return handle;
    },
    cleanup: async () => {},
  };
}

async function postgresTarget(): Promise<Target | undefined> {
  const temp = await createTempPostgres();
  if (!temp) return undefined;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: temp.url },
    open: async () => {
      const handle = await openDatabase({ databaseUrl: temp.url });
      await runMigrations(handle);
      return handle;
    },
    cleanup: temp.drop,
  };
}

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: root,
    env: { ...process.env, NOTIFY_POLL_MS: '100', LOG_LEVEL: 'info', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => out };
}

async function ready(w: ReturnType<typeof startWorker>) {
  await waitFor(() => w.output().includes('delivering notifications from'), 60_000, `the worker to start:\n${w.output()}`);
}

/** Writes a contact lead and its webhook outbox row, as the site does in one transaction. */
async function enqueueLead(handle: Handle, tag: string) {
  const [{ id }] = await query<{ id: string }>(
    handle,
    `with l as (insert into contact_messages (name, email, subject, message) values ($1, $2, 'Worker test', 'Hello') returning id)
     insert into notification_outbox (lead_type, lead_id, channel) select 'contact', id, 'webhook' from l returning id`,
    [`Worker ${tag}`, `worker-${tag}@example.com`],
  );
  return id;
}

const targets: { name: string; make: () => Promise<Target | undefined> }[] = [
  { name: 'PGlite', make: pgliteTarget },
  { name: 'PostgreSQL', make: postgresTarget },
];

for (const { name, make } of targets) {
  describe(`npm run worker on ${name}`, () => {
    let target: Target | undefined;
    let hooks: Awaited<ReturnType<typeof startReceiver>>;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      target = await make();
      hooks = await startReceiver();
    });
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await hooks?.close();
      await target?.cleanup();
    });
    const worker = (env: Record<string, string> = {}) => {
      const w = startWorker({ ...target!.env, WEBHOOK_URL: hooks.url, WEBHOOK_SECRET: 'a worker test secret of 32 characters or more', ...env });
      children.push(w.child);
      return w;
    };
    const status = async (id: string) => {
      const handle = await target!.open();
      try {
        return (await query<{ status: string; attempts: number }>(handle, `select status, attempts from notification_outbox where id = $1`, [id]))[0];
      } finally {
        await handle.close();
      }
    };

    it('killed (SIGKILL) mid-send: after a restart the notification is delivered, once', async ({ skip }) => {
      if (!target) return skip('DATABASE_URL is not set');
      // The lead and its outbox row are committed while no worker runs.
      const handle = await target.open();
      const id = await enqueueLead(handle, 'kill');
      await handle.close();

      // The worker picks it up; the receiver holds the request; the worker is killed.
      hooks.state.mode = 'hang';
      const first = worker({ NOTIFY_LEASE_MS: '1500' });
      await ready(first);
      await waitFor(() => hooks.received.some((h) => h.headers['webhook-id'] === id), 20_000, 'the first request');
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(hooks.ok2xx.get(id)).toBeUndefined();
      expect(await status(id)).toEqual({ status: 'pending', attempts: 1 });

      // Restarted: once the dead worker's lease has run out, the row is delivered.
      hooks.state.mode = 'ok';
      const second = worker({ NOTIFY_LEASE_MS: '1500' });
      await ready(second);
      await waitFor(() => (hooks.ok2xx.get(id) ?? 0) > 0, 20_000, 'the delivery after the restart');
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
      expect(hooks.ok2xx.get(id)).toBe(1);
      expect(await status(id)).toEqual({ status: 'sent', attempts: 2 });
      // The log at info level says what happened, without the lead's fields.
      expect(second.output()).toContain('"msg":"notification sent"');
      expect(second.output()).not.toContain('worker-kill@example.com');

      // A second restart sends nothing again.
      const third = worker();
      await ready(third);
      await new Promise((r) => setTimeout(r, 500));
      third.child.kill('SIGTERM');
      expect((await third.exited).code).toBe(0);
      expect(hooks.ok2xx.get(id)).toBe(1);
    }, 180_000);

    it('SIGTERM while a send is in flight: the send completes and is recorded, then the worker exits 0', async ({ skip }) => {
      if (!target) return skip('DATABASE_URL is not set');
      const handle = await target.open();
      const id = await enqueueLead(handle, 'term');
      await handle.close();
      hooks.state.mode = 'ok';
      hooks.state.delayMs = 1500;
      const w = worker();
      await ready(w);
      await waitFor(() => hooks.received.some((h) => h.headers['webhook-id'] === id), 20_000, 'the request');
      const started = Date.now();
      w.child.kill('SIGTERM');
      const exit = await w.exited;
      hooks.state.delayMs = 0;
      expect(exit.code).toBe(0);
      expect(Date.now() - started).toBeGreaterThan(500); // it waited for the answer
      expect(w.output()).toContain('postcraft worker: stopped (SIGTERM)');
      expect(hooks.ok2xx.get(id)).toBe(1);
      expect(await status(id)).toEqual({ status: 'sent', attempts: 1 });
    }, 120_000);

    it('refuses a bad DATABASE_URL with one clear line', async ({ skip }) => {
      if (!target) return skip('DATABASE_URL is not set');
      const w = worker({ DATABASE_URL: 'mysql://x@127.0.0.1/x' });
      const exit = await w.exited;
      expect(exit.code).toBe(1);
      expect(w.output().trim()).toBe('postcraft worker: DATABASE_URL must start with postgres:// or postgresql://, not mysql://.');
    });
  });
}
