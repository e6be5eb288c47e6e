// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database.
import { ConfigError, openDatabase, type DbHandle } from '../src/lib/db/connection';
import { runMigrations } from '../src/lib/db/migrate';

let handle: DbHandle | undefined;
try {
  handle = await openDatabase();
  await runMigrations(handle);
  console.log(`postcraft: migrations applied to ${handle.describe}`);
  await handle.close();
} catch (err) {
  await handle?.close().catch(() => {});
  console.error(`postcraft: ${err instanceof ConfigError ? err.message : `migration failed: ${(err as Error)?.message ?? err}`}`);
  process.exit(1);
}
