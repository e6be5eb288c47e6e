import type { NextConfig } from 'next';

// Server actions accept posts only from the site's own origin. Behind a proxy that rewrites Host,
// list the public host names (comma-separated, e.g. "www.example.com,example.com") in ALLOWED_ORIGINS;
// the host of SITE_URL is always allowed.
function allowedOrigins(): string[] {
  const hosts = new Set<string>();
  if (process.env.SITE_URL) {
    try {
      hosts.add(new URL(process.env.SITE_URL).host);
    } catch {
      // scripts/start.mjs refuses an invalid SITE_URL with a clear message.
    }
  }
  for (const host of (process.env.ALLOWED_ORIGINS ?? '').split(',')) if (host.trim()) hosts.add(host.trim());
  return [...hosts];
}

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files: keep it (and pg) out of the bundle so that nothing of it
  // ends up under the publicly served .next/static.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
  images: { unoptimized: true },
  experimental: {
    // forbidden() / unauthorized() for the staff area.
    authInterrupts: true,
    serverActions: { bodySizeLimit: '64kb', allowedOrigins: allowedOrigins() },
  },
};

export default nextConfig;
