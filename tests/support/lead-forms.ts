import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { leadEndpoints, type LeadEndpointName } from '../../src/lib/leads/endpoints';
import { invalidSummary, rateLimitedMessage } from '../../src/lib/leads/form-state';
import { leadFields, leadKinds, type FieldDef, type KindDef, type LeadKind } from '../../src/lib/leads/kinds';
import { messages } from '../../src/lib/leads/schemas';
import { expectNoAxeViolations } from '../e2e/fixtures';
import { formOnPage, type FormOnPage } from './lead-form-pages';
import { validLead } from './lead-samples';
import { choose, quickKeyDelayMs, typeInto } from './person';

/**
 * Shared pieces of the lead-form journeys (tests/e2e/leads-*.spec.ts): the forms as a visitor sees
 * them, a browser context with or without JavaScript and its own client address (the e2e server runs
 * with TRUST_PROXY=1, so X-Forwarded-For gives each test its own rate-limit bucket), and the database the
 * e2e server writes to (DATABASE_URL, PostgreSQL). The forms, their fields, columns, labels, messages
 * and outcomes are read from the lead-kind registry (src/lib/leads/kinds.ts) and the schemas' messages;
 * only what the form's component words itself is in lead-form-pages.ts.
 */

const ack = (kind: 'affiliate' | 'agency' | 'contact' | 'dataRequest') => leadKinds[kind].acknowledge.contact;
/** The addresses the failure messages name. */
export const contacts = { affiliates: ack('affiliate'), agency: ack('agency'), hello: ack('contact'), privacy: ack('dataRequest') };

export const rateLimitedText = rateLimitedMessage;
export { invalidSummary };

export type Field = {
  name: string;
  /** Its label: the form's own wording, or the registry's label in any letter case. */
  label: string | RegExp;
  control: 'input' | 'select' | 'textarea' | 'checkbox';
  column: string;
  optional?: boolean;
  /** What the field holds in a fresh form ('' unless preselected; 'yes' is a ticked box). */
  initial?: string;
};

export type LeadForm = {
  kind: LeadKind;
  /** The form's name (`/api/leads/<name>`, `<page>?form=<name>`). */
  name: LeadEndpointName;
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
  success: { title: string; text: string };
  failure: { title: string; text: string };
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field of the form as the registry describes it. */
function fieldOf(name: string, f: FieldDef, page: FormOnPage): Field {
  const { rule } = f;
  const control = rule.type === 'tick' ? 'checkbox' : rule.type === 'choice' ? 'select' : f.long ? 'textarea' : 'input';
  const optional = rule.type === 'optional' || (rule.type === 'tick' && !rule.required);
  const own = page.labels?.[name];
  const label = own ?? new RegExp(`^${escape('label' in rule && rule.label ? rule.label : f.label)}${optional ? ' \\(optional\\)' : ''}$`, 'i');
  return { name, label, control, column: f.column, ...(optional ? { optional } : {}), initial: page.preselected?.[name] ?? '' };
}

/** The message a field's rule gives when it is left empty (none for an optional field). */
function emptyMessage(f: FieldDef): string | undefined {
  const { rule } = f;
  if (rule.type === 'email') return messages.invalidEmail;
  if (rule.type === 'choice') return rule.message;
  if (rule.type === 'tick') return rule.required;
  if (rule.type === 'website') return rule.required;
  if (rule.type === 'text') return rule.required ?? rule.min?.message;
  return undefined;
}

/** A value one character over a field's limit (a website stays an address), and its message. */
function oversized(f: FieldDef): [string, string] | undefined {
  const { rule } = f;
  if (rule.type !== 'text' && rule.type !== 'optional' && rule.type !== 'website') return undefined;
  const label = rule.type === 'text' && rule.label ? rule.label : f.label;
  const value = rule.type === 'website' ? `https://example.com/${'y'.repeat(rule.max + 1 - 20)}` : 'x'.repeat(rule.max + 1);
  return [value, messages.tooLong(label, rule.max)];
}

function leadForm(name: LeadEndpointName, kind: LeadKind): LeadForm {
  const def = leadKinds[kind] as KindDef;
  const page = formOnPage(name);
  const defs = def.fields;
  const posted = leadFields[kind] as readonly string[];
  const fields = posted.map((n) => fieldOf(n, defs[n], page));
  const emptyMessages: Record<string, string> = {};
  for (const field of fields) {
    const message = field.initial ? undefined : emptyMessage(defs[field.name]);
    if (message) emptyMessages[field.name] = message;
  }
  const select = fields.find((f) => f.control === 'select');
  // The first limited field and the last one (the longest text, as a rule).
  const limited = posted.filter((n) => n !== 'email' && oversized(defs[n]));
  const over = [...new Set([limited[0], limited[limited.length - 1]])].filter((n) => n !== undefined);
  return {
    kind,
    name,
    path: page.path,
    formId: page.formId,
    table: def.table,
    submit: page.buttons.submit,
    pending: page.buttons.pending,
    fields,
    emptyMessages,
    ...(select ? { select: { name: select.name, message: emptyMessage(defs[select.name])! } } : {}),
    valid: (email) => validLead(kind, email),
    oversized: Object.fromEntries(over.map((n) => [n, oversized(defs[n])!])),
    success: { title: def.outcome.success.title, text: def.outcome.success.message },
    failure: { title: def.outcome.failure.title, text: def.outcome.failure.message },
  };
}

/** Every form of the registry (tests/e2e/leads-people.spec.ts sends each as people do). */
export const allLeadForms: LeadForm[] = Object.entries(leadEndpoints).map(([name, { kind }]) => leadForm(name as LeadEndpointName, kind));

/** The forms of tests/e2e/leads-forms.spec.ts: every form of the registry but those with a spec of their own. */
export const leadForms: LeadForm[] = allLeadForms.filter((f) => !formOnPage(f.name).ownSpec);

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

/** How a stored lead stands after the spam screening: its triage status, the screening's reasons (null: it passed) and how many notifications were queued. */
export async function screeningOf(kind: string, id: string): Promise<{ status: string; reasons: string[] | null; queued: number }> {
  const { rows } = await database().query(
    `select coalesce((select status from lead_triage where lead_type = $1 and lead_id = $2), 'new') as status,
            (select reasons from lead_screening where lead_type = $1 and lead_id = $2) as reasons,
            (select count(*)::int from notification_outbox where lead_type = $1 and lead_id = $2) as queued`,
    [kind, id],
  );
  return rows[0] as { status: string; reasons: string[] | null; queued: number };
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

/**
 * Fills the form as a person does (tests/support/person.ts): clicks into each field in the order of the
 * form and types its value key by key (a long one is pasted), picks each choice, ticks each box. The keys
 * come quickly (`quickKeyDelayMs`); tests/e2e/leads-people.spec.ts types at a person's speed.
 */
export async function fillForm(page: Page, form: LeadForm, values: Record<string, string>, fields: readonly Field[] = form.fields) {
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    const el = control(page, form, field);
    if (field.control === 'select') {
      if ((await el.inputValue()) !== value) await choose(el, value);
    } else if (field.control === 'checkbox') await tick(el, value === 'yes');
    else await typeInto(el, value, quickKeyDelayMs);
  }
}

/**
 * Ticks or unticks a checkbox as a visitor does: one click, then the box as they see it. Not `setChecked`,
 * which fails when the state has not changed the instant the click is done: a click that arrives while the
 * island hydrates is held and replayed once it has (src/directives/interaction.ts), a moment later.
 */
async function tick(el: Locator, checked: boolean) {
  if ((await el.isChecked()) !== checked) await el.click();
  await expect(el).toBeChecked({ checked });
}

export async function expectValues(page: Page, form: LeadForm, values: Record<string, string>) {
  for (const field of form.fields) {
    if (values[field.name] === undefined) continue;
    await expectHolds(control(page, form, field), field, values[field.name], `${field.name} keeps its value`);
  }
}

async function expectHolds(el: Locator, field: Field, value: string, message: string) {
  if (field.control === 'checkbox') await expect(el, message).toBeChecked({ checked: value === 'yes' });
  else await expect(el, message).toHaveValue(value);
}

/** Every field as in a fresh form (empty, or its preselected value). */
export async function expectEmpty(page: Page, form: LeadForm) {
  for (const field of form.fields) await expectHolds(control(page, form, field), field, field.initial ?? '', `${field.name} is reset`);
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
