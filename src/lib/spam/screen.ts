// The spam screening of a public post (docs/spam.md), run by `checkAndStoreLead` once the fields are
// valid. Its reasons go with the stored lead (lib/leads/store.ts): a post with any reason is stored, marked
// spam and answered like any other, and nothing is sent about it until staff say "Not spam".
import { getHandle } from '@/lib/db/client';
import { queryable } from '@/lib/db/connection';
import { linkKey } from '@/lib/newsletter/links';
import type { Screening } from '@/lib/leads/store';
import type { LeadKind } from '@/lib/leads/kinds';
import { minFillSecondsFor } from './fill-time';
import { checkProof, proofKeys, proofSettings, type ProofKeys } from './proof';
import { proofField } from './proof-field';
import type { SpamReason } from './reasons';
import { contentSignals } from './signals';

/** How the post came: from the form's script (JSON endpoint, with a proof of work) or from a page without JavaScript. */
export type PostedVia = 'script' | 'page';

let cachedKeys: { linkKey: Buffer; keys: ProofKeys } | undefined;

/** The challenges' keys, from the link signing key of the database the server uses. */
export async function currentProofKeys(): Promise<ProofKeys> {
  const handle = await getHandle();
  if (!handle) throw new Error('no database');
  const key = await linkKey(queryable(handle));
  if (cachedKeys?.linkKey !== key) cachedKeys = { linkKey: key, keys: proofKeys(key) };
  return cachedKeys.keys;
}

export type ScreenInput = { kind: LeadKind; via: PostedVia; form: FormData; values: Record<string, string>; honeypot: boolean; now: number; keys: () => Promise<ProofKeys> };

export async function screenPost(input: ScreenInput): Promise<Screening> {
  const reasons: SpamReason[] = [];
  if (input.honeypot) reasons.push('honeypot');
  let proof: Screening['proof'];
  if (input.via === 'page') reasons.push('no-javascript');
  else {
    const settings = proofSettings();
    const minFillSeconds = minFillSecondsFor(input.kind, settings.minFillSeconds);
    const checked = await checkProof(input.form.get(proofField), await input.keys(), { ...settings, minFillSeconds }, input.now);
    if (checked.ok) proof = { signature: checked.signature, expiresAt: checked.expiresAt };
    else reasons.push(checked.reason);
  }
  reasons.push(...contentSignals(input.values));
  return { reasons, proof: reasons.length ? undefined : proof };
}
