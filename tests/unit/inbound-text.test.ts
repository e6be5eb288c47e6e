import { describe, expect, it } from 'vitest';
import { htmlToText } from '@/lib/conversations/html-text';
import { trimReply } from '@/lib/conversations/mail-text';
import { sourceWithoutAttachments } from '@/lib/conversations/scrub';
import { readImapSettings } from '@/lib/conversations/imap-settings';
import { inboundConfigProblem } from '../../server/inbound-email';

// The text staff read of an incoming email (lib/conversations/mail-text.ts), the source kept without its
// attachments (scrub.ts), and the settings of the intake.
describe('trimming a reply for display', () => {
  it.each([
    ['Gmail, attribution folded over two lines', 'Sounds good.\n\nOn Tue, Nov 3, 2026 at 10:14 AM Postcraft Partnerships <\npartners@postcraft.example> wrote:\n\n> Hello Ann,\n>\n> Would Tuesday suit you?', 'Sounds good.'],
    ['Outlook, header block after underscores', "We'd like to go ahead.\n\n________________________________\nFrom: Postcraft <team@postcraft.example>\nSent: Tuesday, November 3, 2026 10:14 AM\nTo: Bob\nSubject: RE: x\n\nHello", "We'd like to go ahead."],
    ['Outlook, header block alone', 'Yes.\n\nFrom: Postcraft <team@postcraft.example>\nSent: Tuesday, November 3, 2026 10:14 AM\nTo: Bob <bob@example.com>\nSubject: RE: Your application\n\nHello', 'Yes.'],
    ['"-----Original Message-----"', 'Agreed.\n\n-----Original Message-----\nFrom: Postcraft [mailto:team@postcraft.example]\nSent: Tuesday\n\nHello', 'Agreed.'],
    ['Apple Mail, "Sent from my iPhone" and a quoted attribution', 'Perfect.\n\nSent from my iPhone\n\n> On 3 Nov 2026, at 10:14, Postcraft <team@postcraft.example> wrote:\n> \n> Hello', 'Perfect.'],
    ['"Name wrote:" and a trailing quote', 'Yes.\n\nAnn wrote:\n> Would Tuesday suit you?', 'Yes.'],
    ['a "-- " signature', 'Thanks.\n\n-- \nCarol Jones\n+44 20 7946 0000', 'Thanks.'],
    ['French attribution', "D'accord.\n\nLe mar. 3 nov. 2026 à 10:14, Postcraft <team@postcraft.example> a écrit :\n> Bonjour", "D'accord."],
    ['German attribution', 'Gerne.\n\nAm 03.11.2026 um 10:14 schrieb Postcraft <team@postcraft.example>:\n> Hallo', 'Gerne.'],
  ])('%s', (_, text, shown) => {
    expect(trimReply(text)).toBe(shown);
  });

  it.each([
    ['a plain answer', 'Just a plain answer.'],
    ['answers between quotes (the quotes are their context)', '> Tuesday?\n\nYes.\n\n> Agency plan?\n\nNot yet.'],
    ['a sentence that only looks like an attribution', 'On the other hand, here is what I wrote:\nthe plan stays.'],
    ['a "From:" line without the rest of a header block', 'From: our side, all good.\nTo be continued.'],
    ['a wholly quoted message', '> only quoted\n> text'],
  ])('leaves %s whole (null)', (_, text) => {
    expect(trimReply(text)).toBeNull();
  });

  it('reads a hostile text in bounded time', () => {
    const texts = [
      Array.from({ length: 70_000 }, () => 'abc. x y skrev').join('\n'),
      Array.from({ length: 2000 }, () => `On 1 ${'x '.repeat(2500)}`).join('\n'),
      Array.from({ length: 100_000 }, () => 'From: x').join('\n'),
      'On 1 x wrote: '.repeat(300_000),
    ];
    for (const text of texts) {
      const started = performance.now();
      trimReply(text);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

describe('HTML-only mail as text', () => {
  it('keeps the words and links, never scripts, styles, handlers or images', () => {
    const { text, notices } = htmlToText(
      `<html><head><title>T</title><style>p{color:red}</style></head><body onload="x()"><p>Hello <b>Sam</b></p><img src="https://t.example/p.gif" alt="pixel"><script>alert(1)</script><p onclick="x()">See <a href="https://lee.example/">the plan</a> &amp; more</p><!-- hidden --></body></html>`,
    );
    expect(text).toBe('Hello Sam\n\nSee the plan [https://lee.example/] & more');
    expect(notices).toEqual([]);
  });

  it('lays out no page nested too deeply or too long, in bounded time, and says so', () => {
    const pages = ['<div>'.repeat(100_000) + 'deep' + '</div>'.repeat(100_000), '<p>a</p>'.repeat(120_000), '<a'.repeat(500_000), '<script>'.repeat(100_000)];
    for (const html of pages) {
      const started = performance.now();
      htmlToText(html);
      expect(performance.now() - started).toBeLessThan(3000);
    }
    expect(htmlToText('<div>'.repeat(1000) + 'deep').notices).toEqual(['Its HTML was nested more than 400 levels deep: its tags were removed rather than laid out.']);
    expect(htmlToText('<div>'.repeat(1000) + 'deep').text).toBe('deep');
    expect(htmlToText(`<p>${'word '.repeat(60_000)}</p>`).notices).toEqual(['Its HTML was over 256 kB (without styles and scripts): only the first 256 kB was turned into text.']);
  });
});

describe('the source kept without attachments', () => {
  it('replaces each attachment by a line, nested parts too, and keeps headers and text parts byte for byte', () => {
    const source = [
      'From: a@example.com',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset=iso-8859-1',
      '',
      'Caf\xe9',
      '--inner',
      'Content-Type: text/html',
      '',
      '<p>Caf&eacute;</p>',
      '--inner--',
      '--outer',
      'Content-Type: image/png; name="logo.png"',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgoAAAANSUhEUgAA',
      '--outer',
      'Content-Type: message/rfc822',
      '',
      'Subject: forwarded',
      'Content-Type: multipart/mixed; boundary="fw"',
      '',
      '--fw',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="brief.pdf"',
      '',
      'JVBERi0xLjQK',
      '--fw--',
      '--outer--',
      '',
    ].join('\r\n');
    const kept = sourceWithoutAttachments(Buffer.from(source, 'latin1')).toString('latin1');
    expect(kept).toContain('Caf\xe9\r\n--inner');
    expect(kept).toContain('<p>Caf&eacute;</p>');
    expect(kept).toContain('[Attachment "logo.png", image/png: not kept (attachments are listed, never kept).]');
    expect(kept).toContain('[Attachment "brief.pdf", application/pdf: not kept (attachments are listed, never kept).]');
    expect(kept).not.toContain('iVBORw0KGgo');
    expect(kept).not.toContain('JVBERi0x');
    expect(kept).toContain('Subject: forwarded');
  });

  it('keeps at most 1,000 parts and says the rest was cut', () => {
    const source = `Content-Type: multipart/mixed; boundary="b"\r\n\r\n${'--b\r\nContent-Type: text/plain\r\n\r\nx\r\n'.repeat(1500)}--b--\r\n`;
    const kept = sourceWithoutAttachments(Buffer.from(source)).toString();
    expect(kept).toContain('[The rest of this message (over 1000 parts) is not kept.]');
    expect(kept.split('Content-Type: text/plain').length - 1).toBe(1000);
  });
});

describe('the intake settings', () => {
  it('reads IMAP_URL: TLS for imaps, STARTTLS required with imap:// except to this machine', () => {
    expect(readImapSettings({})).toBeUndefined();
    expect(readImapSettings({ IMAP_URL: 'imaps://team%40example.com:app%20pw@imap.example.com/INBOX' })).toMatchObject({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      requireStartTls: false,
      user: 'team@example.com',
      password: 'app pw',
      mailbox: 'INBOX',
      key: 'team@example.com@imap.example.com:993/INBOX',
    });
    expect(readImapSettings({ IMAP_URL: 'imap://u:p@imap.example.com' })).toMatchObject({ port: 143, secure: false, requireStartTls: true, mailbox: 'INBOX' });
    expect(readImapSettings({ IMAP_URL: 'imap://u:p@127.0.0.1:3143/Replies' })).toMatchObject({ requireStartTls: false, mailbox: 'Replies' });
  });

  it.each([
    [{ IMAP_URL: 'not a url' }, /^IMAP_URL is not a valid URL/],
    [{ IMAP_URL: 'https://u:p@imap.example.com' }, /^IMAP_URL must start with imaps:\/\//],
    [{ IMAP_URL: 'imaps://imap.example.com/INBOX' }, /^IMAP_URL must hold the user name and the \(app\) password/],
    [{ IMAP_URL: 'imaps://u:p@imap.example.com/INBOX', IMAP_PROCESSED_MAILBOX: 'inbox' }, /^IMAP_PROCESSED_MAILBOX must name another mailbox/],
  ])('refuses %o in one line', (env, problem) => {
    const s = readImapSettings(env);
    expect(s && 'problem' in s ? s.problem : '').toMatch(problem);
  });

  it('refuses an INBOUND_WEBHOOK_SECRET too short to sign with', () => {
    expect(inboundConfigProblem({})).toBeUndefined();
    expect(inboundConfigProblem({ INBOUND_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32).toString('base64')}` })).toBeUndefined();
    expect(inboundConfigProblem({ INBOUND_WEBHOOK_SECRET: 'short' })).toMatch(/^INBOUND_WEBHOOK_SECRET must be whsec_/);
  });
});
