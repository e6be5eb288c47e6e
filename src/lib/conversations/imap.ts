// The IMAP watcher (docs/conversations.md, "Answers coming back"): watches the mailbox of IMAP_URL with
// IMAP IDLE (imapflow), takes each new message by UID, stores it (inbound.ts), then marks it \Seen and,
// when IMAP_PROCESSED_MAILBOX is set, moves it there. Runs in `npm run worker` and in `npm start` when it
// runs the delivery loop (server/background.ts).
//
// - One watcher at a time: of all the instances on one database, the holder of the mailbox's lease
//   (imap-lease.ts) watches; the others stand by and take over when its lease runs out (a minute after it
//   died) or at once when it stops cleanly.
// - Nothing lost or doubled: the highest UID taken is recorded after each message is stored, under the
//   mailbox's UIDVALIDITY; a restart resumes after it. A message stored but not yet recorded (a crash in
//   between) comes again and is a duplicate (inbound.ts takes a message once). The first look at a mailbox
//   (or after its UIDVALIDITY changed) takes its unseen messages, then everything that arrives.
// - A message over INBOUND_MAX_BYTES is fetched as its headers only (its size is asked first).
// - The server gone: reconnects with capped, jittered backoff (1 s doubling to 60 s), one log line when the
//   outage begins and one when it ends, none per retry. IDLE tells of new mail; a check every minute too.
import { randomUUID } from 'node:crypto';
import { ImapFlow, type MailboxObject } from 'imapflow';
import type { Logger } from 'pino';
import type { Queryable } from '@/lib/db/connection';
import type { Env } from '@/lib/notify/config';
import { conversationSettings } from './config';
import { conversationsLog, ingestEmail } from './inbound';
import { mailboxLease, type MailboxLease } from './imap-lease';
import { readImapSettings, type ImapSettings } from './imap-settings';

export type ImapWatcherOptions = {
  client: Queryable;
  env?: Env;
  log?: Logger;
  /** How long a lease lasts (60 s); it is renewed every third of it. */
  leaseMs?: number;
  /** How often the mailbox is checked besides IDLE (60 s), and how often a watcher on standby asks for the lease (half the lease). */
  pollMs?: number;
};

export type ImapWatcher = {
  /** Stops watching: logs out, gives the lease up. */
  stop: () => Promise<void>;
  /** Whether this watcher holds the mailbox now (tests). */
  readonly watching: boolean;
};

const batch = 25;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class LeaseLost extends Error {}
/** An error of our database (not of the IMAP server), for the outage's log line. */
class DatabaseError extends Error {}

const db = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (err) {
    throw new DatabaseError((err as Error)?.message ?? String(err));
  }
};

/** One log line when an outage begins and one when it ends. */
function outageLog(log: Logger) {
  let since: number | undefined;
  return {
    down(err: unknown) {
      if (since !== undefined) return;
      since = Date.now();
      const what = err instanceof DatabaseError ? 'the database failed while taking mail' : 'the IMAP mailbox is unreachable';
      log.warn({ event: 'conversations.imap_down', error: String((err as Error)?.message ?? err).slice(0, 300) }, `${what}; retrying in the background`);
    },
    up() {
      if (since === undefined) return;
      log.info({ event: 'conversations.imap_up', downForMs: Date.now() - since }, `the IMAP mailbox is watched again after ${Math.round((Date.now() - since) / 1000)} s`);
      since = undefined;
    },
  };
}

/** Starts watching IMAP_URL's mailbox; undefined when IMAP_URL is not set (or invalid: the start refuses that first). */
export function startImapWatcher({ client, env = process.env, log = conversationsLog, leaseMs = 60_000, pollMs = 60_000 }: ImapWatcherOptions): ImapWatcher | undefined {
  const settings = readImapSettings(env);
  if (!settings || 'problem' in settings) return undefined;
  const s: ImapSettings = settings;
  const { maxBytes } = conversationSettings(env);
  const lease = mailboxLease(client, s.key, randomUUID());
  const outage = outageLog(log);
  let stopped = false;
  let watching = false;
  let imap: ImapFlow | undefined;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  /** Stores one message and records it taken; then marks it \Seen and moves it when told. */
  async function take(connection: ImapFlow, uid: number, size: number, firstLook: boolean): Promise<void> {
    const tooLarge = size > maxBytes;
    const message = await connection.fetchOne(String(uid), tooLarge ? { uid: true, headers: true } : { uid: true, source: true }, { uid: true });
    if (!message) return; // expunged meanwhile
    const raw = (tooLarge ? message.headers : message.source) ?? Buffer.alloc(0);
    try {
      await ingestEmail(client, raw, 'imap', { env, sizeWithoutBody: tooLarge ? size : undefined });
    } catch (err) {
      // The database refused this message's data (SQLSTATE class 22 or 23): taking it again would fail again
      // and hold up every message after it, so it is left in the mailbox, unread, and said in the log.
      if (!/^2[23]/.test(String((err as { code?: unknown }).code ?? ''))) throw new DatabaseError((err as Error)?.message ?? String(err));
      log.error({ event: 'conversations.imap_refused', uid, error: (err as Error).message?.slice(0, 300) }, 'the database refused a message from the mailbox: it is left there, unread');
      if (!firstLook && !(await db(lease.advance(uid)))) throw new LeaseLost();
      return;
    }
    if (!firstLook && !(await db(lease.advance(uid)))) throw new LeaseLost();
    await connection.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    if (s.processedMailbox) await connection.messageMove(String(uid), s.processedMailbox, { uid: true });
  }

  /** Takes every message after the last one taken (on a first look: the unseen ones, then records where it stands). */
  async function takeNew(connection: ImapFlow, state: { lastUid: number | null }, renew: () => Promise<void>): Promise<void> {
    const mailbox = connection.mailbox as MailboxObject;
    const firstLook = state.lastUid === null;
    const uidNext = mailbox.uidNext;
    const found = firstLook
      ? uidNext > 1
        ? await connection.search({ seen: false, uid: `1:${uidNext - 1}` }, { uid: true })
        : []
      : await connection.search({ uid: `${state.lastUid! + 1}:*` }, { uid: true });
    const uids = (found || []).filter((u) => firstLook || u > state.lastUid!).sort((a, b) => a - b);
    for (let i = 0; i < uids.length && !stopped; i += batch) {
      const part = uids.slice(i, i + batch);
      const sizes = new Map<number, number>();
      for await (const m of connection.fetch(part.join(','), { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
      for (const uid of part) {
        if (stopped) return;
        if (sizes.has(uid)) await take(connection, uid, sizes.get(uid)!, firstLook);
        if (!firstLook) state.lastUid = Math.max(state.lastUid ?? 0, uid);
        await renew();
      }
    }
    if (firstLook && !stopped) {
      if (!(await db(lease.advance(Math.max(0, uidNext - 1))))) throw new LeaseLost();
      state.lastUid = Math.max(0, uidNext - 1);
    }
  }

  /** One connection: holds the lease, takes what is new, then waits for IDLE's news, the poll or a stop. */
  async function session(held: { uidValidity: number | null; lastUid: number | null }): Promise<void> {
    const connection = new ImapFlow({
      host: s.host,
      port: s.port,
      secure: s.secure,
      doSTARTTLS: s.requireStartTls ? true : undefined,
      auth: { user: s.user, pass: s.password },
      logger: false,
      autoIdleDelay: 1000,
      maxLiteralSize: 2 * Math.max(maxBytes, 16 * 1024 * 1024),
      connectionTimeout: 30_000,
      greetingTimeout: 16_000,
      socketTimeout: 5 * 60_000,
    });
    imap = connection;
    let closed = false;
    let news = false;
    connection.on('error', () => {}); // reported by the command that failed, or by 'close'
    connection.on('close', () => {
      closed = true;
      wake?.();
    });
    connection.on('exists', () => {
      news = true;
      wake?.();
    });
    try {
      await connection.connect();
      // Opened without a lock (this connection is the watcher's alone): imapflow idles (IMAP IDLE) whenever
      // no command runs, which it does not while a mailbox lock is held.
      const mailbox = await connection.mailboxOpen(s.mailbox);
      const validity = Number(mailbox.uidValidity);
      const state = { lastUid: held.lastUid };
      if (held.uidValidity !== validity) {
        if (held.uidValidity !== null) log.info({ event: 'conversations.imap_uidvalidity' }, 'the mailbox was renumbered (its UIDVALIDITY changed): taking its unseen messages again');
        if (!(await db(lease.reset(validity)))) throw new LeaseLost();
        state.lastUid = null;
      }
      if (s.processedMailbox) await connection.mailboxCreate(s.processedMailbox).catch(() => {}); // exists already
      watching = true;
      outage.up();
      let renewAt = Date.now() + leaseMs / 3;
      const renew = async () => {
        if (Date.now() < renewAt) return;
        if (!(await db(lease.acquire(leaseMs)))) throw new LeaseLost();
        renewAt = Date.now() + leaseMs / 3;
      };
      while (!stopped && !closed) {
        news = false;
        await takeNew(connection, state, renew);
        await renew();
        if (!news && !stopped && !closed) await nap(Math.min(pollMs, renewAt - Date.now()));
      }
      if (closed && !stopped) throw new Error('the IMAP server closed the connection');
    } finally {
      watching = false;
      imap = undefined;
      if (!closed) await Promise.race([connection.logout().catch(() => {}), sleep(5000)]);
      connection.close();
    }
  }

  const loop = (async () => {
    let delay = 1000;
    let standby = false;
    while (!stopped) {
      let held: Awaited<ReturnType<MailboxLease['acquire']>> = null;
      try {
        held = await db(lease.acquire(leaseMs));
      } catch (err) {
        outage.down(err);
      }
      if (!held) {
        if (!standby && !stopped) log.info({ event: 'conversations.imap_standby' }, 'another instance watches the IMAP mailbox; this one stands by');
        standby = true;
        await nap(Math.min(pollMs, leaseMs / 2));
        continue;
      }
      standby = false;
      try {
        await session(held);
        delay = 1000;
      } catch (err) {
        if (stopped) break;
        if (err instanceof LeaseLost) {
          log.info({ event: 'conversations.imap_lease_lost' }, 'another instance took over the IMAP mailbox');
          continue;
        }
        // The lease is kept (renewed by the next attempt): standing instances take over only if this one dies.
        outage.down(err);
        await nap(delay * (0.8 + Math.random() * 0.4));
        delay = Math.min(delay * 2, 60_000);
      }
    }
  })();

  return {
    get watching() {
      return watching;
    },
    async stop() {
      if (stopped) return loop;
      stopped = true;
      wake?.();
      // A command in flight (a fetch, a move) ends with the logout; the loop then gives the lease up.
      const connection = imap;
      if (connection) await Promise.race([connection.logout().catch(() => {}), sleep(5000)]);
      await loop;
      await lease.release().catch(() => {});
    },
  };
}
