// Used by `npm test`: checks that PostgreSQL answers; when it is the local
// server and it is down, starts it (as these machines allow), or says the one command that does.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { ConfigError, openDatabase } from '../src/lib/db/connection';

async function check() {
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await handle.close();
}

try {
  await check();
} catch (err) {
  const local = /@(127\.0\.0\.1|localhost)(:5432)?\//.test(process.env.DATABASE_URL ?? '');
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  const command = versions.length ? `pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main start` : 'apt-get install -y postgresql';
  if (local && versions.length && process.getuid?.() === 0) {
    console.log(`PostgreSQL is down; starting it: ${command}`);
    try {
      execSync(command, { stdio: 'inherit' });
      await new Promise((r) => setTimeout(r, 1500));
      await check();
      process.exit(0);
    } catch {
      /* fall through to the message */
    }
  }
  const reason = err instanceof ConfigError ? err.message : String(err);
  console.error(`npm test: PostgreSQL at DATABASE_URL is not reachable (${reason}). Start it with: ${command}`);
  process.exit(1);
}
