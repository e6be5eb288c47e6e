import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Route } from '@playwright/test';
import pg from 'pg';
import { quickKeyDelayMs } from './person';

/**
 * Staff e2e helpers. The e2e server runs on the PostgreSQL of DATABASE_URL (npm test sets it), so the
 * tests create staff accounts with `npm run staff:create` (the documented way) and put leads straight
 * into that database, each with a unique marker so that tests never see each other's rows.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function databaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The staff e2e tests need DATABASE_URL (the e2e server database); npm test sets it.');
  return url;
}

export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export type StaffAccount = { email: string; password: string; name: string; role: 'admin' | 'member' };

export function createStaff(role: 'admin' | 'member', name = role === 'admin' ? 'Ada Admin' : 'Max Member', url = databaseUrl()): StaffAccount {
  const tag = randomUUID().slice(0, 8);
  const account = { email: `staff-${role}-${tag}@e2e.example`, password: `correct horse ${tag} battery`, name: `${name} ${tag}`, role };
  execFileSync(process.execPath, ['--import', 'tsx', 'server/create-staff.ts', '--email', account.email, '--name', account.name, '--role', role], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, STAFF_PASSWORD: account.password },
    stdio: 'pipe',
  });
  return account;
}

/** Each caller looks like a different client address (the e2e server trusts X-Forwarded-For), so sign-in throttling of one test never meets another's. */
export async function asFreshClient(page: Page) {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
}

/**
 * Milliseconds between keys when staff type their own address and password: real key events, without a
 * person's pauses (sign-in is not screened for timing; the specs check what it does, not how fast people
 * type). At 25 ms a key the some 40 sign-ins of a run spent over a minute of a worker sleeping.
 */
const staffKeyDelayMs = quickKeyDelayMs;

export async function signIn(page: Page, account: StaffAccount, { expectPath = /\/staff(\?.*)?$/ }: { expectPath?: RegExp } = {}) {
  await asFreshClient(page);
  if (!page.url().includes('/staff/sign-in')) await page.goto('/staff/sign-in');
  // As a staff member signs in: click into the address, type it, Tab to the password, type it, Enter.
  // (What a field already holds is selected first, so typing replaces it: Tab selects a field's text itself.)
  await page.getByLabel('Email').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(account.email, { delay: staffKeyDelayMs });
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password, { delay: staffKeyDelayMs });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(expectPath, { timeout: 30_000 });
}

/** The session cookie of a signed-in page, as a Cookie header value. */
export async function sessionCookieOf(page: Page) {
  const cookies = await page.context().cookies();
  const c = cookies.find((k) => /staff_session$/.test(k.name));
  if (!c) throw new Error('no staff session cookie');
  return `${c.name}=${c.value}`;
}

/**
 * What the form named `formLabel` showed while its post was in flight. Posts to `url` are held back for
 * `holdMs`, and the page itself notes its submit buttons' text as seen (innerText) and the form's
 * aria-busy every 50 ms, in sessionStorage: Playwright cannot look into a page while its navigation is
 * pending, so the notes are read once the answer has loaded (`read()`, distinct entries as
 * "text | aria-busy").
 */
export async function watchPost(page: Page, url: (url: URL) => boolean, formLabel: string, holdMs = 500) {
  await page.route(url, async (route: Route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, holdMs));
    await route.fallback();
  });
  await page.evaluate((label) => {
    const seen = new Set<string>();
    const note = () => {
      const form = [...document.forms].find((f) => f.getAttribute('aria-label') === label);
      if (!form) return;
      for (const b of form.querySelectorAll('button[type="submit"]')) seen.add(`${(b as HTMLElement).innerText.trim()} | ${form.getAttribute('aria-busy')}`);
      sessionStorage.setItem('e2e-post-watch', JSON.stringify([...seen]));
    };
    note();
    setInterval(note, 50);
  }, formLabel);
  return {
    read: async () => {
      await page.unroute(url);
      return page.evaluate(() => {
        const seen = JSON.parse(sessionStorage.getItem('e2e-post-watch') ?? '[]') as string[];
        sessionStorage.removeItem('e2e-post-watch');
        return seen;
      });
    },
  };
}

/** A reply of `from`'s to a lead, as the lead's thread stores one (lib/db/conversation-schema.ts), sent at `at` (now by default). */
export async function replyTo(kind: string, leadId: string, from: StaffAccount, at = new Date()): Promise<void> {
  await sql(
    `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
     select $1, $2, 'out', $3, 'team@e2e.example', 'lead@e2e.example', 'Re: your message', 'Thank you.', u.id, $4 from staff_users u where u.email = $5`,
    [kind, leadId, `${randomUUID()}@e2e.example`, at, from.email],
  );
}

export const marker = () => `m${randomUUID().replace(/-/g, '').slice(0, 10)}`;

type LeadInsert =
  | { kind: 'partner'; firstName: string; lastName: string; email: string; company: string; partnershipType?: string; message?: string; createdAt?: string }
  | { kind: 'affiliate'; firstName: string; lastName: string; email: string; website: string; audienceSize?: string; createdAt?: string }
  | { kind: 'agency'; name: string; email: string; businessName: string; monthlyBudget?: string; message?: string; createdAt?: string }
  | { kind: 'contact'; name: string; email: string; company?: string | null; subject?: string; message?: string; createdAt?: string }
  | { kind: 'newsletter'; email: string; source?: string; createdAt?: string }
  | { kind: 'dataRequest'; email: string; type?: string; details?: string | null; createdAt?: string };

/** Inserts a lead straight into the e2e database; returns its id. */
export async function insertLead(lead: LeadInsert): Promise<string> {
  const at = lead.createdAt ?? new Date().toISOString();
  let rows: { id: string }[];
  switch (lead.kind) {
    case 'partner':
      rows = await sql(
        'insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ($1,$2,$3,$4,$5,$6,$7) returning id',
        [lead.firstName, lead.lastName, lead.email, lead.company, lead.partnershipType ?? 'technology', lead.message ?? 'We would like to work together.', at],
      );
      break;
    case 'affiliate':
      rows = await sql('insert into affiliate_applications (first_name, last_name, email, website, audience_size, created_at) values ($1,$2,$3,$4,$5,$6) returning id', [
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.website,
        lead.audienceSize ?? 'Less than 1,000',
        at,
      ]);
      break;
    case 'agency':
      rows = await sql('insert into agency_enquiries (name, email, business_name, monthly_budget, message, created_at) values ($1,$2,$3,$4,$5,$6) returning id', [
        lead.name,
        lead.email,
        lead.businessName,
        lead.monthlyBudget ?? '1000-2500',
        lead.message ?? 'We manage many brands.',
        at,
      ]);
      break;
    case 'contact':
      rows = await sql('insert into contact_messages (name, email, company, subject, message, created_at) values ($1,$2,$3,$4,$5,$6) returning id', [
        lead.name,
        lead.email,
        lead.company ?? null,
        lead.subject ?? 'A question',
        lead.message ?? 'Hello there.',
        at,
      ]);
      break;
    case 'newsletter':
      rows = await sql('insert into newsletter_subscriptions (email, source, created_at) values ($1,$2,$3) returning id', [lead.email, lead.source ?? 'blog', at]);
      break;
    case 'dataRequest':
      rows = await sql('insert into data_requests (email, type, details, created_at) values ($1,$2,$3,$4) returning id', [lead.email, lead.type ?? 'export', lead.details ?? null, at]);
      break;
  }
  return rows[0].id;
}

export const leadUrl = (slug: string, id: string) => `/staff/leads/${slug}/${id}`;

/** Marks an inserted lead as held by the spam screening (docs/spam.md), as the store does for a post it did not trust. */
export async function holdLead(kind: string, id: string, reasons: string[], verdict: 'spam' | 'held' = 'held'): Promise<void> {
  await sql(`insert into lead_triage (lead_type, lead_id, status) values ($1, $2, 'spam')`, [kind, id]);
  await sql(`insert into lead_screening (lead_type, lead_id, verdict, reasons) values ($1, $2, $3, $4)`, [kind, id, verdict, reasons]);
}
