// The token in a reply's `Reply-To` (`replies+<token>@inbound.example.com`): it names the lead the answer
// belongs to, signed so that nobody can make one for another lead. Lower case letters and digits only (some
// mail systems lower-case the local part), 51 characters at most: `<kind>-<lead id in base32>-<signature>`.
// The key is REPLY_TOKEN_SECRET (32 characters or more), or one the application makes once and keeps in
// the database (`app_secrets`), so every instance on one database signs alike.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@/lib/db/connection';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
const cache = new WeakMap<object, Buffer>();

/** The signing key: REPLY_TOKEN_SECRET when set (at least 32 characters), else the database's own. */
export async function replyTokenKey(client: Queryable, env: Record<string, string | undefined> = process.env): Promise<Buffer> {
  const fromEnv = env.REPLY_TOKEN_SECRET?.trim();
  if (fromEnv && fromEnv.length >= 32) return Buffer.from(fromEnv, 'utf8');
  const cached = cache.get(client);
  if (cached) return cached;
  await client.query(`insert into app_secrets (name, value) values ('reply-tokens', $1) on conflict (name) do nothing`, [randomBytes(32).toString('base64url')]);
  const { rows } = await client.query(`select value from app_secrets where name = 'reply-tokens'`);
  const key = Buffer.from(String((rows[0] as { value: string }).value), 'utf8');
  cache.set(client, key);
  return key;
}

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string, length: number): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text) {
    const v = alphabet.indexOf(ch);
    if (v < 0) return null;
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return out.length === length ? Buffer.from(out) : null;
}

const signature = (key: Buffer, kind: string, id: string) => base32(createHmac('sha256', key).update(`reply:${kind}:${id}`).digest()).slice(0, 12);

/** The token of a lead. */
export function replyToken(key: Buffer, kind: LeadKind, id: string): string {
  const idPart = base32(Buffer.from(id.replace(/-/g, ''), 'hex'));
  return `${kind.toLowerCase()}-${idPart}-${signature(key, kind, id)}`;
}

/** The lead a token names, or null (malformed, unknown kind, or not signed with this key). Case does not matter. */
export function readReplyToken(key: Buffer, token: string): { kind: LeadKind; id: string } | null {
  const m = /^([a-z]{1,20})-([a-z2-7]{26})-([a-z2-7]{12})$/.exec(token.trim().toLowerCase());
  if (!m) return null;
  const kind = leadKindNames.find((k) => k.toLowerCase() === m[1]);
  const bytes = fromBase32(m[2]!, 16);
  if (!kind || !bytes) return null;
  const hex = bytes.toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expected = Buffer.from(signature(key, kind, id));
  const given = Buffer.from(m[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { kind, id } : null;
}

/** The `Reply-To` of a reply to a lead: the inbound address with the lead's token as its subaddress. */
export function replyAddress(inboundAddress: string, token: string): string {
  const at = inboundAddress.lastIndexOf('@');
  const local = inboundAddress.slice(0, at).split('+')[0];
  return `${local}+${token}@${inboundAddress.slice(at + 1)}`;
}

/** The token of an address that carries one (`<local>+<token>@<domain>`), or null. */
export function tokenOfAddress(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return plus < 0 ? null : local.slice(plus + 1);
}
