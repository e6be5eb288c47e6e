// The notification receivers of `npm run test:cluster`, on fixed ports of the test's range: a real SMTP
// server (smtp-server) that keeps each message's envelope and headers, and a webhook receiver that keeps
// each call's webhook-id and body. Both answer at once with success.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { onCleanup } from '../support/cleanup';
import { parseMessage } from '../support/notify-receivers';

/** deliveryId: the X-Postcraft-Delivery-Id header (the outbox row's id) that every email carries. */
export type Mail = { rcptTo: string[]; deliveryId: string };
export type Hook = { webhookId: string; leadId: string; type: string };

export async function startSmtpReceiver(port: number) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { headers } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const header = (name: string) => headers.find(([n]) => n === name)?.[1] ?? '';
        mails.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), deliveryId: header('x-postcraft-delivery-id') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  onCleanup('SMTP receiver', () => new Promise<void>((r) => server.close(() => r())));
  return { url: `smtp://127.0.0.1:${port}`, mails };
}

export async function startWebhookReceiver(port: number) {
  const hooks: Hook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { id?: string; type?: string } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        /* kept as an empty body: no lead */
      }
      hooks.push({ webhookId: String(req.headers['webhook-id'] ?? ''), leadId: String(body.id ?? ''), type: String(body.type ?? '') });
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  onCleanup('webhook receiver', () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return { url: `http://127.0.0.1:${port}/hooks/leads`, hooks };
}
