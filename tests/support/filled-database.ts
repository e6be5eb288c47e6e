// A database with something in every table that matters, made through the application's real paths, and
// what to compare two such databases by: the move to PostgreSQL (copy-to-postgres.test.ts) and the backup
// and restore (backup-restore.test.ts) check that the copy answers exactly as the original.
import { queryable } from '@/lib/db/connection';
import { pageViewsWriter } from '@/lib/analytics/page-views-store';
import { leadKindNames, leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { createLimiters } from '@/lib/leads/rate-limit';
import { checkAndStoreLead } from '@/lib/leads/submit';
import { linkKey } from '@/lib/newsletter/links';
import { proofKeys } from '@/lib/spam/proof';
import { createStaffUser } from '@/lib/staff/create-user';
import { verifyByLink } from '@/lib/staff/data-requests';
import { parseFilter } from '@/lib/staff/filters';
import { countLeads, listLeads } from '@/lib/staff/inbox';
import { getAttribution, getConsents, getHistory, getLead, getNotes } from '@/lib/staff/leads';
import { addNote, changeStatus, setOwner } from '@/lib/staff/triage';
import { formData, validLead } from './lead-samples';
import { drizzleOf, query, type Handle } from './vitest-databases';

export type Filled = { leads: { kind: LeadKind; id: string }[]; staffId: string };

/** Runs `fn` with the notification channels on, so that each lead queues its outbox rows (nothing is sent: no loop runs). */
async function withNotifications<T>(fn: () => Promise<T>): Promise<T> {
  const saved = { WEBHOOK_URL: process.env.WEBHOOK_URL, SMTP_URL: process.env.SMTP_URL, NOTIFY_EMAIL_TO: process.env.NOTIFY_EMAIL_TO };
  Object.assign(process.env, { WEBHOOK_URL: 'http://127.0.0.1:9/hook', SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL_TO: 'staff@example.com' });
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** One lead of `kind` posted through the real path (checkAndStoreLead); its id. */
export async function postLead(handle: Handle, kind: LeadKind, email: string, extra: { held?: boolean; campaign?: string } = {}): Promise<string> {
  const db = drizzleOf(handle);
  const keys = proofKeys(Buffer.from('a test link key of at least thirty-two characters'));
  const state = await checkAndStoreLead(kind, formData({ ...validLead(kind, email), submissionToken: crypto.randomUUID() }), {
    db: async () => db,
    limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
    ip: '192.0.2.55',
    requestId: 'filled-database',
    page: '/somewhere',
    // A post without JavaScript is held for review (lead_screening); the others are not screened.
    via: extra.held ? 'page' : undefined,
    proofKeys: async () => keys,
    attribution: { source: 'news', medium: 'email', campaign: extra.campaign ?? `camp-${kind}`, term: null, content: null, referrer: 'news.example', page: '/somewhere', referral: kind === 'partner' ? 'AFF123' : null },
  });
  if (state.status !== 'success') throw new Error(`${kind}: ${JSON.stringify(state)}`);
  const [row] = await query<{ id: string }>(handle, `select id::text as id from ${leadKinds[kind].table} where lower(email) = lower($1)`, [email]);
  return row.id;
}

/**
 * Fills a migrated database: staff users; two leads of every kind of the registry (their outbox rows,
 * consents, attribution and submission tokens), a third held for review; status changes, owners and notes;
 * a data request verified by its link (its check and audit rows); the link secret; page counts.
 */
export async function fillDatabase(handle: Handle, tag: string): Promise<Filled> {
  const db = drizzleOf(handle);
  const admin = await createStaffUser(handle, { email: `admin-${tag}@example.com`, name: 'Ada Admin', role: 'admin', password: 'correct horse battery' });
  const member = await createStaffUser(handle, { email: `member-${tag}@example.com`, name: 'Max Member', role: 'member', password: 'correct horse battery' });
  const leads: Filled['leads'] = [];
  await withNotifications(async () => {
    for (const kind of leadKindNames) {
      for (const n of [1, 2]) leads.push({ kind, id: await postLead(handle, kind, `${kind.toLowerCase()}-${n}-${tag}@example.com`) });
    }
    leads.push({ kind: 'contact', id: await postLead(handle, 'contact', `held-${tag}@example.com`, { held: true }) });
  });
  for (const [i, lead] of leads.entries()) {
    if (i % 2 === 0) await changeStatus(db, admin.id, [lead], 'contacted');
    if (i % 4 === 0) await changeStatus(db, member.id, [lead], 'qualified');
    if (i % 3 === 0) await setOwner(db, admin.id, lead, i % 2 ? admin.id : member.id);
    if (i % 3 === 1) await addNote(db, member.id, lead, `Called them back (${i}): "fine", they said\ton a Tuesday\\Wednesday.`);
  }
  const request = leads.find((l) => l.kind === 'dataRequest')!;
  await verifyByLink(db, request.id);
  await linkKey(queryable(handle));
  const write = pageViewsWriter(queryable(handle));
  await write([
    { day: '2026-01-01', path: '/', referrerHost: '', source: '', medium: '', campaign: '', views: 120 },
    { day: '2026-01-01', path: '/pricing', referrerHost: 'news.example', source: 'news', medium: 'email', campaign: 'spring', views: 7 },
    { day: '2026-01-02', path: '/blog/some-article', referrerHost: 'search.example', source: '', medium: '', campaign: '', views: 3 },
  ]);
  return { leads, staffId: admin.id };
}

/** The tables of the public schema, and drizzle's migrations table. */
export async function tableNames(handle: Handle): Promise<string[]> {
  const rows = await query<{ name: string }>(handle, `select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return [...rows.map((r) => r.name), 'drizzle.__drizzle_migrations'];
}

/**
 * Every table's row count and a digest of all its rows (each row's text, in a fixed order, in UTC): two
 * databases with equal fingerprints hold the same rows, value for value.
 */
export async function fingerprints(handle: Handle): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await tableNames(handle);
  const statement = (table: string) =>
    `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as digest from ${table.split('.').map((p) => `"${p}"`).join('.')} t`;
  const out: Record<string, { rows: number; digest: string }> = {};
  if (handle.kind === 'pglite') {
    await handle.client.exec(`begin; set local timezone = 'UTC'; set local datestyle = 'ISO, MDY'`);
    try {
      for (const table of tables) out[table] = (await handle.client.query<{ rows: number; digest: string }>(statement(table))).rows[0];
    } finally {
      await handle.client.exec('commit');
    }
    return out;
  }
  const client = await handle.client.connect();
  try {
    await client.query(`begin; set local timezone = 'UTC'; set local datestyle = 'ISO, MDY'`);
    for (const table of tables) out[table] = (await client.query<{ rows: number; digest: string }>(statement(table))).rows[0];
    await client.query('commit');
  } finally {
    client.release();
  }
  return out;
}

/** What staff see: the inbox's pages and counts under several filters, and every lead's page (its record, history, notes, consents, attribution). */
export async function staffView(handle: Handle, filled: Filled) {
  const db = drizzleOf(handle);
  const filters = [{}, { status: 'all' }, { status: 'contacted' }, { owner: filled.staffId }, { type: 'partner' }, { q: 'example.com', status: 'all' }, { source: 'news', status: 'all' }, { campaign: 'camp-trial' }, { status: 'spam' }];
  const inbox = [];
  for (const f of filters) {
    const filter = parseFilter(f);
    inbox.push({ filter: f, list: await listLeads(db, filter, 5), count: await countLeads(db, filter) });
  }
  const pages = [];
  for (const lead of filled.leads) {
    pages.push({
      lead: await getLead(db, lead.kind, lead.id),
      history: await getHistory(db, lead.kind, lead.id),
      notes: await getNotes(db, lead.kind, lead.id),
      consents: await getConsents(db, lead.kind, lead.id),
      attribution: await getAttribution(db, lead.kind, lead.id),
    });
  }
  return { inbox, pages };
}
