// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database.
import { ConfigError, openDatabase } from '../lib/db/connection.mjs';
import { runMigrations } from '../lib/db/migrate.mjs';

let handle;
try {
  handle = await openDatabase();
  await runMigrations(handle);
  console.log(`postcraft: migrations applied to ${handle.describe}`);
  await handle.close();
} catch (err) {
  await handle?.close().catch(() => {});
  console.error(`postcraft: ${err instanceof ConfigError ? err.message : `migration failed: ${err?.message ?? err}`}`);
  process.exit(1);
}
