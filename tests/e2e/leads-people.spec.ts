import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { leadKinds } from '../../src/lib/leads/kinds';
import { allLeadForms, control, type Field, type LeadForm, uniqueEmail, uniqueIp } from '../support/lead-forms';
import { formOnPage } from '../support/lead-form-pages';
import { decodeHeader, startSmtp, textOf, waitFor } from '../support/notify-receivers';
import { desktopChrome, startOwnServer, type OwnServer } from '../support/own-server';
import { autofill, autofillTokens, choose, typeInto } from '../support/person';
import { createStaff, signIn } from '../support/staff-accounts';

/**
 * Every form of the lead registry, sent by three people as people send forms (issue 30): one types each
 * field at a person's speed and clicks the button, one types and presses Enter, one lets the browser
 * autofill what it knows and clicks at once. The server runs with the production spam screening (the proof
 * of work and the default minimum time to fill, docs/spam.md) and a real SMTP server. Each person's lead
 * must arrive: not held, open in the staff inbox, and the email the person is owed (an acknowledgement, a
 * newsletter confirmation, a data request's verification link) in the SMTP server's mailbox.
 */
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

type Way = 'typed, sent with the button' | 'typed, sent with Enter' | 'autofilled, sent at once';
const ways: Way[] = ['typed, sent with the button', 'typed, sent with Enter', 'autofilled, sent at once'];

let own: OwnServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let staff: BrowserContext;
let inbox: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  // The production screening: no SPAM_MIN_FILL_SECONDS=0 here (undefined leaves the server its default).
  own = await startOwnServer({ SPAM_MIN_FILL_SECONDS: undefined, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'team@people.example', NOTIFY_POLL_MS: '200' });
  const admin = createStaff('admin', 'Paula People', own.databaseUrl);
  staff = await browser.newContext({ baseURL: own.server.url });
  inbox = await staff.newPage();
  await inbox.goto('/staff/sign-in');
  await signIn(inbox, admin, { expectPath: /\/staff$/ });
});

test.afterAll(async () => {
  await staff?.close();
  await own?.stop();
  await smtp?.close();
});

/** Opens the form on its page as the person finds it (a dialog's button first, where the form is in one). */
async function openForm(page: Page, form: LeadForm, values: Record<string, string>): Promise<{ el: Locator; statusId: string }> {
  await page.goto(`${own.server.url}${form.path}`);
  const opener = formOnPage(form.name).opener;
  if (!opener) return { el: page.locator(`form#${form.formId}`), statusId: `${form.formId}-status` };
  const button = opener.button[values[opener.by]];
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  const formId = opener.formId(values[opener.by]);
  return { el: dialog.locator(`form#${formId}`), statusId: `${formId}-status` };
}

async function fillAs(page: Page, form: LeadForm, way: Way, values: Record<string, string>, el: Locator, formId: string) {
  const at = (field: Field) => control(page, { ...form, formId }, field);
  const text = form.fields.filter((f) => f.control === 'input' || f.control === 'textarea');
  const other = form.fields.filter((f) => !text.includes(f));
  const enter = async (f: Field) => {
    const value = values[f.name];
    if (value === undefined) return;
    const c = at(f);
    if (f.control === 'select') {
      if ((await c.inputValue()) !== value) await choose(c, value);
    } else if (f.control === 'checkbox') {
      if ((await c.isChecked()) !== (value === 'yes')) await c.click();
      await expect(c).toBeChecked({ checked: value === 'yes' });
    } else await typeInto(c, value);
  };
  if (way === 'typed, sent with Enter') {
    // The choices and the message first, then the details, and Enter in the last of them.
    const lines = text.filter((f) => f.control === 'input' && values[f.name]);
    for (const f of [...other, ...text.filter((f) => !lines.includes(f))]) await enter(f);
    for (const f of lines) await enter(f);
    await page.keyboard.press('Enter');
    return;
  }
  let rest = form.fields;
  if (way === 'autofilled, sent at once') {
    // A click into the first field the browser knows, a moment to pick the suggestion, then every such field at once.
    let first: Field | undefined;
    for (const f of text) if (!first && (autofillTokens as readonly string[]).includes((await at(f).getAttribute('autocomplete')) ?? '')) first = f;
    expect(first, `${form.name} has a field browsers autofill`).toBeDefined();
    await at(first!).click();
    await page.waitForTimeout(400);
    const filled = await autofill(el, values);
    expect(filled.length, `fields autofilled in ${form.name}`).toBeGreaterThan(0);
    rest = form.fields.filter((f) => !filled.includes(f.name));
  }
  for (const f of rest) await enter(f);
  await el.getByRole('button', { name: form.submit }).click();
}

for (const form of allLeadForms) {
  for (const way of ways) {
    test(`${form.name}: a person's lead (${way}) arrives`, async ({ browser }) => {
      const email = uniqueEmail('p');
      const values = { ...form.valid(email) };
      const context = await browser.newContext({ userAgent: desktopChrome, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
      const page = await context.newPage();
      try {
        const { el, statusId } = await openForm(page, form, values);
        await fillAs(page, form, way, values, el, statusId.replace(/-status$/, ''));
        await expect(page.locator(`#${statusId}`).getByRole('status')).toContainText(form.success.title);
      } finally {
        await context.close();
      }
      // Stored once, not held: no screening reasons, not in the Spam view.
      const { rows } = await own.db.query(
        `select l.id::text, coalesce(t.status, 'new') as status, s.reasons
           from ${form.table} l
           left join lead_triage t on t.lead_type = $2 and t.lead_id = l.id
           left join lead_screening s on s.lead_type = $2 and s.lead_id = l.id
          where lower(l.email) = lower($1)`,
        [email, form.kind],
      );
      expect(rows, `the ${form.name} lead of ${email}`).toHaveLength(1);
      expect({ status: rows[0].status, reasons: rows[0].reasons }).toEqual({ status: 'new', reasons: null });
      // Open in the staff inbox, found by the address.
      await inbox.goto(`/staff?q=${encodeURIComponent(email)}`);
      const row = inbox.getByRole('row').filter({ hasText: email.toLowerCase() });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(leadKinds[form.kind].shortLabel);
      // The email the person is owed, in the SMTP server's mailbox.
      const mine = () => smtp.messages.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === email.toLowerCase()));
      await waitFor(() => mine().length > 0, 20_000, `the email owed to ${email}`);
      const [message] = mine();
      const subject = decodeHeader(message.headers.find(([n]) => n === 'subject')?.[1] ?? '');
      const body = textOf(message);
      const def = leadKinds[form.kind];
      if ('subscription' in def && def.subscription) {
        expect(subject).toMatch(/Confirm your .* newsletter subscription/);
        expect(body).toContain('/newsletter/confirm?');
      } else {
        expect(subject).toBe(`We received your ${def.label.toLowerCase()}`);
        if (form.kind === 'dataRequest') expect(body).toContain('/data-request/verify?');
      }
    });
  }
}
