// Emails that come back to the team, as real mail clients write them (the structure, headers and quoting of
// Gmail, Outlook and Apple Mail replies), for the intake's tests; and the inbound webhook's signature.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export type ReplyParts = {
  from: string;
  to: string;
  subject?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string[];
  /** Extra header lines (`Cc: ...`, `Delivered-To: ...`). */
  headers?: string[];
};

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
const ids = (list: string[]) => list.map((id) => `<${id}>`).join(' ');
const date = 'Tue, 3 Nov 2026 10:20:31 +0000';

function head(p: ReplyParts, contentType: string) {
  return [
    `From: ${p.from}`,
    `To: ${p.to}`,
    ...(p.headers ?? []),
    `Subject: ${p.subject ?? 'Re: Your partner application'}`,
    `Date: ${date}`,
    ...(p.messageId === null ? [] : [`Message-ID: <${p.messageId ?? `${randomUUID()}@mail.example.com`}>`]),
    ...(p.inReplyTo ? [`In-Reply-To: <${p.inReplyTo}>`] : []),
    ...(p.references?.length ? [`References: ${ids(p.references)}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ].join('\r\n');
}

/** A plain text message (one part). */
export function plainMail(p: ReplyParts, text: string): string {
  return crlf(`${head(p, 'text/plain; charset="UTF-8"')}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}\r\n`);
}

/** Gmail's reply: multipart/alternative, the text quoted with "On ... wrote:" folded over two lines, and its HTML twin. */
export function gmailReply(p: ReplyParts, answer: string, quoted: string): string {
  const b = '000000000000a1b2c3d4e5f60718';
  return crlf(`${head(p, `multipart/alternative; boundary="${b}"`)}

--${b}
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

${answer}

On Tue, Nov 3, 2026 at 10:14=E2=80=AFAM Postcraft Partnerships <
partners@postcraft.example> wrote:

${quoted
  .split('\n')
  .map((l) => `> ${l}`)
  .join('\n')}

--${b}
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

<div dir=3D"ltr">${answer.replace(/\n/g, '<br>')}</div><br><div class=3D"gmail_quote"><div dir=3D"ltr" class=3D"gmail_attr">On Tue, Nov 3, 2026 at 10:14=E2=80=AFAM Postcraft Partnerships &lt;<a href=3D"mailto:partners@postcraft.example">partners@postcraft.example</a>&gt; wrote:<br></div><blockquote class=3D"gmail_quote">${quoted.replace(/\n/g, '<br>')}</blockquote></div>

--${b}--
`);
}

/**
 * Outlook's reply: its own Thread-Index, the text part with the "From: / Sent: / To: / Subject:" block
 * after a line of underscores, in windows-1252 quoted-printable.
 */
export function outlookReply(p: ReplyParts, answer: string, quoted: string): string {
  const b = '_000_DB9PR07MB1234ABCDEFprod_';
  return crlf(`${head({ ...p, headers: [...(p.headers ?? []), 'Thread-Topic: Your partner application', 'Thread-Index: AQHZ0a1b2c3d4e5f6g7h8i9j0k==', 'X-MS-Has-Attach:', 'Content-Language: en-GB'] }, `multipart/alternative; boundary="${b}"`)}

--${b}
Content-Type: text/plain; charset="Windows-1252"
Content-Transfer-Encoding: quoted-printable

${answer.replace(/’/g, '=92')}

________________________________
From: Postcraft Partnerships <partners@postcraft.example>
Sent: Tuesday, November 3, 2026 10:14 AM
To: ${p.from}
Subject: Your partner application

${quoted}

--${b}
Content-Type: text/html; charset="Windows-1252"
Content-Transfer-Encoding: quoted-printable

<html><head><style>p.MsoNormal{margin:0}</style></head><body><div>${answer.replace(/’/g, '=92').replace(/\n/g, '<br>')}</div><hr><div id=3D"divRplyFwdMsg"><b>From:</b> Postcraft Partnerships<br><b>Sent:</b> Tuesday, November 3, 2026 10:14 AM</div><div>${quoted}</div></body></html>

--${b}--
`);
}

/** Apple Mail on an iPhone: "Sent from my iPhone", then the quoted message with its attribution inside the quote. */
export function appleMailReply(p: ReplyParts, answer: string, quoted: string): string {
  return crlf(`${head(p, 'text/plain; charset=utf-8')}
Content-Transfer-Encoding: quoted-printable
X-Mailer: iPhone Mail (22B91)

${answer}

Sent from my iPhone

> On 3 Nov 2026, at 10:14, Postcraft Partnerships <partners@postcraft.example> wrote:
>=20
${quoted
  .split('\n')
  .map((l) => `> ${l}`)
  .join('\n')}
`);
}

/** An HTML-only message (no text part), with what must never run or load. */
export function htmlOnlyMail(p: ReplyParts, html: string): string {
  return crlf(`${head(p, 'text/html; charset=utf-8')}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}\r\n`);
}

/** A message with a text part and an attachment. */
export function mailWithAttachment(p: ReplyParts, text: string, file: { name: string; type: string; content: Buffer }): string {
  const b = 'Apple-Mail=_5A1B2C3D-0E0F';
  return crlf(`${head(p, `multipart/mixed; boundary="${b}"`)}

--${b}
Content-Type: text/plain; charset=us-ascii
Content-Transfer-Encoding: 7bit

${text}

--${b}
Content-Type: ${file.type}; name="${file.name}"
Content-Disposition: attachment; filename="${file.name}"
Content-Transfer-Encoding: base64

${file.content.toString('base64').replace(/.{76}/g, '$&\n')}
--${b}--
`);
}

/** The Standard Webhooks headers of `body` signed with `secret` (as a sender's standardwebhooks library does). */
export function signedHeaders(secret: string, body: Buffer | string, { id = `msg_${randomUUID()}`, at = new Date() } = {}): Record<string, string> {
  const signer = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(id, at, typeof body === 'string' ? body : Buffer.from(body)),
  };
}

/** Posts a raw message to the inbound webhook; resolves with the status and the JSON answer. */
export async function postInbound(baseUrl: string, body: Buffer | string, headers: Record<string, string>, contentType = 'message/rfc822') {
  const res = await fetch(new URL('/api/inbound-email', baseUrl), { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers: { 'Content-Type': contentType, ...headers } });
  const text = await res.text();
  let json: Record<string, string> = {};
  try {
    json = JSON.parse(text) as Record<string, string>;
  } catch {
    /* not JSON: the check reports it */
  }
  return { status: res.status, json, text, contentType: res.headers.get('content-type') ?? '' };
}
