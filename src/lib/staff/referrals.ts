// The insights' leads per affiliate code (issue 30, docs/leads.md#referral): the codes of the referral
// cookie that leads of a range came with, most leads first. One aggregate over lead_index's partial index
// of referred leads (migration 0019: created_at INCLUDE lead_type, status, referral_code), so a range is an
// index-only scan of the referred leads alone, whatever the number of leads without a code.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from './inbox';
import { inRange, type InsightsRange } from './insights';

/** How many codes the insights list. */
export const topReferralCodes = 10;

export type ReferralCount = { code: string; leads: number; trials: number };
export type ReferralCounts = {
  /** The codes with the most leads (then trials, then by code), at most `limit`. */
  top: ReferralCount[];
  /** Every code of the range and all its referred leads (not only the top ones). */
  codes: number;
  leads: number;
};

/** Leads (spam left out) and trial requests of the range per affiliate code. */
export async function listReferralCounts(db: Db, range: InsightsRange, limit = topReferralCodes): Promise<ReferralCounts> {
  // The window sums run over every group before the limit: the number of codes and their leads in all.
  const rows = await rowsOf(
    db,
    sql`select i.referral_code as code, count(*)::int as leads, (count(*) filter (where i.lead_type = 'trial'))::int as trials,
        (count(*) over ())::int as codes, (sum(count(*)) over ())::int as referred
      from lead_index i where i.referral_code is not null and ${inRange(range)}
      group by 1 order by 2 desc, 3 desc, 1 limit ${limit}`,
  );
  return {
    top: rows.map((r) => ({ code: String(r.code), leads: Number(r.leads), trials: Number(r.trials) })),
    codes: Number(rows[0]?.codes ?? 0),
    leads: Number(rows[0]?.referred ?? 0),
  };
}
