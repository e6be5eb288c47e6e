// `npm run db:copy-to-postgres -- --to postgres://user@host:5432/postcraft [--data-dir ./data] [--force]`
// Copies the embedded database (PGlite in DATA_DIR, default ./data, as the server finds it) into a database
// on a PostgreSQL server: every table, the lead index, drizzle's migrations table and the sequences, in one
// transaction on the target (src/lib/db/copy.ts). Stop the server first: its lock on the data folder
// refuses the copy while it runs. Then set DATABASE_URL to the target and start the server.
import { parseArgs } from 'node:util';
import { ConfigError } from '../src/lib/db/connection';
import { CopyError, copyToPostgres, formatReport } from '../src/lib/db/copy';
import { LeadIndexTriggerError } from '../src/lib/db/lead-index-triggers';

const usage = 'usage: npm run db:copy-to-postgres -- --to postgres://user@host:5432/database [--data-dir ./data] [--force]';

let args;
try {
  args = parseArgs({
    options: { to: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }).values;
} catch (err) {
  console.error(`db:copy-to-postgres: ${(err as Error).message}\n${usage}`);
  process.exit(1);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
if (!args.to) {
  console.error(`db:copy-to-postgres: --to is required (the target database; create it first, e.g. createdb -O postcraft postcraft)\n${usage}`);
  process.exit(1);
}

const started = Date.now();
try {
  const report = await copyToPostgres({ to: args.to, dataDir: args['data-dir'], force: args.force, log: (line) => console.log(`db:copy-to-postgres: ${line}`) });
  console.log(formatReport(report));
  console.log(`db:copy-to-postgres: done in ${((Date.now() - started) / 1000).toFixed(1)} s; start the server with DATABASE_URL set to the target`);
} catch (err) {
  const known = err instanceof ConfigError || err instanceof CopyError || err instanceof LeadIndexTriggerError;
  console.error(`db:copy-to-postgres: ${known ? (err as Error).message : `the copy failed, the target is unchanged: ${(err as Error)?.stack ?? err}`}`);
  process.exit(1);
}
