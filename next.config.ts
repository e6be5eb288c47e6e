import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files: keep it (and pg) out of the bundle so that nothing of it
  // ends up under the publicly served .next/static.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
  images: { unoptimized: true },
  experimental: {
    serverActions: { bodySizeLimit: '64kb' },
  },
};

export default nextConfig;
