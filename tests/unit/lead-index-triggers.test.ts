import { describe, expect, it } from 'vitest';
import { kindsMissingFromMigrations, leadIndexArgs, leadIndexTriggerSql, migrationTexts } from '@/lib/db/lead-index-triggers';
import { migrationsFolder } from '@/lib/db/migrate';
import { leadKinds, type KindDef } from '@/lib/leads/kinds';

// The staff inbox, the CSV export and the insights read lead_index, kept by one trigger per lead table made
// from the registry (lib/db/lead-index-triggers.ts). `npm run db:generate` writes it; this fails, naming the
// kind, when the committed migrations do not make a kind's current trigger.

describe('the lead_index trigger of every kind', () => {
  it('is made by the committed migrations, as the registry says it today', () => {
    const missing = kindsMissingFromMigrations(migrationTexts(migrationsFolder)).map(([kind, def]) => `${kind} (${def.table}): run npm run db:generate and commit the migration`);
    expect(missing).toEqual([]);
  });

  it('indexes the columns the kind names for the inbox, and every lead table has the email the index keeps', () => {
    expect(leadIndexArgs('partner', leadKinds.partner)).toEqual(['partner', 'first_name,last_name', 'company', 'partnership_type']);
    expect(leadIndexArgs('newsletter', leadKinds.newsletter)).toEqual(['newsletter', '', '', 'status']);
    for (const [kind, def] of Object.entries(leadKinds) as [string, KindDef][]) {
      expect(Object.values(def.fields).map((f) => f.column), kind).toContain('email');
      const columns = [...Object.values(def.fields).map((f) => f.column), ...(def.subscription ? ['status'] : [])];
      for (const c of [...def.inbox.name, def.inbox.company, def.inbox.summary].filter((c): c is string => Boolean(c))) expect(columns, `${kind}: ${c}`).toContain(c);
    }
  });

  it('is asked for again when a kind is new or its inbox columns change, and the latest statement of a table counts', () => {
    const texts = migrationTexts(migrationsFolder);
    const registry = { ...leadKinds, webinar: { ...leadKinds.contact, table: 'webinar_registrations', slug: 'webinar' } } as Record<string, KindDef>;
    expect(kindsMissingFromMigrations(texts, registry).map(([k]) => k)).toEqual(['webinar']);
    const changed = { ...leadKinds, contact: { ...leadKinds.contact, inbox: { ...leadKinds.contact.inbox, summary: 'message' } } } as Record<string, KindDef>;
    expect(kindsMissingFromMigrations(texts, changed).map(([k]) => k)).toEqual(['contact']);
    // Once a later migration makes the new statement (over several lines), nothing is missing; one after
    // that going back to the first statement is the latest again.
    const remade = `${texts.join('\n')}\n--> statement-breakpoint\n${leadIndexTriggerSql('contact', changed.contact).replace(' FOR EACH', '\n  FOR EACH')}`;
    expect(kindsMissingFromMigrations([remade], changed)).toEqual([]);
    expect(kindsMissingFromMigrations([remade], leadKinds).map(([k]) => k)).toEqual(['contact']);
  });
});
