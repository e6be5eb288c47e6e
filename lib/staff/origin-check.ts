/**
 * Same-origin check for the staff route handlers that change state (server actions get Next's own
 * check): the Origin header, when sent, must name this host or one of ALLOWED_ORIGINS / SITE_URL's.
 * A POST without Origin (old clients) is accepted: the SameSite=Lax cookie is not sent cross-site anyway.
 */
export function allowedHosts(host: string | null, env: Record<string, string | undefined> = process.env) {
  const hosts = new Set<string>();
  if (host) hosts.add(host);
  try {
    if (env.SITE_URL) hosts.add(new URL(env.SITE_URL).host);
  } catch {
    /* start.mjs refuses an invalid SITE_URL */
  }
  for (const h of (env.ALLOWED_ORIGINS ?? '').split(',')) if (h.trim()) hosts.add(h.trim());
  return hosts;
}

export function originAllowed(origin: string | null, host: string | null, env?: Record<string, string | undefined>) {
  if (origin === null) return true;
  try {
    return allowedHosts(host, env).has(new URL(origin).host);
  } catch {
    return false; // "null" and garbage
  }
}

