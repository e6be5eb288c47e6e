// Sending one notification: an email through SMTP (nodemailer), a signed POST to a webhook, or a message
// to a Slack incoming webhook.
// Each function resolves on success and throws an Error whose message is fit for `last_error`
// (a status code or transport error; no lead data).
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { EmailMessage } from './message';
import { Webhook } from 'standardwebhooks';
import { webhookKey } from './config';

export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

/** SMTP transports by URL, reused across deliveries (closed by closeTransports). */
const transports = new Map<string, Transporter<SMTPTransport.SentMessageInfo>>();

function transportFor(smtpUrl: string): Transporter<SMTPTransport.SentMessageInfo> {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    transports.set(smtpUrl, t);
  }
  return t;
}

export function closeTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}

type ErrorLike = { name?: string; code?: string; message?: string; cause?: ErrorLike & { errors?: ErrorLike[] } };

/**
 * What an address may hold (RFC 5322, with RFC 6531's UTF-8): a local part of atext, dots and quoted
 * strings (spaces, escapes and an @ inside), mixed as the obsolete form allows; a domain of the same
 * characters, or a literal in brackets.
 */
const atom = String.raw`[A-Za-z0-9!#$%&'*+\-/=?^_\x60{|}~.]|[^\x00-\x7F\s]`;
const quoted = String.raw`"(?:[^"\\\r\n]|\\[^\r\n])*"`;
const address = new RegExp(String.raw`<?(?:${quoted}|${atom})+@(?:\[[^\[\]\\\s]*\]|(?:${atom})+)>?`, 'gu');
/**
 * An error text without the email addresses in it: a mail server's refusal quotes the recipient ("550
 * <someone@example.com>: Recipient address rejected"), which must not outlive an erasure in the outbox's
 * `last_error` or in the logs. Every character an address may hold is taken (`o'brien@…`, `"john
 * doe"@…`, `user@[192.0.2.1]`, `josé@exämple.de`), so no part of one is left. Answers at most `max`
 * characters, scrubbed on a longer window, so an address cut at the end is taken whole and the work
 * stays small whatever a server answers.
 */
export function withoutAddresses(text: string, max = 500): string {
  return text
    .slice(0, max + 1_000)
    .replace(address, '<address>')
    .slice(0, max);
}

function describe(err: unknown): string {
  const e = (err ?? {}) as ErrorLike;
  if (e.name === 'TimeoutError') return 'timed out';
  const cause = e.cause?.errors?.[0] ?? e.cause;
  const code = cause?.code ?? e.code;
  let text = e.message ?? String(err);
  // fetch says only "fetch failed"; the reason (e.g. "connect ECONNREFUSED 127.0.0.1:9") is its cause.
  if (cause?.message && !text.includes(cause.message)) text = `${text} (${cause.message})`;
  text = text.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim();
  return withoutAddresses(code && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 300);
}

export async function sendEmail(smtpUrl: string, message: Omit<EmailMessage, 'headers'> & { headers?: Record<string, string> }): Promise<SMTPTransport.SentMessageInfo> {
  try {
    const info = await transportFor(smtpUrl).sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true });
    if (info.rejected?.length) throw new DeliveryError(`SMTP server rejected ${info.rejected.length} recipient(s)`);
    return info;
  } catch (err) {
    if (err instanceof DeliveryError) throw err;
    throw new DeliveryError(`SMTP: ${describe(err)}`);
  }
}

export type WebhookOptions = { deliveryId: string; secret?: string; timeoutMs?: number };

/**
 * The headers of a webhook call, signed the Standard Webhooks way (standardwebhooks.com): `webhook-id` (the
 * delivery's id, the same on every retry, for the receiver to drop repeats), `webhook-timestamp` (Unix
 * seconds, for the receiver to refuse old calls: a captured call cannot be replayed later) and
 * `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`).
 */
export function webhookHeaders(body: string, deliveryId: string, secret: string, now = new Date()): Record<string, string> {
  const key = webhookKey(secret);
  if (!key) throw new DeliveryError('webhook: WEBHOOK_SECRET must hold at least 32 bytes');
  const signer = new Webhook(key.secret, key.format ? { format: key.format } : undefined);
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Postcraft-Webhooks/1',
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signer.sign(deliveryId, now, body),
  };
}

/**
 * POSTs a JSON body to `url` (`what` names the channel in errors); only a 2xx answer within `timeoutMs`
 * counts. Redirects are not followed (a 3xx is a failure).
 */
async function postJson(what: string, url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const e = err as ErrorLike | undefined;
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
      throw new DeliveryError(`${what}: no answer within ${timeoutMs % 1000 ? `${timeoutMs} ms` : `${timeoutMs / 1000} s`}`);
    }
    throw new DeliveryError(`${what}: ${describe(err)}`);
  }
  // Read (and drop) the answer so the connection can be reused; it is never stored.
  await res.arrayBuffer().catch(() => {});
  if (res.status < 200 || res.status > 299) throw new DeliveryError(`${what}: HTTP ${res.status}`);
}

/** POSTs the body, signed; only a 2xx answer counts. Redirects are not followed (a 3xx is a failure). */
export async function sendWebhook(url: string, body: string, { deliveryId, secret, timeoutMs = 10_000 }: WebhookOptions): Promise<void> {
  if (!secret) throw new DeliveryError('webhook: WEBHOOK_SECRET is not set');
  await postJson('webhook', url, body, webhookHeaders(body, deliveryId, secret), timeoutMs);
}

/**
 * POSTs a Slack message (lib/notify/slack.ts) to an incoming webhook. Slack answers 200 `ok`; anything else
 * (a 4xx for a revoked or wrong URL, a 5xx, a 429 with Retry-After) is a failure the outbox retries.
 */
export async function sendSlack(url: string, body: string, { timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
  await postJson('slack', url, body, { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Postcraft-Webhooks/1' }, timeoutMs);
}
