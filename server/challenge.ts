// `GET /api/challenge`: a new proof-of-work challenge for a lead form's island (lib/spam/proof.ts), as
// JSON, never cached. HEAD answers the headers only. Limited per client address (lib/spam/challenge-limit.ts):
// over the limit, 429 with Retry-After and a JSON reason; the island then posts without a proof.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { newChallenge, proofSettings } from '@/lib/spam/proof';
import { currentProofKeys } from '@/lib/spam/screen';
import { takeChallenge } from '@/lib/spam/challenge-limit';

export const challengeLimitedMessage = 'Too many challenges from your network. Please wait a moment and try again.';

export async function answerChallenge(req: IncomingMessage, res: ServerResponse, client: { ip: string; limiter: RateLimiterAbstract | null }) {
  let status = 200;
  let text: string;
  const headers: Record<string, string> = {};
  const wait = await takeChallenge(client.limiter, client.ip);
  if (wait > 0) {
    status = 429;
    headers['Retry-After'] = String(wait);
    text = JSON.stringify({ error: challengeLimitedMessage, retryAfter: wait });
  } else {
    try {
      text = JSON.stringify(await newChallenge(await currentProofKeys(), proofSettings()));
    } catch {
      // No database (the key lives there): the form posts without a proof, and its lead is held for review.
      status = 503;
      text = JSON.stringify({ error: 'No challenge is available right now.' });
    }
  }
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}
