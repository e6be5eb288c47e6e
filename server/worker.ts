// `npm run worker`: the notification delivery loop alone, without the web server. Opens the database
// of DATABASE_URL (or the embedded one in DATA_DIR, when no server is using it), applies migrations,
// and delivers until SIGTERM/SIGINT, which finish the batch in flight before exiting. Any number of
// workers and servers can share one PostgreSQL database.
import { startBackground } from './background';
import { ConfigError, openDatabase, type DbHandle } from '../src/lib/db/connection';
import { runMigrations } from '../src/lib/db/migrate';
import { webhookConfigProblem } from '../src/lib/notify/config';

// Every webhook call is signed and goes over HTTPS: settings that cannot do that stop the start.
const webhookProblem = webhookConfigProblem();
if (webhookProblem) {
  console.error(`postcraft worker: ${webhookProblem}`);
  process.exit(1);
}

// The worker serves no page, so it cannot tell where the site is: emails without SITE_URL get one line of warning.
if (process.env.SMTP_URL?.trim() && !process.env.SITE_URL?.trim()) {
  console.warn("postcraft worker: warning: SITE_URL is not set, so every email's links point to http://localhost:3000; set it to the site's public address");
}

let opened: DbHandle | undefined;
try {
  opened = await openDatabase();
  await runMigrations(opened);
} catch (err) {
  await opened?.close().catch(() => {});
  console.error(`postcraft worker: ${err instanceof ConfigError ? err.message : `database start-up failed: ${(err as Error)?.message ?? err}`}`);
  process.exit(1);
}
const handle: DbHandle = opened;

const background = startBackground({ handle, alwaysRun: true });
console.log(`postcraft worker: delivering notifications from ${handle.describe}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), 30_000);
  timer.unref();
  try {
    await background.stop();
  } finally {
    await handle.close().catch((err: Error) => console.error(`postcraft worker: closing the database failed: ${err.message}`));
    console.log(`postcraft worker: stopped (${signal})`);
    process.exit(0);
  }
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(signal));
