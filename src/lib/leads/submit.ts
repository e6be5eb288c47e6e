import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { honeypotField, invalidSummary, rateLimitedMessage, tokenField, tokenPattern, type FormState } from './form-state';
import { errorSummary, log } from './leads-log';
import { consumeSubmission, type Limiters } from './rate-limit';
import { readFields, validateLead, type LeadKind } from './schemas';
import { consentsGiven } from './consent';
import { storeLead } from './store';
import { metrics } from '@/lib/metrics/events';
import { networkOf } from '@/lib/limiter';
import { leadEndpointName, leadEndpoints } from './endpoints';
import { leadKinds, type LeadData } from './kinds';
import { currentProofKeys, screenPost, type PostedVia } from '@/lib/spam/screen';
import type { ProofKeys } from '@/lib/spam/proof';
import type { Attribution } from './attribution';

export type SubmitContext = {
  db: () => Promise<Db>;
  limiters: Limiters;
  ip: string;
  requestId: string;
  /** The name of the posting form (`forms` in lib/leads/kinds.ts); else the form of `fixed`. Says which consent words it showed. */
  form?: string;
  /** The values the posting form sets itself (its `forms` entry in lib/leads/kinds.ts); the kind's first form's when absent. */
  fixed?: Record<string, string>;
  /** The path of the page the form was on, when known (recorded with a consent). */
  page?: string | null;
  now?: Date;
  /** How the post came (the spam screening, lib/spam): without it, nothing is screened (the store's own callers). */
  via?: PostedVia;
  /** Where the lead came from (lib/leads/attribution.ts). */
  attribution?: Attribution;
  /** The challenges' keys (default: from the server's database). */
  proofKeys?: () => Promise<ProofKeys>;
};

/** The form of `kind` that sets these fixed values (the kind's first form when none does: a caller's own values). */
function formOf(kind: LeadKind, fixed: Record<string, string>): string {
  const forms = Object.entries(leadEndpoints).filter(([, e]) => e.kind === kind);
  return (forms.find(([, e]) => Object.entries(fixed).every(([k, v]) => e.fixed[k] === v)) ?? forms[0])[0];
}

/**
 * The token that makes a submission exactly-once. Forms carry a random one per render (set by the
 * browser, or by the server in every answer). The prerendered page cannot carry one per visitor, so a
 * first no-JavaScript post without a token is keyed by its content, sender and day instead: a double
 * click, a reload or a replay of it still stores one row.
 */
export function submissionKey(kind: LeadKind, raw: FormDataEntryValue | null, ip: string, values: Record<string, string>, now: Date) {
  if (typeof raw === 'string' && tokenPattern.test(raw)) return raw;
  const day = now.toISOString().slice(0, 10);
  const hash = createHash('sha256').update(JSON.stringify([kind, ip, day, values])).digest('base64url');
  return `h_${hash.slice(0, 43)}`;
}

/**
 * One submission of a lead of `kind`: the rate limits, the fields' checks, the spam screening (the proof of
 * work, the time to fill, the honeypot, content signals: lib/spam), then the row stored once per submission
 * key (lib/leads/store.ts), held as spam when the screening found a reason, and answered alike. Answers the
 * form's next state; never throws for a visitor's input.
 */
export async function checkAndStoreLead<K extends LeadKind>(kind: K, formData: FormData, ctx: SubmitContext): Promise<FormState> {
  const at = (ctx.now ?? new Date()).getTime();
  const values = readFields(kind, formData);
  const rawToken = formData.get(tokenField);
  const keepToken = typeof rawToken === 'string' && tokenPattern.test(rawToken) ? rawToken : randomUUID();
  const text = leadKinds[kind].outcome;

  let allowed: boolean;
  try {
    allowed = await consumeSubmission(ctx.limiters, kind, ctx.ip);
  } catch (err) {
    log.error({ error: errorSummary(err), requestId: ctx.requestId, form: kind }, 'rate limiter failed; letting the submission through');
    allowed = true;
  }
  if (!allowed) {
    log.warn({ requestId: ctx.requestId, form: kind }, 'submission rate-limited');
    return { status: 'limited', title: 'Too many submissions', message: rateLimitedMessage, values, token: keepToken, at };
  }

  const honeypotValue = formData.get(honeypotField);
  const honeypot = typeof honeypotValue === 'string' && honeypotValue.trim() !== '';
  const checked = validateLead(kind, values);
  if (!checked.ok) {
    if (honeypot) {
      log.info({ requestId: ctx.requestId, form: kind }, 'honeypot filled and fields invalid; answered success, stored nothing');
      return { status: 'success', ...text.success, token: randomUUID(), at };
    }
    return { status: 'invalid', fieldErrors: checked.fieldErrors, message: invalidSummary, values, token: keepToken, at };
  }

  const key = submissionKey(kind, rawToken, ctx.ip, values, ctx.now ?? new Date());
  try {
    const db = await ctx.db();
    const fixed = ctx.fixed ?? leadEndpoints[leadEndpointName(kind)].fixed;
    const consents = consentsGiven(leadKinds[kind], ctx.form ?? formOf(kind, fixed), checked.data as Record<string, unknown>);
    const screening = ctx.via
      ? await screenPost({ kind, via: ctx.via, form: formData, values, honeypot, now: at, keys: ctx.proofKeys ?? currentProofKeys })
      : honeypot
        ? { reasons: ['honeypot' as const] }
        : undefined;
    const result = await storeLead(db, kind, { ...checked.data, ...fixed } as LeadData<K>, key, {
      consents: consents.map(({ purpose, words }) => ({ purpose, words, page: ctx.page ?? null })),
      screening,
      attribution: ctx.attribution,
      network: networkOf(ctx.ip),
    });
    if (!result.inserted) log.info({ requestId: ctx.requestId, form: kind }, 'repeated submission; nothing new stored');
    else if (screening?.reasons.length) {
      log.info({ requestId: ctx.requestId, form: kind, reasons: screening.reasons }, 'held as spam; nothing sent');
      metrics().lead(kind, 'held');
    } else metrics().lead(kind, 'stored');
  } catch (err) {
    log.error({ error: errorSummary(err), requestId: ctx.requestId, form: kind }, 'storing the submission failed');
    return { status: 'failed', ...text.failure, values, token: keepToken, at };
  }
  return { status: 'success', ...text.success, token: randomUUID(), at };
}
