// Security headers for every response, and the Content-Security-Policy built from the SHA-256 hashes of
// a page's inline scripts: no 'unsafe-inline' and no nonce, so prerendered pages stay static.
import crypto from 'node:crypto';

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source expressions ('sha256-...') of every inline <script> in an HTML document. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1];
    if (!body) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy for one HTML document (or, without hashes, for any other response). */
export function contentSecurityPolicy(hashes = [], { https = false } = {}) {
  const directives = [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export const baseSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), usb=(), xr-spatial-tracking=(), clipboard-write=(self)',
};

export const hsts = 'max-age=63072000; includeSubDomains';

/**
 * Whether the visitor reached us over HTTPS: a TLS socket, or a proxy we trust (TRUST_PROXY=1) that says so.
 * @param {import('node:http').IncomingMessage} req
 */
export function isHttps(req) {
  if (/** @type {any} */ (req.socket).encrypted) return true;
  if (process.env.TRUST_PROXY === '1') {
    const proto = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim();
    return proto === 'https';
  }
  return false;
}

/** Sets the headers every response carries (CSP without hashes; HTML responses replace it). */
export function applyBaseHeaders(req, res) {
  const https = isHttps(req);
  for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', contentSecurityPolicy([], { https }));
  if (https) res.setHeader('Strict-Transport-Security', hsts);
}
