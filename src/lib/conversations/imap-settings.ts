// The mailbox answers arrive in: IMAP_URL (`imaps://user:app-password@imap.example.com:993/INBOX`) and
// IMAP_PROCESSED_MAILBOX (where a message goes once taken; unset: it stays, marked \Seen). Read from the
// environment; a problem with them stops the server and the worker at start, in one line.
import type { Env } from '@/lib/notify/config';

export type ImapSettings = {
  host: string;
  port: number;
  /** TLS from the start (imaps://); otherwise STARTTLS, required except to this machine. */
  secure: boolean;
  requireStartTls: boolean;
  user: string;
  password: string;
  mailbox: string;
  processedMailbox?: string;
  /** Names the mailbox in the database (`imap_mailboxes`): user, host, port and path, never the password. */
  key: string;
};

const localHosts = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/** The settings of IMAP_URL, or a one-line problem; undefined when IMAP_URL is not set (no watcher). */
export function readImapSettings(env: Env = process.env): ImapSettings | { problem: string } | undefined {
  const raw = env.IMAP_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'IMAP_URL is not a valid URL (expected imaps://user:app-password@imap.example.com/INBOX)' };
  }
  if (url.protocol !== 'imaps:' && url.protocol !== 'imap:') return { problem: `IMAP_URL must start with imaps:// (or imap:// with STARTTLS), not ${url.protocol}//` };
  if (!url.hostname) return { problem: 'IMAP_URL has no host name' };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (!user || !password) return { problem: 'IMAP_URL must hold the user name and the (app) password: imaps://user:app-password@host/INBOX (encode @ in the user name as %40)' };
  const secure = url.protocol === 'imaps:';
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  const processedMailbox = env.IMAP_PROCESSED_MAILBOX?.trim() || undefined;
  if (processedMailbox && processedMailbox.toLowerCase() === mailbox.toLowerCase()) {
    return { problem: `IMAP_PROCESSED_MAILBOX must name another mailbox than the one watched (${mailbox}), or be unset` };
  }
  const host = url.hostname.toLowerCase();
  return {
    host,
    port,
    secure,
    requireStartTls: !secure && !localHosts.test(host),
    user,
    password,
    mailbox,
    processedMailbox,
    key: `${user.toLowerCase()}@${host}:${port}/${mailbox}`,
  };
}

/** What is wrong with IMAP_URL or IMAP_PROCESSED_MAILBOX, or undefined. */
export function imapConfigProblem(env: Env = process.env): string | undefined {
  const settings = readImapSettings(env);
  return settings && 'problem' in settings ? settings.problem : undefined;
}
