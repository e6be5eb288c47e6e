/** The form field that carries a solved challenge (lib/spam/proof.ts): base64 of `{ challenge, solution }` as JSON. Client-safe. */
export const proofField = 'proof';

/** Where the islands fetch a challenge (`GET`, JSON). */
export const challengePath = '/api/challenge';
