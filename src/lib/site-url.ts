/** The public origin of the site, from SITE_URL (default http://localhost:3000), without a trailing slash. */
export function siteUrl(): string {
  const raw = process.env.SITE_URL?.trim() || 'http://localhost:3000';
  return raw.replace(/\/+$/, '');
}
