// What the lead page's reply composer is given (read by the page's route, src/pages/staff/leads/[type]/[id].astro).
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { emailsOn, type Env } from '@/lib/notify/config';
import type { StaffUser } from '@/lib/staff/sessions';
import { firstNameOf, kindsWithoutReplies, replyRefusalFor, smtpOffMessage, startingSubject } from './compose';
import { conversationSettings } from './config';
import { listSnippets } from './snippets';
import { getThread, type ThreadMessage } from './thread';

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
  /** The replies sent so far, oldest first, with their delivery. */
  replies: ThreadMessage[];
};

/** The composer of a lead's page, or null when its kind takes no replies (a newsletter subscription). */
export async function replyComposerData(
  db: Db,
  lead: { kind: LeadKind; id: string; fields: Record<string, unknown>; status: string },
  user: StaffUser,
  env: Env = process.env,
): Promise<ComposerData | null> {
  if (kindsWithoutReplies.includes(lead.kind)) return null;
  const refusal = replyRefusalFor(user.role, lead.kind, lead.status) ?? (emailsOn(env) ? undefined : smtpOffMessage);
  const [thread, snippets] = await Promise.all([getThread(db, lead.kind, lead.id), refusal ? [] : listSnippets(db)]);
  return {
    refusal,
    from: conversationSettings(env).from,
    to: String(lead.fields.email ?? ''),
    subject: startingSubject(leadKinds[lead.kind].label, lead.fields, thread.at(-1)?.subject ?? null),
    firstName: firstNameOf(lead.fields),
    myName: user.name,
    snippets: snippets.map(({ id, title, body }) => ({ id, title, body })),
    token: randomUUID(),
    replies: thread.filter((m) => m.direction === 'out'),
  };
}
