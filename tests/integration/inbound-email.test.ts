import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEmail } from '@/lib/conversations/inbound';
import { replyAddress, replyToken, replyTokenKey } from '@/lib/conversations/reply-token';
import { queryable } from '@/lib/db/connection';
import { appleMailReply, gmailReply, htmlOnlyMail, mailWithAttachment, outlookReply, plainMail } from '../support/inbound-mail';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// ingestEmail (lib/conversations/inbound.ts): answers to a partner lead join its thread by the token of its
// reply address or by the ids of what we sent, only from the lead's own address; the rest is unmatched;
// each message is taken once; the shown text is trimmed, the whole text and the source kept.
const env = { REPLY_FROM: 'Postcraft Partnerships <partners@postcraft.example>', REPLY_INBOUND_ADDRESS: 'replies@postcraft.example' };
const quoted = 'Hello Ann,\n\nThank you for your application. Would Tuesday suit you for a call?\n\nBest,\nSam';

type Row = {
  lead_type: string | null;
  lead_id: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  body_text: string;
  shown_text: string | null;
  raw: string;
  notices: string[];
  attachments: { filename: string; contentType: string; size: number }[];
  channel: string;
  message_id: string | null;
  in_reply_to: string | null;
  references: string[];
};

for (const kind of databaseKinds) {
  describe(`incoming email on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let leadId = '';
    let tokenAddress = '';
    const outId = `${randomUUID()}@postcraft.example`;
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const ingest = (raw: string | Buffer, options: Parameters<typeof ingestEmail>[3] = {}) => ingestEmail(queryable(t!.handle), Buffer.from(raw), 'webhook', { env, ...options });
    const row = async (id: string | undefined) => (await run<Row>(`select * from lead_messages where id = $1`, [id]))[0]!;
    const unread = async () => (await run<{ unread_replies: number }>(`select unread_replies from lead_index where lead_type = 'partner' and lead_id = $1`, [leadId]))[0]!.unread_replies;
    const ann = 'Ann Lee <Ann.Lee@Example.com>';

    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      [{ id: leadId }] = await run<{ id: string }>(
        `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Ann', 'Lee', 'ann.lee@example.com', 'Lee Design', 'technology', 'We would like to partner with you.') returning id`,
      );
      const key = await replyTokenKey(queryable(t.handle), env);
      tokenAddress = replyAddress('replies@postcraft.example', replyToken(key, 'partner', leadId));
      await run(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text) values ('partner', $1, 'out', $2, 'partners@postcraft.example', 'ann.lee@example.com', 'Your partner application', $3)`,
        [leadId, outId, quoted],
      );
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const on = it.runIf(kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL));

    on('joins by the token of the reply address alone (no In-Reply-To, no References)', async () => {
      const result = await ingest(plainMail({ from: ann, to: `Postcraft <${tokenAddress}>` }, 'Yes, Tuesday works.'));
      expect(result).toMatchObject({ outcome: 'joined', lead: { type: 'partner', id: leadId } });
      const r = await row(result.id);
      expect(r).toMatchObject({ lead_type: 'partner', lead_id: leadId, from_address: 'ann.lee@example.com', to_address: tokenAddress, body_text: 'Yes, Tuesday works.', shown_text: null, channel: 'webhook' });
      expect(await unread()).toBe(1);
    });

    on('joins a message with a new subject sent in reply to an old one (In-Reply-To), to the team address', async () => {
      const result = await ingest(plainMail({ from: ann, to: 'partners@postcraft.example', subject: 'Another question about pricing', inReplyTo: outId }, 'What do the agency plans cost?'));
      expect(result).toMatchObject({ outcome: 'joined', lead: { type: 'partner', id: leadId } });
      expect(await row(result.id)).toMatchObject({ subject: 'Another question about pricing', in_reply_to: outId, to_address: 'partners@postcraft.example' });
    });

    on('joins a forwarded Outlook reply whose In-Reply-To was changed but whose References kept our message', async () => {
      const result = await ingest(
        outlookReply({ from: ann, to: 'partners@postcraft.example', subject: 'FW: Your partner application', inReplyTo: 'DB9PR07MB1234@eurprd07.prod.outlook.com', references: [outId, 'DB9PR07MB1234@eurprd07.prod.outlook.com'] }, 'Forwarding to my colleague; we’d like to go ahead.\n\nBest,\nAnn', quoted),
      );
      expect(result).toMatchObject({ outcome: 'joined', lead: { type: 'partner', id: leadId } });
      const r = await row(result.id);
      expect(r.shown_text).toBe('Forwarding to my colleague; we’d like to go ahead.\n\nBest,\nAnn');
      expect(r.body_text).toContain('Sent: Tuesday, November 3, 2026 10:14 AM');
      expect(r.references).toEqual([outId, 'DB9PR07MB1234@eurprd07.prod.outlook.com']);
    });

    on('joins by the envelope recipient, Delivered-To or X-Original-To when To holds no token', async () => {
      const viaEnvelope = await ingest(plainMail({ from: ann, to: 'undisclosed-recipients:;' }, 'By the envelope.'), { envelopeTo: [tokenAddress] });
      expect(viaEnvelope.outcome).toBe('joined');
      const delivered = await ingest(plainMail({ from: ann, to: 'team@postcraft.example', headers: [`Delivered-To: ${tokenAddress}`] }, 'Delivered.'));
      expect(delivered.outcome).toBe('joined');
      const original = await ingest(plainMail({ from: ann, to: 'team@postcraft.example', headers: [`X-Original-To: ${tokenAddress}`] }, 'Original.'));
      expect(original.outcome).toBe('joined');
    });

    on('does not join a reply from another sender, even to the token address and in reply to our message', async () => {
      const result = await ingest(plainMail({ from: 'Bob <bob@example.com>', to: tokenAddress, inReplyTo: outId, references: [outId] }, 'I am not Ann.'));
      expect(result.outcome).toBe('unmatched');
      const r = await row(result.id);
      expect(r).toMatchObject({ lead_type: null, lead_id: null, from_address: 'bob@example.com' });
      expect(r.notices.join(' ')).toMatch(/not that lead’s email address/);
      const forged = await ingest(plainMail({ from: ann, to: tokenAddress.replace(/-[a-z2-7]{12}@/, '-aaaaaaaaaaaa@') }, 'A made-up token.'));
      expect(forged.outcome).toBe('unmatched');
    });

    on('trims the quoted history and signatures of Gmail, Outlook and Apple Mail replies, keeping the whole text', async () => {
      const gmail = await row((await ingest(gmailReply({ from: ann, to: tokenAddress }, 'Yes, Tuesday works for us.\n\nThanks,\nAnn', quoted))).id);
      expect(gmail.shown_text).toBe('Yes, Tuesday works for us.\n\nThanks,\nAnn');
      expect(gmail.body_text).toContain('> Thank you for your application. Would Tuesday suit you for a call?');
      expect(gmail.body_text).toContain('wrote:');
      const apple = await row((await ingest(appleMailReply({ from: ann, to: tokenAddress }, 'Perfect, see you then.', quoted))).id);
      expect(apple.shown_text).toBe('Perfect, see you then.');
      const outlookOld = await row(
        (await ingest(plainMail({ from: ann, to: tokenAddress }, `Agreed.\n\n-----Original Message-----\nFrom: Postcraft Partnerships [mailto:partners@postcraft.example]\nSent: Tuesday, November 3, 2026 10:14 AM\nTo: Ann Lee\nSubject: Your partner application\n\n${quoted}`))).id,
      );
      expect(outlookOld.shown_text).toBe('Agreed.');
      const signed = await row((await ingest(plainMail({ from: ann, to: tokenAddress }, 'Thanks for the quick answer.\n\n-- \nAnn Lee\nHead of Design, Lee Design\n+44 20 7946 0000'))).id);
      expect(signed.shown_text).toBe('Thanks for the quick answer.');
      expect(signed.body_text).toContain('+44 20 7946 0000');
      // Answers between quoted lines keep their quotes: they are the context.
      const inline = await row((await ingest(plainMail({ from: ann, to: tokenAddress }, '> Would Tuesday suit you?\n\nYes.\n\n> And the agency plan?\n\nNot yet.'))).id);
      expect(inline.shown_text).toBeNull();
    });

    on('turns an HTML-only message into text: no script, style, event handler or remote image', async () => {
      const html = `<html><head><style>body{background:url(https://tracker.example/bg.png)} .x{position:fixed;top:0}</style><script>alert('head')</script></head>
<body onload="alert('load')"><p style="color:red">Hello <b>Sam</b>,</p><img src="https://tracker.example/open.gif?lead=1" alt="tracking pixel">
<p onclick="steal()">We would like to <a href="https://lee.example/plan">see the plan</a>.</p><script>document.write('injected')</script>
<iframe src="https://evil.example/frame"></iframe><ul><li>Tuesday</li><li>Wednesday</li></ul></body></html>`;
      const result = await ingest(htmlOnlyMail({ from: ann, to: tokenAddress }, html));
      const r = await row(result.id);
      expect(r.body_text).toBe('Hello Sam,\n\nWe would like to see the plan [https://lee.example/plan].\n\n * Tuesday\n * Wednesday');
      expect(r.body_text).not.toMatch(/alert|injected|tracker|evil|onclick|position/);
      expect(r.notices).toContain('It had no plain text part: its HTML is shown as text.');
    });

    on('lists attachments by name, type and size and keeps none of their content', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 7)]);
      const result = await ingest(mailWithAttachment({ from: ann, to: tokenAddress }, 'The brief is attached.', { name: 'brief.pdf', type: 'application/pdf', content: pdf }));
      const r = await row(result.id);
      expect(r.attachments).toEqual([{ filename: 'brief.pdf', contentType: 'application/pdf', size: pdf.length }]);
      expect(r.raw).toContain('[Attachment "brief.pdf", application/pdf: not kept (attachments are listed, never kept).]');
      expect(r.raw).not.toContain(pdf.toString('base64').slice(0, 60));
      expect(r.raw).toContain('The brief is attached.');
    });

    on('takes a message once: by its Message-ID, or by its source when it has none; a copy of our own message is not taken', async () => {
      const mail = plainMail({ from: ann, to: tokenAddress, messageId: `dup-${randomUUID()}@mail.example.com` }, 'Sent twice.');
      expect((await ingest(mail)).outcome).toBe('joined');
      expect((await ingest(mail)).outcome).toBe('duplicate');
      const noId = plainMail({ from: ann, to: tokenAddress, messageId: null }, `No id ${randomUUID()}.`);
      expect((await ingest(noId)).outcome).toBe('joined');
      expect((await ingest(noId)).outcome).toBe('duplicate');
      const ours = plainMail({ from: 'partners@postcraft.example', to: 'ann.lee@example.com', messageId: outId }, quoted);
      expect((await ingest(ours)).outcome).toBe('duplicate');
      expect((await run<{ n: number }>(`select count(*)::int as n from lead_messages where message_id = $1`, [outId]))[0]!.n).toBe(1);
    });

    on('keeps a message over the size limit as its headers, with a notice', async () => {
      const big = plainMail({ from: ann, to: tokenAddress }, 'x'.repeat(3 * 1024 * 1024));
      const result = await ingest(big, { env: { ...env, INBOUND_MAX_BYTES: String(1024 * 1024) } });
      expect(result.outcome).toBe('joined');
      const r = await row(result.id);
      expect(r.notices[0]).toMatch(/^It was 3\.0 MB, over the limit of 1\.0 MB: only its headers were kept\.$/);
      expect(r.body_text).toBe('');
      expect(r.raw.length).toBeLessThan(2000);
    });

    on('stores malformed and hostile messages with a reason, never throws', async () => {
      const noFrom = await ingest('To: replies@postcraft.example\r\nSubject: who?\r\n\r\nNo sender.\r\n');
      expect(noFrom.outcome).toBe('unmatched');
      expect((await row(noFrom.id)).notices).toContain('It has no sender (From): it cannot be matched to a lead.');
      const crowd = Array.from({ length: 10_000 }, (_, i) => `"Person ${i}" <p${i}@example.com>`).join(', ');
      const many = await ingest(plainMail({ from: ann, to: crowd, headers: [`Cc: ${crowd}`] }, 'A crowd.'));
      expect(many.outcome).toBe('unmatched');
      const b = 'part';
      const parts = `From: ${ann}\r\nTo: ${tokenAddress}\r\nSubject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${b}"\r\n\r\n${Array.from({ length: 1000 }, (_, i) => `--${b}\r\nContent-Type: ${i % 2 ? 'text/plain' : 'application/octet-stream'}\r\n\r\npart ${i}\r\n`).join('')}--${b}--\r\n`;
      const thousand = await ingest(parts);
      expect(thousand.outcome).toBe('joined');
      expect((await row(thousand.id)).notices).toContain('It had 500 attachments: the first 100 are listed.');
      const broken = await ingest(`From: ${ann}\r\nTo: ${tokenAddress}\r\nContent-Type: multipart/mixed; boundary="never"\r\nContent-Transfer-Encoding: base64\r\n\r\n--never\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n\xff\xfe broken \u0000 text`);
      expect(broken.outcome).toBe('joined');
      const latin = Buffer.concat([Buffer.from(`From: ${ann}\r\nTo: ${tokenAddress}\r\nSubject: caf\xe9\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n`, 'latin1'), Buffer.from('Caf\xe9 cr\xe8me\r\n', 'latin1')]);
      const wrong = await row((await ingest(latin)).id);
      expect(wrong.body_text).toBe('Caf\ufffd cr\ufffdme');
      expect(wrong.notices.join(' ')).toMatch(/could not be read \(a wrong or unknown character set\)/);
      const deep = `From: ${ann}\r\nTo: ${tokenAddress}\r\n${Array.from({ length: 100 }, (_, i) => `Content-Type: multipart/mixed; boundary="d${i}"\r\n\r\n--d${i}\r\n`).join('')}Content-Type: text/plain\r\n\r\ndeep\r\n`;
      // Nested past the parser's limit: its headers still say who wrote to whom, so it joins, its body unread.
      const nested = await ingest(deep);
      expect(nested.outcome).toBe('joined');
      const unreadable = await row(nested.id);
      expect(unreadable.notices.join(' ')).toMatch(/^Its body could not be read \(Maximum MIME nesting depth of 64 levels exceeded\): its headers and source are kept\.$/);
      expect(unreadable.raw).toContain('deep');
      const nulIds = await ingest(`From: ${ann}\r\nTo: ${tokenAddress}\r\nMessage-ID: <nul\u0000id@x>\r\nIn-Reply-To: <a\u0000b@x>\r\nReferences: <c\u0000d@x> <e@x>\r\nSubject: NUL\u0000s\r\n\r\nText\r\n`);
      expect(await row(nulIds.id)).toMatchObject({ message_id: 'nulid@x', in_reply_to: 'ab@x', references: ['cd@x', 'e@x'] });
      const noHeaders = await ingest(Buffer.from('\u0000'.repeat(10)));
      expect(noHeaders.outcome).toBe('unmatched');
    });
  });
}
