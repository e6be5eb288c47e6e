// `npm run staff:create -- --email you@example.com --name "You" --role admin`
// Creates a staff account on the database the server uses (DATABASE_URL, or the embedded one under
// DATA_DIR). The password comes from a hidden prompt, or from STAFF_PASSWORD (for scripts).
// --reset: an existing account with that email gets the new name, role and password (and is enabled).
import { parseArgs } from 'node:util';
import { ConfigError, openDatabase, type DbHandle } from '../src/lib/db/connection';
import { runMigrations } from '../src/lib/db/migrate';
import { checkNewStaff, createStaffUser, StaffInputError } from '../src/lib/staff/create-user';

const usage = 'usage: npm run staff:create -- --email you@example.com --name "Your Name" --role admin|member [--reset]';

function fail(message: string): never {
  console.error(`staff:create: ${message}`);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it (pasting works). */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

const options = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string', default: 'member' },
  reset: { type: 'boolean', default: false },
} as const;
let args: ReturnType<typeof parseArgs<{ options: typeof options; strict: true }>>['values'];
try {
  args = parseArgs({
    options,
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${usage}`);
}
const { email, name, role, reset } = args;
if (!email || !name) fail(`--email and --name are required\n${usage}`);

let password = process.env.STAFF_PASSWORD;
try {
  checkNewStaff({ email, name, role, password: 'x'.repeat(12) });
  if (password === undefined) {
    if (!process.stdin.isTTY) fail('no terminal to ask for the password: set STAFF_PASSWORD');
    password = await promptHidden('Password (at least 12 characters): ').catch(() => fail('cancelled'));
    checkNewStaff({ email, name, role, password });
    const again = await promptHidden('Repeat the password: ').catch(() => fail('cancelled'));
    if (again !== password) fail('the two passwords differ');
  }
  checkNewStaff({ email, name, role, password });
} catch (err) {
  if (err instanceof StaffInputError) fail(err.message);
  throw err;
}

let handle: DbHandle | undefined;
try {
  handle = await openDatabase();
  await runMigrations(handle);
  const { created } = await createStaffUser(handle, { email, name, role, password }, { upsert: reset });
  console.log(`staff:create: ${created ? 'created' : 'updated'} ${role} ${email.trim()} on ${handle.describe}`);
  await handle.close();
} catch (err) {
  await handle?.close().catch(() => {});
  if (err instanceof StaffInputError) fail(err.message);
  fail(err instanceof ConfigError ? err.message : `could not create the account: ${(err as Error)?.message ?? err}`);
}
