import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { openDatabase } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { createTempPostgres, openTempPglite, type Handle } from './vitest-databases';

/** Drizzle over a test handle (the same wrapping as lib/db/client.ts). */
export function drizzleOf(handle: Handle): Db {
  return (handle.kind === 'pglite' ? drizzlePglite({ client: handle.client, schema }) : drizzlePg({ client: handle.client, schema })) as unknown as Db;
}

export type TestDb = { kind: string; handle: Handle; db: Db; cleanup: () => Promise<void> };

/** The databases every lead integration test runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const databaseKinds: { name: string; open: () => Promise<TestDb | undefined> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const { handle } = await openTempPglite();
      return { kind: 'pglite', handle, db: drizzleOf(handle), cleanup: () => handle.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const temp = await createTempPostgres();
      if (!temp) return undefined;
      const handle = await openDatabase({ databaseUrl: temp.url });
      await runMigrations(handle);
      return {
        kind: 'postgres',
        handle,
        db: drizzleOf(handle),
        cleanup: async () => {
          await handle.close();
          await temp.drop();
        },
      };
    },
  },
];

/** A FormData from plain values. */
export function formData(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

export const validLeads = {
  partner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Engines Ltd', partnershipType: 'reseller', message: 'We resell analytical engines.' },
  affiliate: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', website: '@grace.codes', audienceSize: '10,000 - 100,000' },
  agency: { name: 'Alan Turing', email: 'alan@example.com', businessName: 'Turing & Co', monthlyBudget: '5000+', message: 'We need a content plan.' },
  contact: { name: 'Edsger Dijkstra', email: 'ed@example.com', company: 'THE', subject: 'Question', message: 'Is GOTO harmful?' },
  newsletter: { email: 'News@Example.com' },
  dataRequest: { email: 'me@example.com', type: 'portability', details: 'Everything, please.' },
  trial: { name: 'Katherine Johnson', email: 'katherine@example.com', company: 'Langley Studio', plan: 'business', billing: 'yearly', terms: 'yes' },
} as const;
