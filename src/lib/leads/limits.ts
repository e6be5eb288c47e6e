/** Maximum lengths of the lead forms' texts, in characters (lib/leads/kinds.ts re-exports them). Client-safe. */
export const limits = { name: 100, email: 254, website: 2048, subject: 200, message: 5000 } as const;
