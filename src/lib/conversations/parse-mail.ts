// Reads an email's source with postal-mime in a worker thread of its own (parse-worker.ts), within a
// deadline (20 s) and a memory limit (256 MB): the server goes on answering while a large message is read,
// and a message that would take longer or more is reported unreadable instead of stalling or crashing it.
import { Worker } from 'node:worker_threads';
import type { Address } from 'postal-mime';

/** What inbound.ts keeps of postal-mime's reading of a message. */
export type ParsedMail = {
  headers: { key: string; value: string }[];
  from?: Address;
  to?: Address[];
  cc?: Address[];
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  text?: string;
  html?: string;
  attachments: { filename: string | null; mimeType: string; size: number }[];
};

export const parseDeadlineMs = 20_000;

/** The worker's file: beside this module, built (dist/app/parse-worker.mjs) or as source (tests, development). */
const workerFile = new URL(import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.mjs', import.meta.url);

/** Postal-mime's reading of `source`; rejects with a sentence (unreadable, too slow, too large) when it fails. */
export function parseMail(source: Uint8Array, { deadlineMs = parseDeadlineMs } = {}): Promise<ParsedMail> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(workerFile, {
      workerData: { source },
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`reading it took over ${Math.round(deadlineMs / 1000)} s`))), deadlineMs);
    worker.once('message', (answer: { email?: ParsedMail; error?: string }) =>
      finish(() => (answer.email ? resolve(answer.email) : reject(new Error(answer.error ?? 'unknown error')))),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() => reject(new Error(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'reading it needed more than 256 MB of memory' : err.message))),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`the reader stopped (${code})`))));
  });
}
