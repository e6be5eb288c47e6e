// The emailed links: the newsletter's confirm (expires after confirmLinkDays) and unsubscribe (does not
// expire: an old email must still let its reader leave), and a data request's verify (expires like
// confirm). A link carries the id of the subscription or request, its purpose and expiry, signed with
// HMAC-SHA256; nothing in it can be changed without the key (docs/leads.md). The key is LINK_SECRET, or one the application makes once and keeps in the
// database (`app_secrets`), so every instance on one database signs alike.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@/lib/db/connection';
import { confirmLinkDays } from '@/lib/leads/kinds';

/** The newsletter's two links, and `verify`: a data request's, which its requester opens to confirm it is theirs. */
export type LinkPurpose = 'confirm' | 'unsubscribe' | 'verify';

/** Where each link leads. */
const linkPaths: Record<LinkPurpose, string> = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe', verify: '/data-request/verify' };
export type LinkCheck = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let cached: { client: Queryable; key: Buffer } | undefined;

/** The signing key: LINK_SECRET when set (at least 32 characters), else the database's own. */
export async function linkKey(client: Queryable, env: Record<string, string | undefined> = process.env): Promise<Buffer> {
  const fromEnv = env.LINK_SECRET?.trim();
  if (fromEnv && fromEnv.length >= 32) return Buffer.from(fromEnv, 'utf8');
  if (cached?.client === client) return cached.key;
  await client.query(`insert into app_secrets (name, value) values ('links', $1) on conflict (name) do nothing`, [randomBytes(32).toString('base64url')]);
  const { rows } = await client.query(`select value from app_secrets where name = 'links'`);
  const key = Buffer.from(String((rows[0] as { value: string }).value), 'utf8');
  cached = { client, key };
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<payload>.<signature>`, URL-safe. */
export function signLink(key: Buffer, purpose: LinkPurpose, id: string, now = Date.now()): string {
  const expires = purpose === 'unsubscribe' ? 0 : Math.floor(now / 1000) + confirmLinkDays * 86_400;
  const payload = Buffer.from(`${purpose}:${id}:${expires}`, 'utf8').toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** Checks a link's token for one purpose: signed by this key, well formed, not expired. */
export function checkLink(key: Buffer, purpose: LinkPurpose, token: unknown, now = Date.now()): LinkCheck {
  if (typeof token !== 'string' || token.length > 300) return { ok: false, reason: 'invalid' };
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const [p, id, expires, more] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (p !== purpose || !uuid.test(id ?? '') || !/^\d+$/.test(expires ?? '') || more !== undefined) return { ok: false, reason: 'invalid' };
  if (Number(expires) !== 0 && Number(expires) * 1000 < now) return { ok: false, reason: 'expired' };
  return { ok: true, id };
}

/** The absolute address of a link on the site. */
export function linkUrl(siteUrl: string, purpose: LinkPurpose, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${linkPaths[purpose]}?token=${encodeURIComponent(token)}`;
}
