import { securityTxt } from '@/components/sections/company/security-txt';

/**
 * RFC 9116 security.txt with the security contact of content/site.ts. Prerendered at build time (so the
 * fast path serves it); Expires is set from the build date.
 */
export const dynamic = 'force-static';

export function GET() {
  return new Response(securityTxt(new Date()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
