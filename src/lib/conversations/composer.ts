// What the lead page's reply composer is given (read by the page's route, src/pages/staff/leads/[type]/[id].astro).
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { emailsOn, type Env } from '@/lib/notify/config';
import type { StaffUser } from '@/lib/staff/sessions';
import { firstNameOf, kindsWithoutReplies, replyRefusalFor, smtpOffMessage, startingSubject } from './compose';
import { conversationSettings } from './config';
import { listSnippets } from './snippets';
import { sql } from 'drizzle-orm';

export type ComposerData = {
  /** Why this writer cannot reply here now (the composer says it instead of showing its form). */
  refusal?: string;
  /** The sender (REPLY_FROM, lib/conversations/config.ts) and the lead's address. */
  from: string;
  to: string;
  /** The subject the form starts with. */
  subject: string;
  /** What the placeholders of a saved reply become. */
  firstName: string;
  myName: string;
  snippets: { id: string; title: string; body: string }[];
  /** A fresh one-time token for this render of the form. */
  token: string;
};

/**
 * The subject of the thread's latest message, in or out (null: none yet): one row, read backwards along
 * lead_messages_lead_idx. (The page's timeline shows the thread and each reply's delivery, with Send again.)
 */
async function latestSubject(db: Db, kind: LeadKind, id: string): Promise<string | null> {
  const result = await db.execute(
    sql`select subject from lead_messages where lead_type = ${kind} and lead_id = ${id}::uuid order by created_at desc, id desc limit 1`,
  );
  const [row] = (result as unknown as { rows: { subject: string }[] }).rows;
  return row ? String(row.subject) : null;
}

/** The composer of a lead's page, or null when its kind takes no replies (a newsletter subscription). */
export async function replyComposerData(
  db: Db,
  lead: { kind: LeadKind; id: string; fields: Record<string, unknown>; status: string },
  user: StaffUser,
  env: Env = process.env,
): Promise<ComposerData | null> {
  if (kindsWithoutReplies.includes(lead.kind)) return null;
  const refusal = replyRefusalFor(user.role, lead.kind, lead.status) ?? (emailsOn(env) ? undefined : smtpOffMessage);
  const [latest, snippets] = await Promise.all([latestSubject(db, lead.kind, lead.id), refusal ? [] : listSnippets(db)]);
  return {
    refusal,
    from: conversationSettings(env).from,
    to: String(lead.fields.email ?? ''),
    subject: startingSubject(leadKinds[lead.kind].label, lead.fields, latest),
    firstName: firstNameOf(lead.fields),
    myName: user.name,
    snippets: snippets.map(({ id, title, body }) => ({ id, title, body })),
    token: randomUUID(),
  };
}
