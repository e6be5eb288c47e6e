import type { AnchorHTMLAttributes } from 'react';

/** A plain link: pages are documents, so navigation is the browser's own (no client router). */
export function Link({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} {...props} />;
}
