import 'server-only';
import { headers } from 'next/headers';
import { originAllowed } from './origin-check';

export async function sameOriginRequest() {
  const h = await headers();
  return originAllowed(h.get('origin'), h.get('host'));
}
