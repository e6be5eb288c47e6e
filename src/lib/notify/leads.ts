// How each kind of lead is read and described in a notification. The outbox holds only the lead's
// type and id; the fields come from the lead row at send time.
import type { Queryable } from '@/lib/db/connection';

/** A lead row as loadLead reads it: its id, created_at and the columns of its fields. */
export type LeadRow = { id: string; created_at: Date | string; [column: string]: unknown };

export type Field = { column: string; key: string; label: string; multiline: boolean };
export type LeadDefinition = { table: string; title: string; fields: Field[]; summary: (row: LeadRow) => string };

const f = (column: string, key: string, label: string, multiline = false): Field => ({ column, key, label, multiline });

export const leadDefinitions = {
  partner: {
    table: 'partner_applications',
    title: 'partner application',
    fields: [
      f('first_name', 'firstName', 'First name'),
      f('last_name', 'lastName', 'Last name'),
      f('email', 'email', 'Email'),
      f('company', 'company', 'Company'),
      f('partnership_type', 'partnershipType', 'Partnership type'),
      f('message', 'message', 'Message', true),
    ],
    summary: (r) => `${r.first_name} ${r.last_name}, ${r.company} (${r.partnership_type})`,
  },
  affiliate: {
    table: 'affiliate_applications',
    title: 'affiliate application',
    fields: [
      f('first_name', 'firstName', 'First name'),
      f('last_name', 'lastName', 'Last name'),
      f('email', 'email', 'Email'),
      f('website', 'website', 'Website or social media'),
      f('audience_size', 'audienceSize', 'Audience size'),
    ],
    summary: (r) => `${r.first_name} ${r.last_name} (audience ${r.audience_size})`,
  },
  agency: {
    table: 'agency_enquiries',
    title: 'agency enquiry',
    fields: [
      f('name', 'name', 'Name'),
      f('email', 'email', 'Email'),
      f('business_name', 'businessName', 'Business name'),
      f('monthly_budget', 'monthlyBudget', 'Monthly budget'),
      f('message', 'message', 'Message', true),
    ],
    summary: (r) => `${r.name}, ${r.business_name} (budget ${r.monthly_budget})`,
  },
  contact: {
    table: 'contact_messages',
    title: 'contact message',
    fields: [
      f('name', 'name', 'Name'),
      f('email', 'email', 'Email'),
      f('company', 'company', 'Company'),
      f('subject', 'subject', 'Subject'),
      f('message', 'message', 'Message', true),
    ],
    summary: (r) => `${r.subject} (from ${r.name})`,
  },
  newsletter: {
    table: 'newsletter_subscriptions',
    title: 'newsletter sign-up',
    fields: [f('email', 'email', 'Email'), f('source', 'source', 'Signed up from')],
    summary: (r) => `from the ${r.source}`,
  },
  dataRequest: {
    table: 'data_requests',
    title: 'data request',
    fields: [f('email', 'email', 'Email'), f('type', 'type', 'Request type'), f('details', 'details', 'Details', true)],
    summary: (r) => `${r.type}`,
  },
} satisfies Record<string, LeadDefinition>;

/** The lead types the outbox knows (its `lead_type` column). */
export type NotifyLeadType = keyof typeof leadDefinitions;

/** The definition of a lead type; throws for a type this code does not know. */
export function leadDefinition(kind: string): LeadDefinition {
  if (!Object.hasOwn(leadDefinitions, kind)) throw new Error(`unknown lead type "${kind}"`);
  return leadDefinitions[kind as NotifyLeadType];
}

/** The lead row (its fields, id and created_at), or undefined when it no longer exists (erased). */
export async function loadLead(client: Queryable, kind: string, id: string): Promise<LeadRow | undefined> {
  const def = leadDefinition(kind);
  const columns = ['id', 'created_at', ...def.fields.map((x) => x.column)].map((c) => `"${c}"`).join(', ');
  const { rows } = await client.query(`select ${columns} from "${def.table}" where id = $1`, [id]);
  return rows[0] as LeadRow | undefined;
}
