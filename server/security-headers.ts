// Headers every response carries. The Content-Security-Policy of a page comes from Astro (hashes of its
// scripts and styles computed at build: dist/_headers.json for prerendered pages, a header on pages
// rendered on request); other responses get `basePolicy`, which allows no script at all.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withUpgrade } from '@/lib/csp';

export const baseSecurityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), usb=(), xr-spatial-tracking=(), clipboard-write=(self)',
};

export const hsts = 'max-age=63072000; includeSubDomains';

/** For answers that are not Astro pages (server-made pages, JSON, files): nothing may run. */
export const basePolicy =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Whether the visitor reached us over HTTPS: a TLS socket, or a proxy we trust (`trustProxy`: this connection is from one, proxy-trust.ts) that says so. */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy) return false;
  return String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https';
}


export function applyBaseHeaders(res: ServerResponse, https: boolean) {
  for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', withUpgrade(basePolicy, https));
  if (https) res.setHeader('Strict-Transport-Security', hsts);
}
