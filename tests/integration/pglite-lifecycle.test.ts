import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTempPglite, query, tempDir } from '../support/vitest-databases';

const root = path.resolve(__dirname, '../..');

describe('embedded database lifecycle', () => {
  it('keeps its rows across a close and a reopen', async () => {
    const dataDir = tempDir();
    const first = await openTempPglite(dataDir);
    await query(first.handle, `insert into agency_enquiries (name, email, business_name, monthly_budget, message)
      values ('Kept', 'kept@example.com', 'Kept Inc', '5000+', 'Still here after restart')`);
    await first.handle.close();
    expect(fs.existsSync(path.join(dataDir, 'postmaster.lock'))).toBe(false);

    const second = await openTempPglite(dataDir);
    const rows = await query<{ name: string }>(second.handle, 'select name from agency_enquiries');
    expect(rows).toEqual([{ name: 'Kept' }]);
    await second.handle.close();
  }, 120_000); // opening, migrating and closing an embedded database takes a while on a busy 2-core machine

  it('refuses, with a clear message, to be opened by a second process at the same time', async () => {
    const dataDir = tempDir();
    const { handle } = await openTempPglite(dataDir);
    try {
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(child.status).toBe(1);
      expect(child.stderr.trim()).toBe(
        `postcraft: the embedded database in ${dataDir} is in use by another process (pid ${process.pid}); stop it, or set DATA_DIR to another folder`,
      );
    } finally {
      await handle.close();
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'postmaster.lock'), '999999');
    const { handle } = await openTempPglite(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'postmaster.lock'), 'utf8')).toBe(String(process.pid));
    await handle.close();
  });
});
