// A real IMAP server for the tests: Debian's Dovecot (`apt-get install -y dovecot-imapd`) started as a child
// process with a configuration of its own in a temporary folder (its own port on 127.0.0.1, one user in a
// passwd file, maildir storage in that folder, plain-text login without TLS on loopback), and no system
// service. `stop()` and `start()` again keep the mail (the outage test); `remove()` stops it and deletes the
// folder. Mail is delivered into it as a mail server would, by IMAP APPEND (`deliver`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const dovecotBinary = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';
export const dovecotInstall = 'apt-get install -y dovecot-imapd';

/** Why Dovecot cannot run here, or undefined: the tests that need it fail with this line (never skip). */
export function dovecotMissing(): string | undefined {
  return fs.existsSync(dovecotBinary) ? undefined : `Dovecot is not installed (${dovecotBinary}): install it with \`${dovecotInstall}\` (as root)`;
}

export type Dovecot = {
  /** imap://user:password@127.0.0.1:port/INBOX, as IMAP_URL takes it. */
  url: string;
  port: number;
  user: string;
  password: string;
  /** Starts the server again after `stop()` (same port, same mail). */
  start: () => Promise<void>;
  /** Stops the server (the mail stays). */
  stop: () => Promise<void>;
  /** Stops the server and removes its folder. */
  remove: () => Promise<void>;
  /** Delivers a message into a mailbox (INBOX unless told) by IMAP APPEND; resolves with its UID. */
  deliver: (raw: string | Buffer, mailbox?: string) => Promise<number | undefined>;
  /** The UIDs and flags of a mailbox's messages (for the checks). */
  list: (mailbox?: string) => Promise<{ uid: number; flags: string[] }[]>;
  /** What the server logged (for a failure's message). */
  log: () => string;
};

/** A free port on 127.0.0.1 (DOVECOT_PORT when set). */
async function freePort(): Promise<number> {
  if (process.env.DOVECOT_PORT) return Number(process.env.DOVECOT_PORT);
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts connections on the port (or rejects after `ms`). */
async function waitForPort(port: number, ms: number, exited: () => string | undefined): Promise<void> {
  for (const until = Date.now() + ms; ; ) {
    const gone = exited();
    if (gone) throw new Error(gone);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`Dovecot did not listen on port ${port} within ${ms / 1000} s`);
    await sleep(100);
  }
}

/**
 * The users Dovecot's processes run as. As root: Debian's `dovecot` and `dovenull` users (made by its
 * package), and the mail belongs to `dovecot` (Dovecot refuses mail of UID 0). Otherwise: the current user.
 */
function accounts(): { internal: string; login: string; uid: number; gid: number } {
  const me = os.userInfo();
  if (me.uid !== 0) return { internal: me.username, login: me.username, uid: me.uid, gid: me.gid };
  const id = (flag: string) => Number(spawnSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).stdout.trim());
  return { internal: 'dovecot', login: 'dovenull', uid: id('-u'), gid: id('-g') };
}

export async function startDovecot({ user = 'replies@postcraft.example', password = 'app-password-1234' } = {}): Promise<Dovecot> {
  const missing = dovecotMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-dovecot-'));
  const port = await freePort();
  const who = accounts();
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.chmodSync(dir, 0o755);
  fs.chownSync(path.join(dir, 'mail'), who.uid, who.gid);
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}:::::\n`);
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    conf,
    `# A test server (tests/support/dovecot.ts): nothing of the system's configuration.
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = postcraft-test-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${who.internal}
default_login_user = ${who.login}
first_valid_uid = ${Math.min(who.uid, 1000) || 1}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${who.uid}
mail_gid = ${who.gid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
namespace inbox {
  inbox = yes
  separator = /
}
`,
  );
  let child: ChildProcess | undefined;
  let exit: string | undefined;
  const log = () => {
    try {
      return fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const start = async () => {
    exit = undefined;
    let err = '';
    const c = spawn(dovecotBinary, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    c.stderr!.on('data', (d: Buffer) => (err += d));
    c.once('exit', (code, signal) => (exit = `Dovecot exited (${signal ?? code}): ${err.trim()} ${log().trim().split('\n').slice(-3).join(' | ')}`));
    child = c;
    await waitForPort(port, 15_000, () => exit);
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
    // Its login and imap processes go with the master; wait until the port is free for a restart.
    for (let i = 0; i < 50; i++) {
      const busy = await new Promise<boolean>((resolve) => {
        const s = net.createServer();
        s.once('error', () => resolve(true));
        s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
      });
      if (!busy) return;
      await sleep(100);
    }
  };
  const session = async <T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
    client.on('error', () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  await start();
  return {
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    port,
    user,
    password,
    start,
    stop,
    remove: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    deliver: (raw, mailbox = 'INBOX') =>
      session(async (client) => {
        const answer = await client.append(mailbox, typeof raw === 'string' ? Buffer.from(raw) : raw);
        return answer ? answer.uid : undefined;
      }),
    list: (mailbox = 'INBOX') =>
      session(async (client) => {
        const opened = await client.mailboxOpen(mailbox, { readOnly: true }).catch(() => null);
        if (!opened || !opened.exists) return [];
        const out: { uid: number; flags: string[] }[] = [];
        for await (const m of client.fetch('1:*', { uid: true, flags: true })) out.push({ uid: m.uid, flags: [...(m.flags ?? [])] });
        return out;
      }),
    log,
  };
}
