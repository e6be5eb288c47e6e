import type { APIRoute } from 'astro';
import { csvRecord } from '@/lib/staff/csv';
import { getInsights, parseRange, type Conversion, type InsightsRange } from '@/lib/staff/insights';
import { listReferralCounts, type ReferralCount } from '@/lib/staff/referrals';
import { answeredKinds, getReplyInsights, replyTableRows, replyTables, type ReplyTable } from '@/lib/staff/reply-insights';
import { assignmentRows, getAssignmentInsights } from '@/lib/staff/assignment-insights';
import { getMemberAnswers, memberAnswerRows } from '@/lib/staff/clock-insights';
import { kindByKind } from '@/lib/staff/lead-kinds';
import { leadKindNames } from '@/lib/leads/kinds';
import { downloadAccess, onlyGet } from '@/lib/staff/responses';
import { staffContext } from './_staff-page';

export const prerender = false;
export const POST: APIRoute = onlyGet;
export const PUT: APIRoute = onlyGet;
export const DELETE: APIRoute = onlyGet;
export const PATCH: APIRoute = onlyGet;

const conversionRows = (key: string, rows: Conversion[]) => [[key, 'Views', 'Leads', 'Conversion'], ...rows.map((r) => [r.key, r.views, r.leads, r.rate === null ? '' : r.rate.toFixed(4)])];

const tables = ['daily', 'pages', 'sources', 'campaigns', 'referrals', 'funnel', ...replyTables, 'on-time-members', 'assignment'];
const isReplyTable = (t: string): t is ReplyTable => (replyTables as readonly string[]).includes(t);

/** One table of /staff/insights as CSV (`?table=` one of `tables`, and the page's range). */
export const GET: APIRoute = async ({ url, locals }) => {
  const { db, user } = staffContext(locals);
  const range = parseRange(url.searchParams);
  const access = downloadAccess(user, 'member', `/staff/insights${url.search}`);
  if (access.refused) return access.refused;
  const table = url.searchParams.get('table') ?? '';
  if (!tables.includes(table)) {
    return new Response(`Unknown table: choose ${tables.slice(0, -1).join(', ')} or ${tables.at(-1)}.`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  if (table === 'on-time-members') return csvFile(table, range, memberAnswerRows(await getMemberAnswers(db, range, answeredKinds)));
  if (table === 'assignment') return csvFile(table, range, assignmentRows(await getAssignmentInsights(db, range)));
  if (table === 'referrals') return csvFile(table, range, referralRows((await listReferralCounts(db, range)).top));
  if (isReplyTable(table))
    return csvFile(
      table,
      range,
      replyTableRows(table, await getReplyInsights(db, range), (k) => kindByKind[k].shortLabel),
    );
  const insights = await getInsights(db, range);
  const rows: unknown[][] =
    table === 'daily'
      ? [['Day', ...leadKindNames.map((k) => kindByKind[k].shortLabel), 'All'], ...insights.daily.map((d) => [d.day, ...leadKindNames.map((k) => d.counts[k]), d.total])]
      : table === 'pages'
        ? conversionRows('Page', insights.pages)
        : table === 'sources'
          ? conversionRows('Source', insights.sources)
          : table === 'campaigns'
            ? conversionRows('Campaign', insights.campaigns)
            : [['Stage', 'Leads', 'Share'], ...insights.funnel.map((s) => [s.stage, s.leads, s.share === null ? '' : s.share.toFixed(4)]), ['Lost', insights.lost, '']];
  return csvFile(table, range, rows);
};

const referralRows = (rows: ReferralCount[]) => [['Affiliate code', 'Leads', 'Trials'], ...rows.map((r) => [r.code, r.leads, r.trials])];

function csvFile(table: string, range: InsightsRange, rows: unknown[][]) {
  return new Response(`\uFEFF${rows.map((r) => csvRecord(r)).join('')}`, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="insights-${table}-${range.from}-${range.to}.csv"`, 'Cache-Control': 'no-store' },
  });
}
