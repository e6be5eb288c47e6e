// `npm run worker`: the notification delivery loop alone, without the web server (and the IMAP watcher,
// when IMAP_URL is set: lib/conversations/imap.ts; and the job scheduler unless SCHEDULER=0:
// server/scheduling.ts). Opens the database
// of DATABASE_URL (or the embedded one in DATA_DIR, when no server is using it), applies migrations,
// and delivers until SIGTERM/SIGINT, which finish the batch in flight (at most SHUTDOWN_TIMEOUT_MS, 25 s)
// and hand back the rows they could not finish, so that another loop takes them at once. Any number of
// workers and servers can share one PostgreSQL database.
//
// The worker answers no HTTP by default: it needs no load balancer, systemd restarts it when it exits, and
// what tells that deliveries are stuck is the outbox's oldest due row, which every server's metrics report
// for all loops together (docs/deploy.md). WORKER_METRICS_PORT gives it a listener of its own (on
// METRICS_HOST, 127.0.0.1 unless told; METRICS_TOKEN is asked for when set): /metrics with its deliveries
// and /healthz.
import http from 'node:http';
import { startBackground } from './background';
import { createMetrics, metricsConfigFrom } from './metrics';
import { envInt } from '../src/lib/limiter';
import { setMetricsSink } from '../src/lib/metrics/events';
import { ConfigError, openDatabase, type DbHandle } from '../src/lib/db/connection';
import { runMigrations } from '../src/lib/db/migrate';
import { webhookConfigProblem } from '../src/lib/notify/config';
import { imapConfigProblem } from '../src/lib/conversations/imap-settings';

// Every webhook call is signed and goes over HTTPS, and IMAP_URL must be a mailbox: settings that cannot do that stop the start.
const webhookProblem = webhookConfigProblem() ?? imapConfigProblem();
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

let metricsServer: http.Server | undefined;
if (process.env.WORKER_METRICS_PORT?.trim()) {
  try {
    const config = metricsConfigFrom({ ...process.env, METRICS_PORT: process.env.WORKER_METRICS_PORT })!;
    const metrics = createMetrics(config, handle, { http: false });
    setMetricsSink(metrics.sink);
    metricsServer = await metrics.listen();
    const at = metricsServer?.address();
    console.log(`postcraft worker: metrics on http://${config.host}:${typeof at === 'object' && at ? at.port : config.port}/metrics`);
  } catch (err) {
    await handle.close().catch(() => {});
    console.error(`postcraft worker: ${(err as Error).message.replace(/^METRICS_PORT/, 'WORKER_METRICS_PORT')}`);
    process.exit(1);
  }
}
const shutdownTimeoutMs = envInt(process.env.SHUTDOWN_TIMEOUT_MS, 25_000, 1);

const background = startBackground({ handle, alwaysRun: true });
console.log(`postcraft worker: delivering notifications${process.env.IMAP_URL?.trim() ? ' and taking email from the IMAP mailbox' : ''} from ${handle.describe}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), shutdownTimeoutMs + 5000);
  timer.unref();
  try {
    await background.stop(shutdownTimeoutMs);
    metricsServer?.close();
  } finally {
    await handle.close().catch((err: Error) => console.error(`postcraft worker: closing the database failed: ${err.message}`));
    console.log(`postcraft worker: stopped (${signal})`);
    process.exit(0);
  }
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(signal));
