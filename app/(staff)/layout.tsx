import type { Metadata } from 'next';

// The staff area is never indexed (robots.txt disallows /staff too, and the sitemap leaves it out).
export const metadata: Metadata = {
  title: { default: 'Staff', template: '%s | Staff' },
  robots: { index: false, follow: false, nocache: true },
};

export default function StaffRootLayout({ children }: { children: React.ReactNode }) {
  return <div className="min-h-dvh bg-slate-50">{children}</div>;
}
