// `GET /api/challenge`: a new proof-of-work challenge for a lead form's island (lib/spam/proof.ts), as
// JSON, never cached. HEAD answers the headers only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newChallenge, proofSettings } from '@/lib/spam/proof';
import { currentProofKeys } from '@/lib/spam/screen';

export async function answerChallenge(req: IncomingMessage, res: ServerResponse) {
  let status = 200;
  let text: string;
  try {
    text = JSON.stringify(await newChallenge(await currentProofKeys(), proofSettings()));
  } catch {
    // No database (the key lives there): the form posts without a proof, and its lead is held for review.
    status = 503;
    text = JSON.stringify({ error: 'No challenge is available right now.' });
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}
