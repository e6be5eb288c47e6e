import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { expectNoAxeViolations } from '../e2e/fixtures';

/**
 * Shared pieces of the lead-form journeys (tests/e2e/leads-*.spec.ts): the forms as a visitor sees
 * them (labels, the exact messages of docs/leads.md), a browser context with or without JavaScript and its own
 * client address (the e2e server runs with TRUST_PROXY=1, so X-Forwarded-For gives each test its own
 * rate-limit bucket), and the database the e2e server writes to (DATABASE_URL, PostgreSQL).
 */

export const contacts = {
  affiliates: 'affiliates@postcraft.example',
  agency: 'agency@postcraft.example',
  hello: 'hello@postcraft.example',
  privacy: 'privacy@postcraft.example',
};

export const rateLimitedText = 'Too many submissions, please wait a minute and try again.';
export const invalidSummary = 'Please correct the highlighted fields.';

type Field = {
  name: string;
  label: string;
  control: 'input' | 'select' | 'textarea' | 'checkbox';
  column: string;
  optional?: boolean;
  /** What the field holds in a fresh form ('' unless preselected; 'yes' is a ticked box). */
  initial?: string;
};

export type LeadForm = {
  kind: 'partner' | 'affiliate' | 'agency' | 'contact' | 'trial';
  path: string;
  formId: string;
  table: string;
  submit: string;
  pending: string;
  fields: Field[];
  /** The message of every required field of an empty form, by field name. */
  emptyMessages: Record<string, string>;
  /** The select whose posted value the tests tamper with, and its message. */
  select?: { name: string; message: string };
  valid: (email: string) => Record<string, string>;
  /** Values over the limits, and their messages. */
  oversized: Record<string, [string, string]>;
  success: { title: string; text: string | RegExp };
  failure: { title: string; text: string };
};

export const leadForms: LeadForm[] = [
  {
    kind: 'partner',
    path: '/partners',
    formId: 'partner-application',
    table: 'partner_applications',
    submit: 'Submit Application',
    pending: 'Submitting...',
    fields: [
      { name: 'firstName', label: 'First Name', control: 'input', column: 'first_name' },
      { name: 'lastName', label: 'Last Name', control: 'input', column: 'last_name' },
      { name: 'email', label: 'Email', control: 'input', column: 'email' },
      { name: 'company', label: 'Company Name', control: 'input', column: 'company' },
      { name: 'partnershipType', label: 'Partnership Type', control: 'select', column: 'partnership_type' },
      { name: 'message', label: 'Tell us about your partnership idea', control: 'textarea', column: 'message' },
    ],
    emptyMessages: {
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email',
      company: 'Company name is required',
      partnershipType: 'Please select a partnership type',
      message: 'Please provide more details about your partnership idea',
    },
    select: { name: 'partnershipType', message: 'Please select a partnership type' },
    oversized: {
      firstName: ['x'.repeat(101), 'First name must be at most 100 characters'],
      message: ['y'.repeat(5001), 'Message must be at most 5,000 characters'],
    },
    valid: (email) => ({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      company: 'Analytical Engines Ltd',
      partnershipType: 'strategic',
      message: 'We would like to bundle scheduling with our design tool.',
    }),
    success: { title: 'Application Submitted!', text: "Thank you for your interest. We'll get back to you within 48 hours." },
    failure: { title: 'Submission Failed', text: 'There was an error submitting your application. Please try again.' },
  },
  {
    kind: 'affiliate',
    path: '/affiliate',
    formId: 'affiliate-application',
    table: 'affiliate_applications',
    submit: 'Submit Application',
    pending: 'Submitting Application...',
    fields: [
      { name: 'firstName', label: 'First Name', control: 'input', column: 'first_name' },
      { name: 'lastName', label: 'Last Name', control: 'input', column: 'last_name' },
      { name: 'email', label: 'Email', control: 'input', column: 'email' },
      { name: 'website', label: 'Website/Social Media', control: 'input', column: 'website' },
      { name: 'audienceSize', label: 'Audience Size', control: 'select', column: 'audience_size' },
    ],
    emptyMessages: {
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email',
      website: 'Website or social media is required',
      audienceSize: 'Please select your audience size',
    },
    select: { name: 'audienceSize', message: 'Please select your audience size' },
    oversized: {
      lastName: ['x'.repeat(101), 'Last name must be at most 100 characters'],
      website: [`https://example.com/${'y'.repeat(2030)}`, 'Website or social media must be at most 2,048 characters'],
    },
    valid: (email) => ({ firstName: 'Grace', lastName: 'Hopper', email, website: 'https://grace.example.com', audienceSize: '10,000 - 100,000' }),
    success: { title: 'Application Submitted Successfully!', text: /within 24 hours/ },
    failure: { title: 'Submission Failed', text: `Please try again or contact us directly at ${contacts.affiliates}` },
  },
  {
    kind: 'agency',
    path: '/agency',
    formId: 'agency-enquiry',
    table: 'agency_enquiries',
    submit: 'Get My Proposal',
    pending: 'Submitting...',
    fields: [
      { name: 'name', label: 'Name', control: 'input', column: 'name' },
      { name: 'email', label: 'Email', control: 'input', column: 'email' },
      { name: 'businessName', label: 'Business Name', control: 'input', column: 'business_name' },
      { name: 'monthlyBudget', label: 'Monthly Budget', control: 'select', column: 'monthly_budget' },
      { name: 'message', label: 'Tell us about your goals', control: 'textarea', column: 'message' },
    ],
    emptyMessages: {
      name: 'Name is required',
      email: 'Please enter a valid email',
      businessName: 'Business name is required',
      monthlyBudget: 'Please select a monthly budget',
      message: 'Message is required',
    },
    select: { name: 'monthlyBudget', message: 'Please select a monthly budget' },
    oversized: {
      businessName: ['x'.repeat(101), 'Business name must be at most 100 characters'],
      message: ['y'.repeat(5001), 'Message must be at most 5,000 characters'],
    },
    valid: (email) => ({ name: 'Alan Turing', email, businessName: 'Enigma Social', monthlyBudget: '2500-5000', message: 'Forty brands, one calendar.' }),
    success: { title: 'Enquiry Submitted Successfully!', text: /within 24 hours/ },
    failure: { title: 'Submission Failed', text: `Please try again or contact us directly at ${contacts.agency}` },
  },
  {
    kind: 'contact',
    path: '/contact',
    formId: 'contact-message',
    table: 'contact_messages',
    submit: 'Send Message',
    pending: 'Sending...',
    fields: [
      { name: 'name', label: 'Name', control: 'input', column: 'name' },
      { name: 'email', label: 'Email', control: 'input', column: 'email' },
      { name: 'company', label: 'Company (optional)', control: 'input', column: 'company', optional: true },
      { name: 'subject', label: 'Subject', control: 'input', column: 'subject' },
      { name: 'message', label: 'Message', control: 'textarea', column: 'message' },
    ],
    emptyMessages: {
      name: 'Name is required',
      email: 'Please enter a valid email',
      subject: 'Subject is required',
      message: 'Message is required',
    },
    oversized: {
      name: ['x'.repeat(101), 'Name must be at most 100 characters'],
      subject: ['s'.repeat(201), 'Subject must be at most 200 characters'],
    },
    valid: (email) => ({ name: 'Katherine Johnson', email, company: 'Orbit Inc', subject: 'Plans', message: 'Can we switch plans mid-month?' }),
    success: { title: 'Message Sent!', text: "We'll get back to you within 24 hours." },
    failure: { title: 'Submission Failed', text: `Please try again or contact us directly at ${contacts.hello}` },
  },
  {
    kind: 'trial',
    path: '/signup',
    formId: 'trial-request',
    table: 'trial_requests',
    submit: 'Start My Free Trial',
    pending: 'Starting...',
    fields: [
      { name: 'name', label: 'Name', control: 'input', column: 'name' },
      { name: 'email', label: 'Work email', control: 'input', column: 'email' },
      { name: 'company', label: 'Company (optional)', control: 'input', column: 'company', optional: true },
      { name: 'plan', label: 'Plan', control: 'select', column: 'plan', initial: 'pro' },
      { name: 'billing', label: 'Billing', control: 'select', column: 'billing', initial: 'monthly' },
      { name: 'terms', label: 'I agree to the Terms of Service and the Privacy Policy.', control: 'checkbox', column: 'terms_accepted' },
    ],
    emptyMessages: {
      name: 'Name is required',
      email: 'Please enter a valid email',
      terms: 'Please accept the Terms of Service and Privacy Policy to continue',
    },
    select: { name: 'plan', message: 'Please choose a plan' },
    oversized: {
      name: ['x'.repeat(101), 'Name must be at most 100 characters'],
      company: ['c'.repeat(101), 'Company must be at most 100 characters'],
    },
    valid: (email) => ({ name: 'Mary Jackson', email, company: 'Langley Design', plan: 'business', billing: 'yearly', terms: 'yes' }),
    success: { title: 'Your trial request is in!', text: /within 24 hours.*14-day free trial starts when you first sign in, and no credit card is needed\./ },
    failure: { title: 'Submission Failed', text: `Please try again or contact us directly at ${contacts.hello}` },
  },
];

/** A unique address for one test (the database is shared by every run). */
export function uniqueEmail(tag: string) {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

/** A client address of its own (TEST-NET-3 / documentation range, random). */
export function uniqueIp() {
  const b = randomBytes(3);
  return `198.51.${b[0]}.${(b[1] % 253) + 1}`;
}

/** A browser context with or without JavaScript, with its own client address for the rate limits. */
export async function visitorContext(browser: Browser, js: boolean, ip = uniqueIp()): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

// --- database -----------------------------------------------------------------------------------

let pool: pg.Pool | undefined;
export function database(): pg.Pool {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The lead-form tests read what the server stored: run them with DATABASE_URL (npm test sets it).');
  pool ??= new pg.Pool({ connectionString: url, max: 2 });
  return pool;
}

export async function rowsFor(table: string, email: string): Promise<Record<string, unknown>[]> {
  const { rows } = await database().query(`select * from ${table} where lower(email) = lower($1) order by created_at`, [email]);
  return rows;
}

/**
 * Makes inserts into `table` fail for real, for one email address only (a trigger that raises),
 * until the returned function is called. Other tests running at the same time are not affected.
 */
export async function failInsertsFor(table: string, email: string): Promise<() => Promise<void>> {
  const fn = `e2e_fail_${randomUUID().replace(/-/g, '')}`;
  const literal = email.replace(/'/g, "''");
  await database().query(
    `create function ${fn}() returns trigger language plpgsql as $$ begin
       if lower(new.email) = lower('${literal}') then raise exception 'e2e: insert refused for the failure path'; end if;
       return new; end $$`,
  );
  await database().query(`create trigger ${fn} before insert on ${table} for each row execute function ${fn}()`);
  return async () => {
    await database().query(`drop trigger if exists ${fn} on ${table}`);
    await database().query(`drop function if exists ${fn}()`);
  };
}

// --- the page -----------------------------------------------------------------------------------

export function formOf(page: Page, form: { formId: string }): Locator {
  return page.locator(`form#${form.formId}`);
}

const roles = { input: 'textbox', textarea: 'textbox', select: 'combobox', checkbox: 'checkbox' } as const;

export function control(page: Page, form: LeadForm, field: Field): Locator {
  return formOf(page, form).getByRole(roles[field.control], { name: field.label, exact: true });
}

export async function fillForm(page: Page, form: LeadForm, values: Record<string, string>) {
  for (const field of form.fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    const el = control(page, form, field);
    if (field.control === 'select') await el.selectOption(value);
    else if (field.control === 'checkbox') await el.setChecked(value === 'yes');
    else await el.fill(value);
  }
}

export async function expectValues(page: Page, form: LeadForm, values: Record<string, string>) {
  for (const field of form.fields) {
    if (values[field.name] === undefined) continue;
    await expectHolds(control(page, form, field), field, values[field.name], `${field.label} keeps its value`);
  }
}

async function expectHolds(el: Locator, field: Field, value: string, message: string) {
  if (field.control === 'checkbox') await expect(el, message).toBeChecked({ checked: value === 'yes' });
  else await expect(el, message).toHaveValue(value);
}

/** Every field as in a fresh form (empty, or its preselected value). */
export async function expectEmpty(page: Page, form: LeadForm) {
  for (const field of form.fields) await expectHolds(control(page, form, field), field, field.initial ?? '', `${field.label} is reset`);
}

/** The outcome region of a form (success: role=status, failure: role=alert). */
export function outcome(page: Page, formId: string, role: 'status' | 'alert'): Locator {
  return page.locator(`#${formId}-status`).getByRole(role);
}

/** Each field error is shown, tied to its field (aria-invalid + aria-describedby), and nothing else is marked. */
export async function expectFieldErrors(page: Page, form: LeadForm, messages: Record<string, string>) {
  for (const field of form.fields) {
    const el = control(page, form, field);
    const message = messages[field.name];
    if (message) {
      await expect(el).toHaveAttribute('aria-invalid', 'true');
      // The description is the field's hint (if any) followed by its error.
      await expect(el).toHaveAccessibleDescription(new RegExp(`(^|\\. )${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(formOf(page, form).locator(`#${form.formId}-${field.name}-error`)).toHaveText(message);
    } else {
      await expect(el).not.toHaveAttribute('aria-invalid', 'true');
    }
  }
}

export function firstField(form: LeadForm, messages: Record<string, string>) {
  return form.fields.find((f) => messages[f.name])!;
}

/** Posts raw form data to the page as a no-JavaScript browser would (the form's hidden fields kept). */
export async function postRaw(page: Page, form: { formId: string; path: string }, values: Record<string, string>, headers: Record<string, string> = {}) {
  await page.goto(form.path);
  const hidden = await formOf(page, form)
    .locator('input[type=hidden]')
    .evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value] as [string, string]));
  const multipart: Record<string, string> = {};
  for (const [name, value] of hidden) if (name) multipart[name] = value;
  Object.assign(multipart, values);
  const origin = new URL(page.url()).origin;
  // Where the page's form posts without JavaScript (its own page, naming the form: `<page>?form=<name>`).
  const action = new URL((await formOf(page, form).getAttribute('action')) ?? form.path, page.url());
  // A header given as '' is left out (e.g. { Origin: '' } posts without an Origin header).
  const sent = Object.fromEntries(Object.entries({ Origin: origin, Accept: 'text/html', ...headers }).filter(([, v]) => v !== ''));
  return page.request.post(action.pathname + action.search, { multipart, headers: sent });
}

/**
 * axe on what the visitor sees. axe runs as a script in the page, which a context without JavaScript
 * cannot do: there, the same HTML (as the browser holds it now) is checked in a second page that
 * loads it with every script blocked, so it stays exactly as it is without JavaScript.
 */
export async function expectAxeClean(page: Page, js: boolean) {
  if (js) return expectNoAxeViolations(page);
  const html = await page.content();
  const url = page.url().split('#')[0];
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route('**/*', (route) => {
      if (route.request().resourceType() === 'script') return route.abort();
      if (route.request().isNavigationRequest()) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
      return route.continue();
    });
    await copy.goto(url);
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}
