import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyAddress, replyToken, replyTokenKey } from '@/lib/conversations/reply-token';
import { openDatabase, queryable } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { startServer, type StartedServer } from '../support/start-server';
import { createTempPostgres, tempDir } from '../support/vitest-databases';
import { plainMail, postInbound, signedHeaders } from '../support/inbound-mail';

// `POST /api/inbound-email` on the production server: a signed raw message joins its lead or is stored
// unmatched; unsigned, forged and old calls are refused with 401, a wrong type with 415, a message over
// INBOUND_MAX_BYTES with 413 (by its Content-Length, or as its chunks pass the limit), each with one
// sentence in JSON. On PostgreSQL when DATABASE_URL is set, else on the embedded database.
const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const limit = 1024 * 1024;

describe('the inbound email webhook', () => {
  let server: StartedServer | undefined;
  let pg: Awaited<ReturnType<typeof createTempPostgres>>;
  let tokenAddress = '';
  const ann = 'Ann Lee <ann.lee@example.com>';

  beforeAll(async () => {
    pg = await createTempPostgres();
    const dataDir = tempDir('postcraft-inbound-webhook-');
    // The lead and the reply-token key are made before the server starts (the embedded database takes one process at a time).
    const handle = await openDatabase({ dataDir, databaseUrl: pg?.url ?? '' });
    try {
      await runMigrations(handle);
      const { rows } = await queryable(handle).query(
        `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Ann', 'Lee', 'ann.lee@example.com', 'Lee Design', 'technology', 'We would like to partner with you.') returning id`,
      );
      tokenAddress = replyAddress('replies@postcraft.example', replyToken(await replyTokenKey(queryable(handle)), 'partner', rows[0].id));
    } finally {
      await handle.close();
    }
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', INBOUND_WEBHOOK_SECRET: secret, INBOUND_MAX_BYTES: String(limit), NOTIFY_LOOP: '0' });
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  it('takes a signed message: joined to its lead, then a duplicate; another sender is unmatched', async () => {
    const mail = plainMail({ from: ann, to: tokenAddress }, 'Yes, Tuesday works.');
    const first = await postInbound(server!.url, mail, signedHeaders(secret, mail));
    expect(first).toMatchObject({ status: 200, json: { outcome: 'joined' } });
    expect(first.contentType).toBe('application/json; charset=utf-8');
    expect(await postInbound(server!.url, mail, signedHeaders(secret, mail))).toMatchObject({ status: 200, json: { outcome: 'duplicate' } });
    const other = plainMail({ from: 'bob@example.com', to: tokenAddress }, 'Not Ann.');
    expect(await postInbound(server!.url, other, signedHeaders(secret, other), 'application/octet-stream')).toMatchObject({ status: 200, json: { outcome: 'unmatched' } });
  });

  it('takes a message with 8-bit bytes signed over its bytes, as the Standard Webhooks specification says', async () => {
    const body = Buffer.concat([Buffer.from(`From: ${ann}\r\nTo: ${tokenAddress}\r\nSubject: Caf\xe9\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`, 'latin1'), Buffer.from('Un caf\xe9 mardi ?\r\n', 'latin1')]);
    const id = `msg_${randomUUID()}`;
    const at = Math.floor(Date.now() / 1000);
    const hmac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`${id}.${at}.`).update(body).digest('base64');
    const res = await postInbound(server!.url, body, { 'webhook-id': id, 'webhook-timestamp': String(at), 'webhook-signature': `v1,${hmac}` });
    expect(res).toMatchObject({ status: 200, json: { outcome: 'joined' } });
  });

  it('refuses unsigned, forged and old calls with 401 and one sentence', async () => {
    const mail = plainMail({ from: ann, to: tokenAddress }, `Refused ${randomUUID()}`);
    const unsigned = await postInbound(server!.url, mail, {});
    expect(unsigned).toMatchObject({ status: 401, json: { error: expect.stringMatching(/^Unsigned: the webhook-id, webhook-timestamp and webhook-signature headers are required/) } });
    const otherSecret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(await postInbound(server!.url, mail, signedHeaders(otherSecret, mail))).toMatchObject({ status: 401, json: { error: expect.stringMatching(/^Forged: the signature does not match/) } });
    const altered = mail.replace('Refused', 'Altered');
    expect(await postInbound(server!.url, altered, signedHeaders(secret, mail))).toMatchObject({ status: 401, json: { error: expect.stringMatching(/^Forged/) } });
    const old = signedHeaders(secret, mail, { at: new Date(Date.now() - 10 * 60_000) });
    expect(await postInbound(server!.url, mail, old)).toMatchObject({ status: 401, json: { error: 'Too old or replayed: webhook-timestamp must be within 5 minutes of now.' } });
    const future = signedHeaders(secret, mail, { at: new Date(Date.now() + 10 * 60_000) });
    expect((await postInbound(server!.url, mail, future)).status).toBe(401);
  });

  it('refuses a wrong content type (415), an empty body (400) and a GET (405)', async () => {
    const mail = plainMail({ from: ann, to: tokenAddress }, 'As JSON?');
    expect(await postInbound(server!.url, mail, signedHeaders(secret, mail), 'application/json')).toMatchObject({
      status: 415,
      json: { error: 'Wrong content type: post the raw message as message/rfc822 or application/octet-stream.' },
    });
    expect(await postInbound(server!.url, '', signedHeaders(secret, ''))).toMatchObject({ status: 400, json: { error: 'Empty: post the raw message as the body.' } });
    const get = await fetch(new URL('/api/inbound-email', server!.url));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a message over INBOUND_MAX_BYTES with 413, by its Content-Length or as its chunks pass the limit', async () => {
    const big = plainMail({ from: ann, to: tokenAddress }, 'x'.repeat(2 * limit));
    const declared = await postInbound(server!.url, big, signedHeaders(secret, big));
    expect(declared).toMatchObject({ status: 413, json: { error: 'The message is over the limit of 1 MB (INBOUND_MAX_BYTES).' } });
    // Chunked, without a Content-Length: refused once more than the limit has come.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(new URL('/api/inbound-email', server!.url), { method: 'POST', headers: { 'Content-Type': 'message/rfc822', ...signedHeaders(secret, big) } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'y');
      for (let i = 0; i < 40; i++) req.write(chunk);
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ error: 'The message is over the limit of 1 MB (INBOUND_MAX_BYTES).' });
    // The server still takes a message after that.
    const after = plainMail({ from: ann, to: tokenAddress }, 'After the large one.');
    expect((await postInbound(server!.url, after, signedHeaders(secret, after))).json).toEqual({ outcome: 'joined' });
  });
});
