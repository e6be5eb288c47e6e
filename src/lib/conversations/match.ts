// Which lead an incoming email joins (docs/conversations.md, "Matching rules"): the signed token of a lead's
// reply address in one of its recipient addresses, else its In-Reply-To or References naming a message we
// sent to a lead; and only when its sender is that lead's email address. Otherwise none, with a sentence for
// the admins when it came close (the right address or thread, another sender).
import type { Queryable } from '@/lib/db/connection';
import type { Env } from '@/lib/notify/config';
import { readReplyToken, replyTokenKey, tokenOfAddress } from './reply-token';

/** What matching reads of a message: its sender and recipients (lower-cased bare addresses) and the ids it answers. */
export type MatchFacts = { from: string; recipients: string[]; inReplyTo: string | null; references: string[] };

/** The ids looked up: In-Reply-To and at most 50 References, the newest first. */
const maxReferenceIds = 51;

/** The lead a message joins (and the address that matched), or what the admins should know about why not. */
export async function matchLead(client: Queryable, m: MatchFacts, env: Env): Promise<{ lead?: { type: string; id: string }; address?: string; notice?: string }> {
  if (!m.from) return {};
  const key = await replyTokenKey(client, env);
  const named: { type: string; id: string; address: string }[] = [];
  for (const address of m.recipients) {
    const token = tokenOfAddress(address);
    const lead = token ? readReplyToken(key, token) : null;
    if (lead && !named.some((n) => n.type === lead.kind && n.id === lead.id)) named.push({ type: lead.kind, id: lead.id, address });
  }
  if (named.length) {
    const { rows } = await client.query(
      `select i.lead_type, i.lead_id::text as lead_id from lead_index i
        join unnest($1::text[], $2::uuid[]) as n(t, i) on i.lead_type = n.t and i.lead_id = n.i
       where lower(i.email) = $3`,
      [named.map((n) => n.type), named.map((n) => n.id), m.from],
    );
    const hit = named.find((n) => rows.some((r: { lead_type: string; lead_id: string }) => r.lead_type === n.type && r.lead_id === n.id));
    if (hit) return { lead: { type: hit.type, id: hit.id }, address: hit.address };
  }
  const ids = [...new Set([m.inReplyTo, ...[...m.references].reverse()].filter((x): x is string => Boolean(x)))].slice(0, maxReferenceIds);
  if (ids.length) {
    const { rows } = await client.query(
      `select m.message_id, m.lead_type, m.lead_id::text as lead_id, lower(i.email) = $2 as sender_matches from lead_messages m
        join lead_index i on i.lead_type = m.lead_type and i.lead_id = m.lead_id
       where m.direction = 'out' and m.message_id = any($1::text[])`,
      [ids, m.from],
    );
    type Row = { message_id: string; lead_type: string; lead_id: string; sender_matches: boolean };
    const hit = ids.map((id) => (rows as Row[]).find((r) => r.message_id === id && r.sender_matches)).find(Boolean);
    if (hit) return { lead: { type: hit.lead_type, id: hit.lead_id } };
    if (rows.length && !named.length) return { notice: 'It answers a message we sent to a lead, but its sender is not that lead’s email address.' };
  }
  if (named.length) return { notice: 'It was sent to a lead’s reply address, but its sender is not that lead’s email address.' };
  return {};
}
