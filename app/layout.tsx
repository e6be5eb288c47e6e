import type { Metadata, Viewport } from 'next';
import { GeistSans } from 'geist/font/sans';
import localFont from 'next/font/local';
import { site } from '@/content/site';
import { siteUrl } from '@/lib/site-url';
import './globals.css';

// Geist Mono only sets text in code samples (the /api page): declared for every page, but not preloaded, so a
// page downloads it only when it shows monospaced text (preloading it everywhere cost ~70 kB on the LCP path).
const geistMono = localFont({
  src: '../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2',
  variable: '--font-geist-mono',
  weight: '100 900',
  preload: false,
  adjustFontFallback: false,
  fallback: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Monaco', 'Liberation Mono', 'DejaVu Sans Mono', 'monospace'],
});

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: site.name, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
  icons: { icon: '/icon.svg' },
};

export const viewport: Viewport = {
  themeColor: '#7c3aed',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={`${GeistSans.variable} ${geistMono.variable}`}>
      <body className="min-h-dvh bg-background text-foreground">{children}</body>
    </html>
  );
}
