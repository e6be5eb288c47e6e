// What the newsletter's emailed links do to a subscription (docs/leads.md): confirm a pending one,
// unsubscribe any. Each is one statement; the answer says what the visitor should read.
import type { Queryable } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';
import { checkLink, linkKey, type LinkPurpose } from './links';

const log = areaLog('newsletter');

export type LinkOutcome =
  | 'confirmed'
  | 'already-confirmed'
  | 'was-unsubscribed'
  | 'unsubscribed'
  | 'already-unsubscribed'
  | 'gone'
  | 'invalid'
  | 'expired';

/** Reads and checks a link's token; the subscription id when it holds. */
export async function readLink(client: Queryable, purpose: LinkPurpose, token: unknown) {
  return checkLink(await linkKey(client), purpose, token);
}

/**
 * What opening a confirmation link (GET) shows, changing nothing: 'pending' (the page asks to confirm with
 * its button), or the outcome a confirmation would have now (already confirmed, unsubscribed, gone).
 */
export async function subscriptionState(client: Queryable, id: string): Promise<LinkOutcome | 'pending'> {
  const { rows } = await client.query(`select status from newsletter_subscriptions where id = $1`, [id]);
  const status = (rows[0] as { status: string } | undefined)?.status;
  return status === 'pending' ? 'pending' : status === 'confirmed' ? 'already-confirmed' : status === 'unsubscribed' ? 'was-unsubscribed' : 'gone';
}

/** Confirms a pending subscription. A confirmed one stays so; an unsubscribed one is not re-subscribed. */
export async function confirmSubscription(client: Queryable, id: string): Promise<LinkOutcome> {
  const { rows } = await client.query(
    `with changed as (
       update newsletter_subscriptions set status = 'confirmed', confirmed_at = now() where id = $1 and status = 'pending' returning id
     )
     select coalesce((select 'now-confirmed' from changed), (select status from newsletter_subscriptions where id = $1)) as outcome`,
    [id],
  );
  const outcome = (rows[0] as { outcome: string | null } | undefined)?.outcome;
  if (outcome === 'now-confirmed') log.info({ subscription: id }, 'newsletter subscription confirmed');
  return outcome === 'now-confirmed' ? 'confirmed' : outcome === 'confirmed' ? 'already-confirmed' : outcome === 'unsubscribed' ? 'was-unsubscribed' : 'gone';
}

/**
 * Unsubscribes (recorded with when and how: the link's page, or the one-click POST of RFC 8058) and
 * cancels a confirmation email not sent yet.
 */
export async function unsubscribe(client: Queryable, id: string, via: 'link' | 'one-click'): Promise<LinkOutcome> {
  const { rows } = await client.query(
    `with changed as (
       update newsletter_subscriptions set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = $2
        where id = $1 and status <> 'unsubscribed' returning id
     ), cancelled as (
       update notification_outbox set status = 'cancelled', locked_until = null, last_error = 'Unsubscribed'
        where lead_type = 'newsletter' and lead_id = $1 and channel = 'confirm' and status = 'pending' and exists (select 1 from changed)
     )
     select (select count(*) from changed)::int as changed, (select count(*) from newsletter_subscriptions where id = $1)::int as found`,
    [id, via],
  );
  const { changed, found } = rows[0] as { changed: number; found: number };
  if (changed) log.info({ subscription: id, via }, 'newsletter subscription ended');
  return changed ? 'unsubscribed' : found ? 'already-unsubscribed' : 'gone';
}
