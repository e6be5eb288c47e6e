// Which notification channels are configured, read from the environment each time it is asked (so
// a lead enqueues for the channels configured when it arrives). Plain ESM: used by the Next server
// code (lib/leads/store.ts), the delivery loop in `npm start` and `npm run worker`.

/** @typedef {'email' | 'webhook'} Channel */

/** @param {NodeJS.ProcessEnv} [env] @returns {Channel[]} */
export function configuredChannels(env = process.env) {
  /** @type {Channel[]} */
  const channels = [];
  if (env.SMTP_URL?.trim()) channels.push('email');
  if (env.WEBHOOK_URL?.trim()) channels.push('webhook');
  return channels;
}

/** The sender when NOTIFY_EMAIL_FROM is not set: a no-reply address at the site's domain. */
export function defaultFromAddress(env = process.env) {
  let host = 'postcraft.example';
  try {
    const h = env.SITE_URL ? new URL(env.SITE_URL).hostname : '';
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(h) && !/^[\d.]+$/.test(h)) host = h.replace(/^www\./i, '');
  } catch {
    /* SITE_URL is checked at start-up; keep the default */
  }
  return `Postcraft notifications <notifications@${host}>`;
}

/**
 * Everything the delivery loop needs, from the environment at send time. A channel without its
 * settings is reported as a delivery error (retried), never as a crash.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function deliverySettings(env = process.env) {
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    emailTo: env.NOTIFY_EMAIL_TO?.trim() || undefined,
    emailFrom: env.NOTIFY_EMAIL_FROM?.trim() || defaultFromAddress(env),
    webhookUrl: env.WEBHOOK_URL?.trim() || undefined,
    webhookSecret: env.WEBHOOK_SECRET || undefined,
    siteUrl: env.SITE_URL?.trim() || undefined,
  };
}
