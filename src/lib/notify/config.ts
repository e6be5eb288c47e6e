// Which notification channels are configured, read from the environment each time it is asked (so
// a lead enqueues for the channels configured when it arrives). Used by the lead store
// (lib/leads/store.ts), the delivery loop in `npm start` and `npm run worker`.

import { createHash } from 'node:crypto';
import { envInt } from '@/lib/limiter';

/** The channels that tell staff about a lead. */
export type Channel = 'email' | 'webhook' | 'slack';
/**
 * Every channel of the outbox: staff's two, and the emails to the lead's own address (`ack`, `confirm`, and
 * `reply`: a message staff wrote on the lead's page, lib/conversations).
 */
export type AnyChannel = Channel | 'ack' | 'confirm' | 'reply';
export type Env = Record<string, string | undefined>;

/** Emails can be sent at all (SMTP_URL is set): staff emails, acknowledgements, newsletter confirmations. */
export const emailsOn = (env: Env = process.env): boolean => Boolean(env.SMTP_URL?.trim());

/** The variable a channel needs: the webhook WEBHOOK_URL, Slack SLACK_WEBHOOK_URL, every email channel SMTP_URL. */
export const channelSetting = (channel: AnyChannel): string => (channel === 'webhook' ? 'WEBHOOK_URL' : channel === 'slack' ? 'SLACK_WEBHOOK_URL' : 'SMTP_URL');

/** Whether a channel is configured (its variable is set and not blank). */
export const channelOn = (channel: AnyChannel, env: Env = process.env): boolean => Boolean(env[channelSetting(channel)]?.trim());

/**
 * Emails to one visitor address (acknowledgements and confirmations together) per window, so that the
 * forms cannot flood someone's inbox: NOTIFY_RECIPIENT_LIMIT (3; 0 = no limit) per NOTIFY_RECIPIENT_WINDOW seconds (3600).
 */
export function recipientLimit(env: Env = process.env): { max: number; windowSeconds: number } {
  return { max: envInt(env.NOTIFY_RECIPIENT_LIMIT, 3), windowSeconds: envInt(env.NOTIFY_RECIPIENT_WINDOW, 3600, 1) };
}

/**
 * The two kinds of email to a visitor, each with its own hourly budget so that one cannot starve the other:
 * `needed`, the emails a person cannot go on without (a data request's verification link, the newsletter's
 * confirmation link), and `courtesy`, the acknowledgements that only say what arrived.
 */
export type VisitorEmailClass = 'needed' | 'courtesy';

/** The lead kinds whose acknowledgement carries a link the person must open (lib/notify/visitor-emails.ts). */
export const linkAcknowledged: readonly string[] = ['dataRequest'];

export const visitorEmailClass = (leadType: string, channel: 'ack' | 'confirm'): VisitorEmailClass =>
  channel === 'confirm' || linkAcknowledged.includes(leadType) ? 'needed' : 'courtesy';

export type VisitorEmailBudget = { perHour: number; perNetwork: number };

/**
 * The hourly budget of a class of visitor emails, all addresses together, and the part of it one network
 * (/24 of IPv4, /48 of IPv6) of the posting client may use, so that one client cannot spend it for everyone:
 * NOTIFY_NEEDED_EMAILS_PER_HOUR and NOTIFY_COURTESY_EMAILS_PER_HOUR (each 200 by default, or
 * NOTIFY_VISITOR_EMAILS_PER_HOUR, the single budget of earlier versions, when that is set; 0 = no cap), and
 * NOTIFY_NETWORK_SHARE, the percentage of each budget one network may use (5: 10 an hour of 200; at least 1;
 * 0 = no per-network quota). Past a limit the lead is still stored and staff still told; the email is recorded
 * as not sent (status `limited`), for staff to send again.
 */
export function visitorEmailBudget(cls: VisitorEmailClass, env: Env = process.env): VisitorEmailBudget {
  const fallback = envInt(env.NOTIFY_VISITOR_EMAILS_PER_HOUR, 200);
  const perHour = envInt(cls === 'needed' ? env.NOTIFY_NEEDED_EMAILS_PER_HOUR : env.NOTIFY_COURTESY_EMAILS_PER_HOUR, fallback);
  const share = Math.min(100, envInt(env.NOTIFY_NETWORK_SHARE, 5));
  return { perHour, perNetwork: perHour && share ? Math.max(1, Math.floor((perHour * share) / 100)) : 0 };
}

/** What the outbox keeps of the posting client's network: a hash of its prefix (lib/limiter.ts networkOf), never the address. */
export const networkKey = (network: string): string => createHash('sha256').update(`network:${network}`).digest('hex');

/** What the outbox keeps of a recipient: a hash of the lower-cased address, never the address. */
export const recipientKey = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export function configuredChannels(env: Env = process.env): Channel[] {
  return (['email', 'webhook', 'slack'] as const).filter((c) => channelOn(c, env));
}

const localHosts = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The key of WEBHOOK_SECRET for Standard Webhooks signatures: `whsec_` and base64 (the standard's form,
 * what its libraries take on the receiving side), or any other text used as it is. Null when it holds
 * fewer than 32 bytes.
 */
export function webhookKey(secret: string | undefined): { secret: string; format?: 'raw' } | null {
  const s = secret?.trim() ?? '';
  if (s.startsWith('whsec_')) {
    const b64 = s.slice('whsec_'.length);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
    return Buffer.from(b64, 'base64').length >= 32 ? { secret: s } : null;
  }
  return Buffer.byteLength(s, 'utf8') >= 32 ? { secret: s, format: 'raw' } : null;
}

/** What is wrong with the URL in `name`, or undefined: it must be https (plain http only to this machine). */
function urlProblem(name: string, raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${name} is not a valid URL: "${raw.slice(0, 100)}"`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && localHosts.test(url.hostname))) {
    return `${name} must start with https:// (plain http:// only to this machine: localhost, 127.0.0.1 or [::1])`;
  }
  return undefined;
}

/**
 * What is wrong with the signed webhook's settings, or undefined: WEBHOOK_URL must be https (plain http only
 * to this machine), and needs WEBHOOK_SECRET (at least 32 bytes), since every call is signed. The delivery
 * loop reports it on the delivery.
 */
export function signedWebhookProblem(env: Env = process.env): string | undefined {
  const raw = env.WEBHOOK_URL?.trim();
  if (!raw) return undefined;
  const problem = urlProblem('WEBHOOK_URL', raw);
  if (problem) return problem;
  if (!webhookKey(env.WEBHOOK_SECRET)) {
    return 'WEBHOOK_SECRET must be set with WEBHOOK_URL: whsec_ and at least 32 random bytes in base64 (make one with: node -e "console.log(\'whsec_\' + require(\'crypto\').randomBytes(32).toString(\'base64\'))"), or any text of 32 characters or more';
  }
  return undefined;
}

/**
 * What is wrong with SLACK_WEBHOOK_URL (a Slack incoming webhook), or undefined: https, plain http only to
 * this machine (a receiver in a test). The URL is its own secret: Slack takes any post to it.
 */
export function slackConfigProblem(env: Env = process.env): string | undefined {
  const raw = env.SLACK_WEBHOOK_URL?.trim();
  return raw ? urlProblem('SLACK_WEBHOOK_URL', raw) : undefined;
}

/**
 * The first problem of the two webhooks' settings, the signed one (WEBHOOK_URL) and Slack's incoming webhook
 * (SLACK_WEBHOOK_URL), or undefined: the server and the worker refuse to start with one, in one line.
 */
export const webhookConfigProblem = (env: Env = process.env): string | undefined => signedWebhookProblem(env) ?? slackConfigProblem(env);

/** The sender when NOTIFY_EMAIL_FROM is not set: a no-reply address at the site's domain. */
export function defaultFromAddress(env: Env = process.env): string {
  let host = 'postcraft.example';
  try {
    const h = env.SITE_URL ? new URL(env.SITE_URL).hostname : '';
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(h) && !/^[\d.]+$/.test(h)) host = h.replace(/^www\./i, '');
  } catch {
    /* SITE_URL is checked at start-up; keep the default */
  }
  return `Postcraft notifications <notifications@${host}>`;
}

export type DeliverySettings = {
  smtpUrl?: string;
  emailTo?: string;
  emailFrom: string;
  webhookUrl?: string;
  webhookSecret?: string;
  slackWebhookUrl?: string;
  siteUrl?: string;
};

/**
 * Everything the delivery loop needs, from the environment at send time. A channel without its
 * settings is reported as a delivery error (retried), never as a crash.
 */
export function deliverySettings(env: Env = process.env): DeliverySettings {
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    emailTo: env.NOTIFY_EMAIL_TO?.trim() || undefined,
    emailFrom: env.NOTIFY_EMAIL_FROM?.trim() || defaultFromAddress(env),
    webhookUrl: env.WEBHOOK_URL?.trim() || undefined,
    webhookSecret: env.WEBHOOK_SECRET || undefined,
    slackWebhookUrl: env.SLACK_WEBHOOK_URL?.trim() || undefined,
    siteUrl: env.SITE_URL?.trim() || undefined,
  };
}
