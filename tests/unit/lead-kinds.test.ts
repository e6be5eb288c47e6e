import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@/lib/db/schema';
import { leadEndpoints } from '@/lib/leads/endpoints';
import { leadFields, leadKindNames, leadKinds, type FieldDef } from '@/lib/leads/kinds';
import { leadSchemas } from '@/lib/leads/schemas';

describe('the lead-kind registry', () => {
  it('exports every lead table from the schema module, where drizzle-kit finds the tables it migrates', () => {
    const exported = new Set(Object.values(schema));
    for (const kind of leadKindNames) expect(exported.has(schema.leadTables[kind]), `${kind}: add its line to the export in lib/db/schema.ts`).toBe(true);
  });

  it('names the inbox columns of each kind among its own columns', () => {
    for (const kind of leadKindNames) {
      const def = leadKinds[kind];
      const table = getTableConfig(schema.leadTables[kind]);
      const columns = table.columns.map((c) => c.name);
      for (const c of [...def.inbox.name, def.inbox.company, def.inbox.summary]) if (c) expect(columns, kind).toContain(c);
    }
  });

  it('gives every form a kind, and sets through each form exactly the fields a visitor cannot type', () => {
    for (const [name, { kind, fixed }] of Object.entries(leadEndpoints)) {
      const fields = leadKinds[kind].fields as Record<string, FieldDef>;
      const fixedFields = Object.keys(fields).filter((f) => fields[f].rule.type === 'fixed');
      expect(Object.keys(fixed).sort(), name).toEqual(fixedFields.sort());
      for (const [f, v] of Object.entries(fixed)) expect(fields[f].options?.map((o) => o.value), name).toContain(v);
    }
  });

  it('checks with each schema exactly the fields its form posts, in the order of the form', () => {
    for (const kind of leadKindNames) expect(Object.keys(leadSchemas[kind].shape), kind).toEqual([...leadFields[kind]]);
    expect(leadFields.newsletter).toEqual(['email']);
    expect(leadFields.partner).toEqual(['firstName', 'lastName', 'email', 'company', 'partnershipType', 'message']);
  });
});
