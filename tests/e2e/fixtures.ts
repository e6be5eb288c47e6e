import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { createStaff, type StaffAccount } from '../support/staff-accounts';

/** The WCAG 2.x A and AA rules (2.0, 2.1 and 2.2) that every page must pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}) {
  // Every rule runs; only the violations are reported in full (the passes' nodes, which this check never
  // reads, cost a third of a run on a long page: 0.9-1.3 s against 0.5-0.75 s on /, measured 27 Nov 2026).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(wcagTags);
  if (options.include) builder = builder.include(options.include);
  // A page without frames is checked with axe.run in the page itself: the same rules on the same document.
  // The default (axe.runPartial in each frame, then axe.finishRun) exists for cross-origin frames, and opens
  // a blank page and injects axe a second time for every check (some 200 checks a run); a page with a frame
  // keeps it.
  if (page.frames().length === 1) builder = builder.setLegacyMode();
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/** `test` with a console collector: `consoleMessages` holds every console line of the page. */
export const test = base.extend<{ consoleMessages: string[] }>({
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(msg.text()));
    await use(messages);
  },
});

export { expect };

/** Staff sign-in hashes with argon2id (19 MiB): the staff suites allow for a loaded CI machine. */
export const staffExpect = expect.configure({ timeout: 15_000 });

/** An admin and a member account, made once per spec file (read them inside the tests). */
export function staffAccounts(memberName?: string) {
  test.describe.configure({ timeout: 90_000 });
  const accounts = {} as { admin: StaffAccount; member: StaffAccount };
  test.beforeAll(() => {
    accounts.admin = createStaff('admin');
    accounts.member = createStaff('member', memberName);
  });
  return accounts;
}
