import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = { mailFrom: string; rcptTo: string[]; raw: string; headers: [string, string][]; body: string };

/** Splits a raw message into its (unfolded) header lines and body. */
export function parseMessage(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = head.split('\r\n').map((line) => {
    const i = line.indexOf(':');
    return [line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()] as [string, string];
  });
  return { headers, body: raw.slice(at + 4) };
}

/** Decodes RFC 2047 encoded words (nodemailer uses them for non-ASCII subjects). */
export function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** Decodes a quoted-printable body (nodemailer's choice for long or non-ASCII text). */
export function decodeBody(message: { headers: [string, string][]; body: string }) {
  const enc = message.headers.find(([n]) => n === 'content-transfer-encoding')?.[1].toLowerCase();
  if (enc === 'quoted-printable') {
    const bytes = message.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  if (enc === 'base64') return Buffer.from(message.body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  return message.body.replace(/\r\n/g, '\n');
}

/**
 * One part of a message, decoded: the whole body of a single-part message of that type, or the
 * matching part of a multipart one (the emails to visitors carry HTML and text).
 */
export function partOf(message: { headers: [string, string][]; body: string }, wanted: 'text/plain' | 'text/html'): string {
  const type = message.headers.find(([n]) => n === 'content-type')?.[1] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return type.toLowerCase().startsWith(wanted) ? decodeBody(message) : '';
  for (const chunk of message.body.split(`--${boundary}`)) {
    const found = partOf(parseMessage(chunk.replace(/^\r\n/, '')), wanted);
    if (found) return found;
  }
  return '';
}

/** The plain text of a message. */
export const textOf = (message: { headers: [string, string][]; body: string }) => partOf(message, 'text/plain');
/** The HTML of a message ('' when it has none). */
export const htmlOf = (message: { headers: [string, string][]; body: string }) => partOf(message, 'text/html');

/**
 * A local SMTP server that keeps every message it accepts; `failNext` makes it refuse the next ones
 * with 451 (only those to `failFor`, when set), after their data was sent (kept in `refused`); `delayMs`
 * makes it take that long to answer each message's data (a slow server: sends in flight for a while).
 */
export async function startSmtp() {
  const messages: ReceivedEmail[] = [];
  const refused: ReceivedEmail[] = [];
  const state: { failNext: number; failFor?: string; failText?: string; delayMs?: number } = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => setTimeout(answer, state.delayMs ?? 0));
      function answer() {
        const targeted = !state.failFor || session.envelope.rcptTo.some((r) => r.address === state.failFor);
        const raw = Buffer.concat(chunks).toString('utf8');
        const email = { mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', rcptTo: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMessage(raw) };
        if (state.failNext > 0 && targeted) {
          state.failNext--;
          refused.push(email);
          const err = new Error(state.failText ?? 'Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        messages.push(email);
        callback();
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Hook = { headers: http.IncomingHttpHeaders; body: string; answered: number };

/**
 * A local webhook receiver. `mode` decides the answer: 'ok' (204), a status number, or 'hang' (never
 * answers). `ok2xx` counts the 2xx answers per webhook-id. `stop()`/`start()` take the port down
 * and bring it back (the same port), to play a receiver that is away.
 */
export async function startReceiver() {
  const received: Hook[] = [];
  const ok2xx = new Map<string, number>();
  const state: { mode: 'ok' | 'hang' | number; delayMs: number } = { mode: 'ok', delayMs: 0 };
  const hanging = new Set<http.ServerResponse>();
  let server: http.Server | undefined;
  let port = 0;
  const listen = async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const hook: Hook = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: 0 };
        received.push(hook);
        if (state.mode === 'hang') {
          hanging.add(res);
          return;
        }
        const answer = () => {
          const status = state.mode === 'ok' ? 204 : (state.mode as number);
          hook.answered = status;
          if (status >= 200 && status < 300) {
            const id = String(req.headers['webhook-id']);
            ok2xx.set(id, (ok2xx.get(id) ?? 0) + 1);
          }
          // Connection: close, so that a receiver taken down refuses the next connection at once.
          res.writeHead(status, { Connection: 'close', ...(status >= 300 && status < 400 ? { Location: 'http://127.0.0.1:1/' } : {}) }).end();
        };
        if (state.delayMs) setTimeout(answer, state.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  const stop = async () => {
    if (!server?.listening) return;
    for (const res of hanging) res.destroy();
    hanging.clear();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  };
  const start = async () => {
    if (!server?.listening) await listen();
  };
  return { url: `http://127.0.0.1:${port}/hooks/leads`, received, ok2xx, state, stop, start, close: stop };
}

/** Polls `check` until it is true (or fails after `ms`). */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'condition') {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
