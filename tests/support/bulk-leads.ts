// The lead forms the suites submit in bulk, read from the lead-kind registry (src/lib/leads/kinds.ts) and
// lead-form-pages.ts: where each form is and how to find it on its page, its table and columns, its
// success title; valid values for it (lead-samples.ts); and the check of the rows a run stored against
// what it sent. Every kind whose forms store a row per post is here, a new one included.
import { leadKindNames, leadKinds, type FieldDef, type LeadKind } from '../../src/lib/leads/kinds';
import type { LeadEndpointName } from '../../src/lib/leads/endpoints';
import type { ParsedForm } from './form-client';
import { formOnPage, postsForm } from './lead-form-pages';
import { validLead } from './lead-samples';
import type { Query } from './suite-databases';

/** The kinds with a spec of their own (lead-form-pages.ts: one row per address, a form per type), not submitted in bulk. */
type OwnSpecKind = 'newsletter' | 'dataRequest';
export type BulkKind = Exclude<LeadKind, OwnSpecKind>;

const formNames = (kind: LeadKind) => Object.keys(leadKinds[kind].forms) as LeadEndpointName[];
export const bulkKinds = leadKindNames.filter((kind) => formNames(kind).every((name) => !formOnPage(name).ownSpec)) as BulkKind[];

export type LeadForm = {
  /** The page the form is on. */
  path: string;
  /** How it is found among the forms of its page (`loadForm`): the form that posts it without JavaScript. */
  pick: (forms: ParsedForm[]) => ParsedForm | undefined;
  table: string;
  /** Posted field name -> column. */
  columns: Record<string, string>;
  /** The title of its success answer. */
  success: string;
};

export const formPages = Object.fromEntries(
  bulkKinds.map((kind) => {
    const def = leadKinds[kind];
    const [name] = formNames(kind);
    const columns = Object.fromEntries(Object.entries(def.fields as Record<string, FieldDef>).map(([field, f]) => [field, f.column]));
    return [kind, { path: formOnPage(name).path, pick: postsForm(name), table: def.table, columns, success: def.outcome.success.title }];
  }),
) as Record<BulkKind, LeadForm>;

let seq = 0;
/** Valid values for each form, distinct per call: the email carries `tag` (`lead-<tag>@example.com`). */
export function validValues(kind: BulkKind, tag = `${process.pid}-${Date.now()}-${++seq}`): Record<string, string> {
  return validLead(kind, `lead-${tag}@example.com`);
}

/** A lead row as read back: every column, by its name. */
export type StoredLead = { id: string; email: string; created_at: Date | null; [column: string]: unknown };
export type Sent = Map<string, { kind: BulkKind; values: Record<string, string> }>;

/**
 * Reads back the rows of a run (emails `lead-<tag>-...`) from the tables of `kinds` and compares them
 * with what was sent, by email: each row sent once, in the right table, every column exactly as posted,
 * an id, a created_at, and one exactly-once token (written in the lead's transaction).
 */
export async function readBackLeads(query: Query, tag: string, sent: Sent, kinds: readonly BulkKind[] = bulkKinds) {
  const rows: { kind: BulkKind; row: StoredLead }[] = [];
  const problems: string[] = [];
  for (const kind of kinds) {
    for (const row of await query<StoredLead>(`select * from ${formPages[kind].table} where email like $1`, [`lead-${tag}-%`])) rows.push({ kind, row });
  }
  const seen = new Set<string>();
  for (const { kind, row } of rows) {
    const expected = sent.get(row.email);
    if (!expected || expected.kind !== kind) {
      problems.push(`${row.email}: a row nobody sent (in ${formPages[kind].table})`);
      continue;
    }
    if (seen.has(row.email)) problems.push(`${row.email}: stored twice`);
    seen.add(row.email);
    for (const [field, value] of Object.entries(expected.values)) {
      const column = formPages[kind].columns[field];
      if (row[column] !== value) problems.push(`${row.email}: ${column} is ${JSON.stringify(row[column])}, sent ${JSON.stringify(value)}`);
    }
    if (!/^[0-9a-f-]{36}$/.test(row.id ?? '')) problems.push(`${row.email}: bad id ${row.id}`);
    if (!(row.created_at instanceof Date) || Number.isNaN(row.created_at.getTime())) problems.push(`${row.email}: bad created_at`);
  }
  const ids = rows.map(({ kind, row }) => ({ kind, id: row.id }));
  const tokens = await query<{ id: string; n: number }>(`select lead_id::text as id, count(*)::int as n from submission_tokens where lead_id = any($1::uuid[]) group by lead_id`, [ids.map((r) => r.id)]);
  const perLead = new Map(tokens.map((t) => [t.id, t.n]));
  for (const { id } of ids) if (perLead.get(id) !== 1) problems.push(`lead ${id}: ${perLead.get(id) ?? 0} submission tokens`);
  return { rows, ids, problems, stored: new Set(rows.map((r) => r.row.email)) };
}
