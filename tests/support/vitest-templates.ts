// The integration project's globalSetup (vitest.config.ts): migrates, once per run, the databases that
// each test file's database is copied from (tests/support/vitest-databases.ts, `databaseKinds`), and
// removes them at the end. The environment variables it sets are inherited by the test workers. It also
// brings the production build up to date first: the test files run three at a time (vitest.config.ts), and
// those that start the server (tests/support/start-server.ts) must not each begin the same build at once.
import fs from 'node:fs';
import { buildIfNeeded } from '../../server/build';
import { openDatabase } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { createTempPostgres, openTempPglite, templateEnv } from './vitest-databases';

export default async function setup() {
  buildIfNeeded({ quiet: true });
  const { handle, dataDir } = await openTempPglite();
  await handle.close();
  process.env[templateEnv.pglite] = dataDir;

  const temp = await createTempPostgres();
  if (temp) {
    const migrated = await openDatabase({ databaseUrl: temp.url });
    try {
      await runMigrations(migrated);
    } finally {
      await migrated.close();
    }
    process.env[templateEnv.postgres] = new URL(temp.url).pathname.slice(1);
  }

  return async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await temp?.drop();
  };
}

