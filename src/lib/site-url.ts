/** The public origin of the site, from SITE_URL (default http://localhost:3000), without a trailing slash. */
export function siteUrl(): string {
  const raw = process.env.SITE_URL?.trim() || 'http://localhost:3000';
  return raw.replace(/\/+$/, '');
}

type Env = Record<string, string | undefined>;

/** HOST names only this machine (an unset HOST listens on every interface). */
const loopbackHost = (host: string | undefined): boolean => /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(host?.trim() ?? '');

/**
 * What a start without SITE_URL means (docs/notifications.md). Emails carry links made from SITE_URL (a data
 * request's verification, a newsletter confirmation, unsubscribe): served to others (HOST unset or not
 * this machine) with emails on (SMTP_URL), those links would point to localhost and could never work, so
 * the server refuses to start (`refuse`, its one line). Without emails it serves, with one line of warning
 * (`warn`), so that `npm start` on a fresh machine still shows the site. On this machine alone (the tests,
 * a developer trying emails) localhost is the right address: nothing to say.
 */
export function siteUrlStartProblem(env: Env = process.env): { refuse?: string; warn?: string } {
  if (env.SITE_URL?.trim() || loopbackHost(env.HOST)) return {};
  if (env.SMTP_URL?.trim()) {
    return {
      refuse:
        "SITE_URL must be set with SMTP_URL: every email's links (a data request's verification, a newsletter confirmation) would point to http://localhost:3000, which nobody else can open. Set SITE_URL to the site's public address (e.g. https://www.example.com)",
    };
  }
  return { warn: 'warning: SITE_URL is not set, so the site calls itself http://localhost:3000; set it to the public address before turning on emails (SMTP_URL), or the server will not start' };
}
