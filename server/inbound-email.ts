// `POST /api/inbound-email`: an email that came in, posted raw (`message/rfc822` or
// `application/octet-stream`) by an email-routing worker or a provider's raw forward, signed the Standard
// Webhooks way with INBOUND_WEBHOOK_SECRET (docs/conversations.md, "The inbound webhook"). Answered here,
// before Astro and without the form guards (it is no browser's form): 200 {"outcome": "joined" |
// "unmatched" | "duplicate"}, or a 4xx with {"error": "<one sentence>"}; 404 when INBOUND_WEBHOOK_SECRET is
// not set. A body over INBOUND_MAX_BYTES is refused (413) as soon as its Content-Length says so, or as its
// bytes pass the limit: at most 4 MB more of it is read (and dropped), never the whole of it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { Queryable } from '@/lib/db/connection';
import { conversationSettings } from '@/lib/conversations/config';
import { conversationsLog, ingestEmail } from '@/lib/conversations/inbound';
import { webhookKey, type Env } from '@/lib/notify/config';
import { answerRefusal, readBody } from './request-guards';

export const inboundEmailPath = '/api/inbound-email';
const toleranceSeconds = 5 * 60;
/** How much more of a message over the limit is read (and dropped) after its 413, before the connection is cut. */
const lingerBytes = 4 * 1024 * 1024;

/** What is wrong with INBOUND_WEBHOOK_SECRET, or undefined: the server refuses to start with it. */
export function inboundConfigProblem(env: Env = process.env): string | undefined {
  const secret = env.INBOUND_WEBHOOK_SECRET?.trim();
  if (!secret || webhookKey(secret)) return undefined;
  return 'INBOUND_WEBHOOK_SECRET must be whsec_ and at least 32 random bytes in base64 (make one with: node -e "console.log(\'whsec_\' + require(\'crypto\').randomBytes(32).toString(\'base64\'))"), or any text of 32 characters or more; or unset';
}

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: Record<string, string>, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/**
 * Answers a refusal. A message over the size limit is answered at once, then at most 4 MB more of it is read
 * and dropped (time for its sender to read the 413 while still sending) before the connection is cut:
 * reading all of a 30 MB message only to drop it would cost the server that memory until its next garbage
 * collection. Any other refusal is sent once the body is drained (read and dropped, at most 8 MB:
 * request-guards.ts), closing the connection after.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}) {
  if (status !== 413) return answerRefusal(req, () => answer(req, res, status, { error }, { ...headers, Connection: 'close' }));
  answer(req, res, status, { error }, headers);
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > lingerBytes) req.socket.destroy();
  });
  req.resume();
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

/**
 * Whether the signature matches the body: the Standard Webhooks HMAC-SHA256 of `id.timestamp.body` over the
 * body's bytes (what the specification signs), or as the standardwebhooks package signs it (the body read
 * as UTF-8 text first, so a sender using that package's `sign` on a message with 8-bit bytes is understood too).
 */
function signatureMatches(secret: string, id: string, timestamp: string, signatures: string, body: Buffer): boolean {
  const key = webhookKey(secret)!;
  const keyBytes = key.format === 'raw' ? Buffer.from(key.secret, 'utf8') : Buffer.from(key.secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', keyBytes).update(`${id}.${timestamp}.`).update(body).digest();
  const given = signatures.split(' ').flatMap((s) => (s.startsWith('v1,') ? [Buffer.from(s.slice(3), 'base64')] : []));
  if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) return true;
  try {
    new Webhook(key.secret, key.format ? { format: key.format } : undefined).verify(body, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures }, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
}

export async function answerInboundEmail(req: IncomingMessage, res: ServerResponse, { client, requestId, env = process.env }: { client: Queryable; requestId: string; env?: Env }) {
  const { inboundSecret, maxBytes } = conversationSettings(env);
  // Off (INBOUND_WEBHOOK_SECRET unset): answered as an address that does not exist, naming no setting.
  if (!inboundSecret || !webhookKey(inboundSecret)) return refuse(req, res, 404, 'Not found.');
  if (req.method !== 'POST') return refuse(req, res, 405, 'Only POST is allowed here: post the raw message.', { Allow: 'POST' });
  const id = one(req.headers['webhook-id']);
  const timestamp = one(req.headers['webhook-timestamp']);
  const signatures = one(req.headers['webhook-signature']);
  if (!id || !timestamp || !signatures) return refuse(req, res, 401, 'Unsigned: the webhook-id, webhook-timestamp and webhook-signature headers are required (Standard Webhooks).');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(seconds) || Math.abs(Date.now() / 1000 - seconds) > toleranceSeconds) {
    return refuse(req, res, 401, 'Too old or replayed: webhook-timestamp must be within 5 minutes of now.');
  }
  const type = String(req.headers['content-type'] ?? '');
  if (!/^(message\/rfc822|application\/octet-stream)\s*(;|$)/i.test(type)) {
    return refuse(req, res, 415, 'Wrong content type: post the raw message as message/rfc822 or application/octet-stream.');
  }
  const tooLarge = `The message is over the limit of ${megabytes(maxBytes)} (INBOUND_MAX_BYTES).`;
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes) return refuse(req, res, 413, tooLarge);
  const read = await readBody(req, maxBytes);
  if (read.tooLarge) return refuse(req, res, 413, tooLarge);
  if (read.error || !read.body) return refuse(req, res, 400, 'The body could not be read (the connection broke off).');
  const body = read.body;
  if (!signatureMatches(inboundSecret, id, timestamp, signatures, body)) {
    return answer(req, res, 401, { error: 'Forged: the signature does not match this body and the secret (INBOUND_WEBHOOK_SECRET).' });
  }
  if (!body.length) return answer(req, res, 400, { error: 'Empty: post the raw message as the body.' });
  try {
    const { outcome } = await ingestEmail(client, body, 'webhook', { env });
    return answer(req, res, 200, { outcome });
  } catch (err) {
    conversationsLog.error({ requestId, err }, 'an inbound email could not be stored');
    return answer(req, res, 503, { error: 'The message could not be stored just now: send it again later.' }, { 'Retry-After': '30' });
  }
}
