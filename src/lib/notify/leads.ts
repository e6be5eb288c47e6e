// How each kind of lead is read and described in a notification. The outbox holds only the lead's
// type and id; the fields come from the lead row at send time (docs/leads.md).
import type { Queryable } from '@/lib/db/connection';
import { attributionColumns } from '@/lib/leads/attribution';
import { kindDef, type FieldDef } from '@/lib/leads/kinds';

/** A lead row as loadLead reads it: its id, created_at and the columns of its fields. */
export type LeadRow = { id: string; created_at: Date | string; [column: string]: unknown };

/** A field of a notification: its form name (`key`, as in webhooks), column and label. */
export type Field = { key: string; column: string; label: string; multiline: boolean };
export type LeadDefinition = { table: string; title: string; fields: Field[]; summary: (row: LeadRow) => string };

/** The notification view of a kind (lib/leads/kinds.ts); throws for a type this code does not know. */
export function leadDefinition(kind: string): LeadDefinition {
  const def = kindDef(kind);
  return {
    table: def.table,
    title: def.label.toLowerCase(),
    fields: Object.entries(def.fields as Record<string, FieldDef>).map(([key, f]) => ({ key, column: f.column, label: f.label, multiline: f.long === true })),
    summary: def.subject,
  };
}

/** The `lead_attribution` columns loadLead adds to a row (lib/leads/attribution.ts). */
const attributionColumnNames = Object.values(attributionColumns);

/**
 * The lead row (its fields, id and created_at, and where it came from: `attr_<column>`, null when not
 * recorded), or undefined when it no longer exists (erased).
 */
export async function loadLead(client: Queryable, kind: string, id: string): Promise<LeadRow | undefined> {
  const def = leadDefinition(kind);
  const columns = ['id', 'created_at', ...def.fields.map((x) => x.column)].map((c) => `l."${c}"`).join(', ');
  const attribution = attributionColumnNames.map((c) => `a."${c}" as "attr_${c}"`).join(', ');
  const { rows } = await client.query(
    `select ${columns}, ${attribution} from "${def.table}" l left join lead_attribution a on a.lead_type = $2 and a.lead_id = l.id where l.id = $1`,
    [id, kind],
  );
  return rows[0] as LeadRow | undefined;
}
