// `npm run staff:create -- --email you@example.com --name "You" --role admin`
// Creates a staff account on the database the server uses (DATABASE_URL, or the embedded one under
// DATA_DIR). The password comes from a hidden prompt, or from STAFF_PASSWORD (for scripts).
// --reset: an existing account with that email gets the new name, role and password (and is enabled).
import { parseArgs } from 'node:util';
import { ConfigError, openDatabase } from '../lib/db/connection.mjs';
import { runMigrations } from '../lib/db/migrate.mjs';
import { checkNewStaff, createStaffUser, StaffInputError } from '../lib/staff/create-user.mjs';

const usage = 'usage: npm run staff:create -- --email you@example.com --name "Your Name" --role admin|member [--reset]';

function fail(message) {
  console.error(`staff:create: ${message}`);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it (pasting works). */
function promptHidden(question) {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (err) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk) => {
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

let args;
try {
  args = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'member' }, reset: { type: 'boolean', default: false } },
    strict: true,
  }).values;
} catch (err) {
  fail(`${err.message}\n${usage}`);
}
if (!args.email || !args.name) fail(`--email and --name are required\n${usage}`);

let password = process.env.STAFF_PASSWORD;
try {
  checkNewStaff({ email: args.email, name: args.name, role: args.role, password: 'x'.repeat(12) });
  if (password === undefined) {
    if (!process.stdin.isTTY) fail('no terminal to ask for the password: set STAFF_PASSWORD');
    password = await promptHidden('Password (at least 12 characters): ').catch(() => fail('cancelled'));
    checkNewStaff({ email: args.email, name: args.name, role: args.role, password });
    const again = await promptHidden('Repeat the password: ').catch(() => fail('cancelled'));
    if (again !== password) fail('the two passwords differ');
  }
  checkNewStaff({ email: args.email, name: args.name, role: args.role, password });
} catch (err) {
  if (err instanceof StaffInputError) fail(err.message);
  throw err;
}

let handle;
try {
  handle = await openDatabase();
  await runMigrations(handle);
  const { created } = await createStaffUser(handle, { email: args.email, name: args.name, role: args.role, password }, { upsert: args.reset });
  console.log(`staff:create: ${created ? 'created' : 'updated'} ${args.role} ${args.email.trim()} on ${handle.describe}`);
  await handle.close();
} catch (err) {
  await handle?.close().catch(() => {});
  if (err instanceof StaffInputError) fail(err.message);
  fail(err instanceof ConfigError ? err.message : `could not create the account: ${err?.message ?? err}`);
}
