/**
 * Same-origin check for the staff endpoints that change state (sign-out). `npm start` already answers
 * a cross-origin POST with 403 (server/request-guards.ts); this keeps `npm run dev` and any other
 * server honest too (docs/security.md). The Origin header, when sent, must name this host, SITE_URL's
 * or ALLOWED_ORIGINS'.
 */
export function originAllowed(origin: string | null, host: string | null, env: Record<string, string | undefined> = process.env) {
  if (origin === null) return true; // no Origin: the SameSite=Lax cookie is not sent cross-site anyway
  const hosts = new Set<string>();
  if (host) hosts.add(host.toLowerCase());
  for (const raw of [env.SITE_URL ?? '', ...(env.ALLOWED_ORIGINS ?? '').split(',')]) {
    const v = raw.trim().toLowerCase();
    if (!v) continue;
    try {
      hosts.add(/^[a-z]+:\/\//.test(v) ? new URL(v).host : v);
    } catch {
      /* ignored */
    }
  }
  try {
    return hosts.has(new URL(origin).host.toLowerCase());
  } catch {
    return false; // "null" and garbage
  }
}

/** Whether a request with these headers comes from this site (see originAllowed). */
export function sameOriginRequest(headers: Headers) {
  return originAllowed(headers.get('origin'), headers.get('host'));
}
