import { expect as baseExpect, test } from './fixtures';
import { asFreshClient, createStaff, databaseUrl, sessionCookieOf, signIn, sql, watchPost, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

let admin: StaffAccount;
let member: StaffAccount;
test.beforeAll(() => {
  databaseUrl();
  admin = createStaff('admin');
  member = createStaff('member');
});

test.describe('staff sign-in', () => {
  test('a signed-out visit goes to sign-in and comes back to the page asked for', async ({ page }) => {
    const res = await page.goto('/staff/users?from=link');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fusers/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sign in');
    await signIn(page, admin, { expectPath: /\/staff\/users$/ });
    await expect(page.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible();
  });

  test('the return path cannot leave the staff area', async ({ page }) => {
    await page.goto('/staff/sign-in?next=//evil.example/staff');
    await signIn(page, admin, { expectPath: /127\.0\.0\.1:\d+\/staff$/ });
  });

  test('a wrong password and an unknown address get the same message', async ({ page }) => {
    await asFreshClient(page);
    await page.goto('/staff/sign-in');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByText('Incorrect email or password.');
    await expect(alert).toBeVisible();
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.getByLabel('Email').fill('nobody-at-all@e2e.example');
    await page.getByLabel('Password').fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/sign-in/);
    expect((await page.context().cookies()).some((c) => /staff_session/.test(c.name))).toBe(false);
  });

  test('an empty form says what is missing', async ({ page }) => {
    await page.goto('/staff/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the session cookie is HttpOnly, SameSite=Lax, and its token is stored only as a hash', async ({ page }) => {
    await signIn(page, member);
    const cookie = (await page.context().cookies()).find((c) => /staff_session$/.test(c.name))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBe(true); // production build
    expect(await sql('select 1 from staff_sessions where token_hash = $1', [cookie.value])).toHaveLength(0);
    const rows = await sql<{ n: number }>("select count(*)::int n from staff_sessions where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [cookie.value]);
    expect(rows[0].n).toBe(1);
  });

  test('signing in issues a new session id (a planted cookie is not adopted)', async ({ page }) => {
    const planted = 'A'.repeat(43);
    await page.context().addCookies([{ name: 'staff_session', value: planted, url: test.info().project.use.baseURL! }]);
    await signIn(page, member);
    const cookie = await sessionCookieOf(page);
    expect(cookie).not.toContain(planted);
    expect(cookie).toMatch(/=[A-Za-z0-9_-]{43}$/);
  });

  test('sign-out ends the session on the server, and Back shows no staff page', async ({ page, browser }) => {
    await signIn(page, admin);
    const cookie = await sessionCookieOf(page);
    await page.goto('/staff/users');
    await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/staff\/sign-in\?signed-out=1/);
    await expect(page.getByText('You have signed out.')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/staff\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Staff accounts' })).toHaveCount(0);
    // The old cookie, replayed by someone else, no longer opens anything.
    const other = await browser.newContext();
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await other.addCookies([{ name, value, url: page.url() }]);
    const res = await other.request.get('/staff', { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers().location).toMatch(/\/staff\/sign-in/);
    await other.close();
  });

  test('staff pages are never cached and never indexed', async ({ page }) => {
    await signIn(page, member);
    const res = await page.goto('/staff');
    expect(res?.headers()['cache-control']).toMatch(/no-store/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/Disallow: \/staff/);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/staff');
  });
});

test.describe('sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('unknown address and wrong password answer the same status and text', async ({ page }) => {
    const answers: { status: number; text: string }[] = [];
    for (const email of [admin.email, 'nobody-at-all@e2e.example']) {
      await asFreshClient(page);
      await page.goto('/staff/sign-in');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not the right password');
      const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
      await expect(page.getByText('Incorrect email or password.')).toBeVisible();
      answers.push({ status: response.status(), text: (await page.getByRole('alert').innerText()).trim() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].status).toBe(401);
  });

  test('signing in and out works without JavaScript', async ({ page }) => {
    await signIn(page, member);
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/staff\/sign-in/);
  });
});

test.describe('roles', () => {
  test('a member triages but does not manage accounts (403)', async ({ page }) => {
    await signIn(page, member);
    await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
    const res = await page.goto('/staff/users');
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  });

  test('an admin creates a member, changes the role, disables and removes the account', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/staff/users');
    const email = `new-${Date.now()}@e2e.example`;
    const who = `Nia New ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('Name').fill(who);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Initial password').fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Password must be at least 12 characters')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue(who); // a refusal keeps what was typed
    await form.getByLabel('Initial password').fill('a perfectly long passphrase');
    // While the post is in flight (slowed down here) the button says so, and the form is busy.
    const watch = await watchPost(page, (url) => url.pathname === '/staff/users', 'Add an account');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText(`Account created for ${email}`)).toBeVisible();
    expect(await watch.read()).toEqual(['Create account | null', 'Creating... | true']);
    // A success clears the form for the next account.
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Initial password')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Create account' })).toBeVisible();
    const row = page.getByRole('form', { name: `Account of ${who}` });
    await expect(row.getByText(email)).toBeVisible();
    await row.getByLabel(`Role of ${who}`, { exact: true }).selectOption('admin');
    await row.getByRole('button', { name: `Change role of ${who}` }).click();
    await expect(row.getByText('Role changed to admin.')).toBeVisible();
    await row.getByRole('button', { name: `Disable ${who}` }).click();
    await expect(row.getByText('Account disabled')).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Remove ${who}` }).click();
    await expect(page.getByRole('form', { name: `Account of ${who}` })).toHaveCount(0);
    expect(await sql('select 1 from staff_users where email = $1', [email])).toHaveLength(0);
  });
});
