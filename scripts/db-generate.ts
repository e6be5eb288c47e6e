// `npm run db:generate`: drizzle-kit's migration for what changed in the schema (lib/db/*-schema.ts and the
// lead tables made from the registry), plus what drizzle-kit cannot see: the `lead_index` trigger of every
// kind whose table has none yet, or an outdated one (lib/db/lead-index-triggers.ts). The trigger goes into
// the migration drizzle-kit has just written, or into a migration of its own when the schema had no change.
// Arguments are passed on to `drizzle-kit generate` (for example `--name webinar`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pendingLeadIndexSql } from '../src/lib/db/lead-index-triggers';
import { migrationsFolder } from '../src/lib/db/migrate';

const journalPath = path.join(migrationsFolder, 'meta', '_journal.json');
const entries = () => (JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }).entries;

function drizzleKit(args: string[]) {
  const run = spawnSync('npx', ['drizzle-kit', 'generate', ...args], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const before = entries().length;
drizzleKit(process.argv.slice(2));
const pending = pendingLeadIndexSql(migrationsFolder);
if (!pending.sql) {
  console.log('lead_index: every kind of the registry has its trigger');
  process.exit(0);
}
if (entries().length === before) drizzleKit(['--custom', '--name', `lead_index_${pending.kinds.join('_').toLowerCase()}`]);
const newest = entries().at(-1)!.tag;
const file = path.join(migrationsFolder, `${newest}.sql`);
const current = fs.readFileSync(file, 'utf8').trimEnd();
// drizzle-kit's custom migration holds only a comment: the trigger's statements follow it in the same chunk.
const onlyComments = current.split('\n').every((line) => !line.trim() || line.trim().startsWith('--'));
fs.writeFileSync(file, `${current}${current ? (onlyComments ? '\n' : '\n--> statement-breakpoint\n') : ''}${pending.sql}\n`);
console.log(`lead_index: the trigger of ${pending.kinds.join(', ')} added to ${path.relative(process.cwd(), file)}`);
