import { NextResponse, type NextRequest } from 'next/server';
import { originAllowed } from '@/lib/staff/origin-check';

/**
 * Staff area only: a POST from another origin (a server action or the sign-out form posted by another
 * site, or with `Origin: null`) is answered 403 with a short message here, instead of reaching Next's
 * own server-action origin check, which aborts with a 500. Not the auth boundary: every staff page,
 * action and route handler checks the session and role itself.
 */
export function proxy(request: NextRequest) {
  if (request.method === 'GET' || request.method === 'HEAD') return NextResponse.next();
  if (originAllowed(request.headers.get('origin'), request.headers.get('host'))) return NextResponse.next();
  return new NextResponse(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head><body><main><h1>Request refused</h1><p>This request came from another site, so it was not carried out. Go to the staff area and try again from there.</p></main></body></html>\n',
    { status: 403, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

export const config = { matcher: ['/staff', '/staff/:path*'] };
