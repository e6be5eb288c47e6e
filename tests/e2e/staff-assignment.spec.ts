import { expect as baseExpect, test } from './fixtures';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { createStaff, insertLead, leadUrl, marker, signIn, sql, type StaffAccount } from '../support/staff-accounts';

// The assignment rules' settings (admins only) and the away toggle every staff member has, as people use
// them: typed, ticked and sent with the keyboard, the errors said next to their field, axe clean. The rule
// set here is for affiliate applications (no other staff spec posts them) and is removed at the end.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let admin: StaffAccount;
let member: StaffAccount;
test.beforeAll(() => {
  admin = createStaff('admin');
  member = createStaff('member', 'Ava Assignee');
});
test.afterAll(async () => {
  await sql(`delete from assignment_rules where lead_type = 'affiliate'`);
});

test('a member marks themselves away and back from the header, and cannot open the rules', async ({ page }) => {
  await signIn(page, member);
  const away = page.getByRole('button', { name: 'Set me away' });
  await away.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: "I'm back" })).toBeVisible();
  await expect(page.getByText('Away', { exact: true })).toBeVisible();
  expect((await sql<{ away: boolean }>(`select away_since is not null as away from staff_users where email = $1`, [member.email]))[0].away).toBe(true);
  await expectAxeCleanAtBothWidths(page);
  const response = await page.goto('/staff/assignment');
  expect(response?.status()).toBe(403);
  await page.getByRole('button', { name: "I'm back" }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Set me away' })).toBeVisible();
  expect((await sql<{ away: boolean }>(`select away_since is not null as away from staff_users where email = $1`, [member.email]))[0].away).toBe(false);
});

test('an admin sets a rule with the keyboard, is told what is wrong, and the next lead is assigned by it', async ({ page }) => {
  await signIn(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Assignment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assignment rules' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Assignment of affiliate applications' });
  await form.getByRole('checkbox', { name: new RegExp(member.name) }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('radio', { name: /Fewest open leads/ }).focus();
  await page.keyboard.press('Space');
  const cap = form.getByLabel('Most open leads each (optional)');
  await cap.click();
  await page.keyboard.type('0', { delay: 40 });
  await page.keyboard.press('Enter');
  const capError = 'The cap is a whole number of open leads from 1 to 1,000, or empty for no cap.';
  await expect(form.getByText(capError).first()).toBeVisible();
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await expect(cap).toBeFocused();
  // What was ticked and typed is still there after the refusal.
  await expect(form.getByRole('checkbox', { name: new RegExp(member.name) })).toBeChecked();
  await expect(form.getByRole('radio', { name: /Fewest open leads/ })).toBeChecked();
  await expectAxeCleanAtBothWidths(page, { reload: false });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3', { delay: 40 });
  await page.keyboard.press('Enter');
  await expect(form.getByText('Saved: new affiliate applications go to 1 member by fewest open leads, at most 3 open leads each.')).toBeVisible();
  await expect(form.getByText(/^On: /)).toBeVisible();

  // A lead queued as the post would queue it is taken by the running server's assigner within its poll.
  const m = marker();
  const id = await insertLead({ kind: 'affiliate', firstName: 'Rule', lastName: m, email: `rule-${m}@e2e.example`, website: 'https://rule.example' });
  await sql(`insert into assignment_queue (lead_type, lead_id) values ('affiliate', $1)`, [id]);
  await expect
    .poll(async () => (await sql<{ name: string | null }>(`select u.name from lead_index i left join staff_users u on u.id = i.owner_id where i.lead_id = $1`, [id]))[0]?.name)
    .toBe(member.name);
  await page.goto(leadUrl('affiliate', id));
  await expect(page.getByText(`Assigned to ${member.name} by the assignment rule`)).toBeVisible();

  // Untick the member and save: the rule is off.
  await page.goto('/staff/assignment');
  await form.getByRole('checkbox', { name: new RegExp(member.name) }).focus();
  await page.keyboard.press('Space');
  await form.getByLabel('Most open leads each (optional)').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(form.getByText('New affiliate applications are no longer assigned automatically.')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});
