import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsCurrent, serverEntry } from '../../server/build';
import { openDatabase } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { createTempPostgres, openTempPglite, query, tempDir } from '../support/vitest-databases';

const root = path.resolve(__dirname, '../..');
// The server test needs a production build of the current sources (npm test makes it first).
const hasBuild = buildIsCurrent();

function start(env: Record<string, string>) {
  const began = Date.now();
  const r = spawnSync(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { ...r, ms: Date.now() - began };
}

describe('npm start refuses a bad DATABASE_URL', () => {
  const cases: [string, string, RegExp][] = [
    ['unreachable', 'postgres://nobody@127.0.0.1:1/x', /^postcraft: cannot connect to PostgreSQL at 127\.0\.0\.1:1: connection refused/],
    ['malformed', 'not a url', /^postcraft: DATABASE_URL is not a valid URL/],
    ['wrong scheme', 'mysql://root@127.0.0.1/x', /^postcraft: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
  ];
  for (const [name, url, message] of cases) {
    it(`${name}: one clear line, non-zero exit, within 10 s`, () => {
      const r = start({ DATABASE_URL: url, DATA_DIR: tempDir() });
      expect(r.status).toBe(1);
      expect(r.ms).toBeLessThan(10_000);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    });
  }
});

describe('npm start refuses a half-configured HTTPS pair', () => {
  for (const [set, unset] of [['HTTPS_CERT_FILE', 'HTTPS_KEY_FILE'], ['HTTPS_KEY_FILE', 'HTTPS_CERT_FILE']]) {
    it(`${set} without ${unset}: one clear line, non-zero exit (not plain HTTP without a word)`, () => {
      const r = start({ [set]: path.join(root, 'package.json'), [unset]: '', DATA_DIR: tempDir() });
      expect(r.status).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toEqual([`postcraft: ${set} is set but ${unset} is not: set both to serve HTTPS, or neither to serve plain HTTP (behind a proxy that ends TLS)`]);
      expect(r.stdout).not.toContain('ready on');
    });
  }
});

describe('npm start refuses webhook and Slack settings that cannot be signed or that send leads in the clear', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['WEBHOOK_URL without WEBHOOK_SECRET', { WEBHOOK_URL: 'https://hooks.example.com/leads', WEBHOOK_SECRET: '' }, /^postcraft: WEBHOOK_SECRET must be set with WEBHOOK_URL: whsec_ and at least 32 random bytes/],
    ['a short WEBHOOK_SECRET', { WEBHOOK_URL: 'https://hooks.example.com/leads', WEBHOOK_SECRET: 'e2e-secret' }, /^postcraft: WEBHOOK_SECRET must be set with WEBHOOK_URL/],
    ['a plain-http WEBHOOK_URL to another machine', { WEBHOOK_URL: 'http://hooks.example.com/leads', WEBHOOK_SECRET: 'x'.repeat(40) }, /^postcraft: WEBHOOK_URL must start with https:\/\//],
    ['a plain-http SLACK_WEBHOOK_URL to another machine', { SLACK_WEBHOOK_URL: 'http://hooks.slack.com/services/T0/B0/x' }, /^postcraft: SLACK_WEBHOOK_URL must start with https:\/\//],
    ['a SLACK_WEBHOOK_URL that is not a URL', { SLACK_WEBHOOK_URL: 'hooks.slack.com/services/T0/B0/x' }, /^postcraft: SLACK_WEBHOOK_URL is not a valid URL/],
  ];
  for (const [name, env, message] of cases) {
    it(`${name}: one clear line, non-zero exit`, () => {
      const r = start({ ...env, DATA_DIR: tempDir() });
      expect(r.status).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    });
  }
});

describe('npm start refuses emails whose links cannot work', () => {
  for (const host of [undefined, '0.0.0.0', 'www.example.com']) {
    it(`SMTP_URL without SITE_URL, HOST ${host ?? 'unset'}: one clear line, non-zero exit`, () => {
      const r = start({ SMTP_URL: 'smtp://127.0.0.1:2525', SITE_URL: '', DATA_DIR: tempDir(), ...(host ? { HOST: host } : { HOST: '' }) });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        "postcraft: SITE_URL must be set with SMTP_URL: every email's links (a data request's verification, a newsletter confirmation) would point to http://localhost:3000, which nobody else can open. Set SITE_URL to the site's public address (e.g. https://www.example.com)",
      ]);
      expect(r.stdout).not.toContain('ready on');
    });
  }
});

/** Starts the built server with `env` until it is ready; its output and a stop. */
async function running(env: Record<string, string>) {
  const server = spawn(process.execPath, [serverEntry], { cwd: root, env: { ...process.env, PORT: '0', DATA_DIR: tempDir(), DATABASE_URL: '', ...env } });
  let out = '';
  let err = '';
  server.stdout.on('data', (d) => (out += d));
  server.stderr.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}${err}`)), 60_000);
    server.on('exit', () => reject(new Error(`server exited:\n${out}${err}`)));
    server.stdout.on('data', () => {
      const m = out.match(/ready on http:\/\/[^:]+:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  // The warning, when there is one, is written right after the ready line.
  await new Promise((r) => setTimeout(r, 300));
  return {
    port,
    stderr: () => err,
    stop: async () => {
      server.kill('SIGTERM');
      return exit;
    },
  };
}

describe.skipIf(!hasBuild)('npm start without SITE_URL', () => {
  it('with nothing set, serves the site and says once, on stderr, that SITE_URL is missing', async () => {
    const server = await running({ HOST: '', SITE_URL: '', SMTP_URL: '' });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
      expect(server.stderr().trim().split('\n')).toEqual([
        'postcraft: warning: SITE_URL is not set, so the site calls itself http://localhost:3000; set it to the public address before turning on emails (SMTP_URL), or the server will not start',
      ]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('on this machine only (HOST=127.0.0.1, as the tests run it), starts with SMTP_URL and says nothing', async () => {
    const server = await running({ HOST: '127.0.0.1', SITE_URL: '', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
      expect(server.stderr()).toBe('');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});

describe.skipIf(!hasBuild)('the server on the embedded database', () => {
  it('serves, refuses a second instance on the same data, and closes cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const server = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SERVER_HEADERS_TIMEOUT_MS: '1000' },
    });
    let out = '';
    server.stdout.on('data', (d) => (out += d));
    server.stderr.on('data', (d) => (out += d));
    const exit = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
        server.stdout.on('data', () => {
          const m = out.match(/ready on http:\/\/[^:]+:(\d+)/);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
      });
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBe(200);

      // A client that never finishes its headers is cut off after the headers timeout (1 s here, 15 s by
      // default), not held for Node's default minute.
      const began = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
        let got = '';
        socket.on('data', (d) => (got += d));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('the slow connection was still open after 10 s')), 10_000).unref();
      });
      expect(Date.now() - began).toBeLessThan(6_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(fs.readFileSync(path.join(dataDir, 'postmaster.lock'), 'utf8')).toBe(String(server.pid));

      const second = start({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`is in use by another process (pid ${server.pid})`);

      server.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(out).toContain('postcraft: stopped (SIGTERM)');
      expect(fs.existsSync(path.join(dataDir, 'postmaster.lock'))).toBe(false);
    } finally {
      // Never left running when a check above failed.
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGKILL');
        await exit;
      }
    }
  }, 120_000); // opening, migrating and closing an embedded database takes a while on a busy 2-core machine
});

describe.skipIf(!hasBuild)('npm start refuses a database where a lead table has no lead_index trigger (its leads would never reach staff)', () => {
  const expected = /^postcraft: database start-up failed: lead table partner_applications \(kind partner\) has no lead_index trigger, so staff would never see its leads: run `npm run db:generate`/;

  it('on the embedded database: one line naming the table, non-zero exit', { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    const { handle } = await openTempPglite(dataDir);
    await query(handle, 'DROP TRIGGER "partner_applications_lead_index" ON "partner_applications"');
    await handle.close();
    const r = start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(expected);
    expect(r.stdout).not.toContain('ready on');
  });

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL: one line naming the table; an outdated trigger is refused too, naming what the registry says', { timeout: 90_000 }, async () => {
    const temp = (await createTempPostgres())!;
    const handle = await openDatabase({ databaseUrl: temp.url });
    try {
      await runMigrations(handle);
      await query(handle, 'DROP TRIGGER "partner_applications_lead_index" ON "partner_applications"');
      let r = start({ DATA_DIR: tempDir(), DATABASE_URL: temp.url });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(expected);
      // A trigger made for other inbox columns than the registry's (a kind changed, its migration not generated).
      await query(handle, `CREATE TRIGGER "partner_applications_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "partner_applications" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('partner', 'first_name', 'company', 'message')`);
      r = start({ DATA_DIR: tempDir(), DATABASE_URL: temp.url });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        'postcraft: database start-up failed: lead table partner_applications (kind partner) has an outdated lead_index trigger (partner | first_name | company | message; the registry says partner | first_name,last_name | company | partnership_type): run `npm run db:generate`, commit the migration it writes and start again (docs/leads.md, Adding a kind)',
      ]);
    } finally {
      await handle.close();
      await temp.drop();
    }
  });
});
