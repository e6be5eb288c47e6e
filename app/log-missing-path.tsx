'use client';
import { useEffect } from 'react';
import { usePathname } from 'next/navigation';

/** Records the unmatched path in the browser console, as the spec's not-found page does. */
export function LogMissingPath() {
  const pathname = usePathname();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return null;
}
