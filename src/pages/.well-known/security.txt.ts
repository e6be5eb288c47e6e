import { securityTxt } from '@/lib/security-txt';

/** RFC 9116 security.txt with the security contact of lib/config/site.ts; Expires is set from the build date. */
export function GET() {
  return new Response(securityTxt(new Date()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
