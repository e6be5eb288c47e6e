// The worker thread that reads one email with postal-mime (parse-mail.ts starts it): the parse of a large
// or hostile message takes seconds of CPU (a 10 MB text part about 10 s, 10 MB of HTML more), which must
// not stop the server answering requests, and is cut off at a deadline or a memory limit by its starter.
// It answers with what inbound.ts keeps, attachments as their name, type and size only (their content
// never leaves this thread). Self-contained (no path aliases): production builds it to dist/app/parse-worker.mjs
// (server/build.ts); tests and development run this file as it is (Node's type stripping).
import { parentPort, workerData } from 'node:worker_threads';
import PostalMime from 'postal-mime';
import type { ParsedMail } from './parse-mail';

const { source } = workerData as { source: Uint8Array };
try {
  const email = await PostalMime.parse(source, { attachmentEncoding: 'arraybuffer', maxNestingDepth: 64 });
  const answer: ParsedMail = {
    headers: email.headers.map((h) => ({ key: h.key, value: h.value })),
    from: email.from,
    to: email.to,
    cc: email.cc,
    subject: email.subject,
    messageId: email.messageId,
    inReplyTo: email.inReplyTo,
    references: email.references,
    text: email.text,
    html: email.html,
    attachments: email.attachments.map((a) => ({
      filename: a.filename,
      mimeType: a.mimeType,
      size: typeof a.content === 'string' ? a.content.length : a.content.byteLength,
    })),
  };
  parentPort!.postMessage({ email: answer });
} catch (err) {
  parentPort!.postMessage({ error: String((err as Error)?.message ?? err) });
}
