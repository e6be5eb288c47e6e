// Which notification channels are configured, read from the environment each time it is asked (so
// a lead enqueues for the channels configured when it arrives). Used by the lead store
// (lib/leads/store.ts), the delivery loop in `npm start` and `npm run worker`.

export type Channel = 'email' | 'webhook';
export type Env = Record<string, string | undefined>;

export function configuredChannels(env: Env = process.env): Channel[] {
  const channels: Channel[] = [];
  if (env.SMTP_URL?.trim()) channels.push('email');
  if (env.WEBHOOK_URL?.trim()) channels.push('webhook');
  return channels;
}

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
    siteUrl: env.SITE_URL?.trim() || undefined,
  };
}
