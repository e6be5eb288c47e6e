import { randomUUID } from 'node:crypto';
import { insertLead, sql, type StaffAccount } from './staff-accounts';

/**
 * Emails of a lead's thread put straight into the e2e database (lead_messages, docs/conversations.md), as the
 * composer and the intake store them: the staff e2e specs set up a thread this way and look at the lead page.
 */
export async function staffIdOf(account: StaffAccount): Promise<string> {
  return (await sql<{ id: string }>('select id from staff_users where email = $1', [account.email]))[0].id;
}

type Lead = { type: string; id: string };

/** Our reply to the lead, written by `authorId`, and its outbox row (`delivery`: its status, and the error of a failed one). */
export async function insertReply(lead: Lead, m: { to: string; authorId: string; body: string; at: Date; delivery?: { status: 'sent' | 'failed' | 'pending'; error?: string } }): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
     values ($1, $2, 'out', $3, 'team@postcraft.example', $4, 'Your partner application', $5, $6, $7) returning id`,
    [lead.type, lead.id, `${randomUUID()}@postcraft.example`, m.to, m.body, m.authorId, m.at.toISOString()],
  );
  const d = m.delivery ?? { status: 'sent' };
  await sql(
    `insert into notification_outbox (lead_type, lead_id, channel, status, attempts, last_error, sent_at, message_id, created_at)
     values ($1, $2, 'reply', $3, $4, $5, $6, $7, $8)`,
    [lead.type, lead.id, d.status, d.status === 'pending' ? 0 : d.status === 'failed' ? 5 : 1, d.error ?? null, d.status === 'sent' ? m.at.toISOString() : null, row.id, m.at.toISOString()],
  );
  return row.id;
}

export type IncomingMail = {
  from: string;
  fromName?: string;
  body: string;
  /** What the thread shows, when quoted history was trimmed. */
  shown?: string;
  raw?: string;
  notices?: string[];
  attachments?: { filename: string | null; contentType: string; size: number }[];
  at: Date;
};

/** An email from the lead (or, with `lead` null, one that matched no lead), unread. */
export async function insertIncoming(lead: Lead | null, m: IncomingMail): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, from_name, to_address, subject, body_text, shown_text, raw, notices, attachments, channel, dedupe_key, created_at)
     values ($1, $2, 'in', $3, $4, $5, 'reply+token@postcraft.example', 'Re: Your partner application', $6, $7, $8, $9, $10::jsonb, 'imap', $3, $11) returning id`,
    [
      lead?.type ?? null,
      lead?.id ?? null,
      `${randomUUID()}@mail.example`,
      m.from.toLowerCase(),
      m.fromName ?? null,
      m.body,
      m.shown ?? null,
      m.raw ?? `From: ${m.fromName ?? ''} <${m.from}>\r\nSubject: Re: Your partner application\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${m.body}\r\n`,
      m.notices ?? [],
      JSON.stringify(m.attachments ?? []),
      m.at.toISOString(),
    ],
  );
  return row.id;
}

/** A note by `authorId` at `at`. */
export async function insertNote(lead: Lead, authorId: string, body: string, at: Date): Promise<void> {
  await sql('insert into lead_notes (lead_type, lead_id, author_id, body, created_at) values ($1, $2, $3, $4, $5)', [lead.type, lead.id, authorId, body, at.toISOString()]);
}

/** The source of an email whose only part is HTML (with a script, a handler, a remote image and styles), as a mail client sends it. */
export const htmlOnlySource = (from: string) =>
  [
    `From: Ann Lee <${from}>`,
    'To: reply+token@postcraft.example',
    'Subject: Re: Your partner application',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<html><head><style>body{display:none}</style></head><body onload="alert(1)"><p>Our plan, <b>in bold</b>.</p><img src="https://tracker.example/pixel.gif"><script>alert(2)</script></body></html>',
    '',
  ].join('\r\n');

/**
 * A thread with each kind of email: our reply (sent), an answer with quoted history trimmed and an
 * attachment, and an answer that was HTML only (turned into text, with its notice). Times from `start`, an hour apart.
 */
export async function insertRichThread(lead: Lead, { email, authorId, start }: { email: string; authorId: string; start: Date }) {
  const hour = 3_600_000;
  const at = (n: number) => new Date(start.getTime() + n * hour);
  const reply = await insertReply(lead, { to: email, authorId, body: 'Hello Ann,\n\nThanks for applying. Could we talk on Tuesday?\n\nAda', at: at(1) });
  const trimmed = await insertIncoming(lead, {
    from: email,
    fromName: 'Ann Lee',
    body: 'Tuesday works for us.\n\nAnn\n\nOn Monday, Ada wrote:\n> Hello Ann,\n> Thanks for applying. Could we talk on Tuesday?',
    shown: 'Tuesday works for us.\n\nAnn',
    attachments: [{ filename: 'partner-deck.pdf', contentType: 'application/pdf', size: 245_760 }],
    at: at(2),
  });
  const html = await insertIncoming(lead, {
    from: email,
    fromName: 'Ann Lee',
    body: 'Our plan, in bold.',
    raw: htmlOnlySource(email),
    notices: ['The message had only an HTML part: it is shown as text, without its images and styles.'],
    at: at(3),
  });
  return { reply, trimmed, html };
}

/**
 * A partner lead with every kind of event for the axe and HTML checks: held for review and released, a
 * notification sent and an acknowledgement failed, the rich thread, a reply that failed, a note, and a
 * newsletter sign-up of the same address. Owned by `ownerId` when given (its answers then stay unread for
 * anyone else), else unowned (the first to open it reads them: "New").
 */
export async function insertRichLead(m: string, authorId: string, ownerId?: string) {
  const email = `rich-${m}@e2e.example`;
  const start = new Date(Date.now() - 48 * 3_600_000);
  const id = await insertLead({ kind: 'partner', firstName: 'Rich', lastName: `Timeline ${m}`, email, company: 'Rich Ltd', message: 'A long message.\nWith lines.', createdAt: start.toISOString() });
  const lead = { type: 'partner', id };
  await sql(`insert into lead_screening (lead_type, lead_id, verdict, reasons, created_at, released_at, released_by) values ('partner', $1, 'held', '{no-javascript}', $2, $2::timestamptz + interval '10 minutes', $3)`, [
    id,
    start.toISOString(),
    authorId,
  ]);
  await sql(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, sent_at, created_at) values ('partner', $1, 'email', 'sent', 1, $2::timestamptz + interval '11 minutes', $2::timestamptz + interval '10 minutes')`, [id, start.toISOString()]);
  await sql(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, last_error, created_at) values ('partner', $1, 'ack', 'failed', 5, '550 5.1.1 mailbox unavailable', $2::timestamptz + interval '10 minutes')`, [id, start.toISOString()]);
  const thread = await insertRichThread(lead, { email, authorId, start });
  await insertReply(lead, { to: email, authorId, body: 'A follow-up that could not be sent.', at: new Date(start.getTime() + 5 * 3_600_000), delivery: { status: 'failed', error: 'SMTP 554: message rejected as spam' } });
  await insertNote(lead, authorId, 'Called: wants a demo.', new Date(start.getTime() + 6 * 3_600_000));
  if (ownerId) await sql(`insert into lead_triage (lead_type, lead_id, owner_id) values ('partner', $1, $2)`, [id, ownerId]);
  const newsletter = await insertLead({ kind: 'newsletter', email, createdAt: '2026-03-03T09:00:00Z' });
  return { id, email, newsletter, thread };
}

/** `n` answers from the lead, an hour apart and an hour ago at the latest, read already ("Answer 1" the oldest). */
export async function insertLongThread(lead: Lead, email: string, n: number): Promise<void> {
  await sql(
    `insert into lead_messages (lead_type, lead_id, direction, from_address, from_name, to_address, subject, body_text, dedupe_key, read_at, created_at)
     select $1, $2, 'in', lower($3), 'Long Thread', 'reply+token@postcraft.example', 'Re: Your partner application', 'Answer ' || i, gen_random_uuid()::text, now(), now() - ($4::int + 1 - i) * interval '1 hour'
       from generate_series(1, $4::int) i`,
    [lead.type, lead.id, email, n],
  );
}
