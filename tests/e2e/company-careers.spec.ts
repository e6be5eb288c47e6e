import { site } from '../../src/lib/config/site';
import { expect, test } from './fixtures';
import { expectAxeCleanAtBothWidths, jsonLdOf } from '../support/page-checks';
import { collectErrors, markDocument, pageWithoutJs } from '../support/no-script-pages';
import { loadContent } from '../support/content';

// The collections as Astro loads them (tests/support/content.ts), made into what the pages show.
const { jobs: allJobs } = await loadContent();

// axe runs at two widths take a while on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 });

const departments = ['All', 'Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations'];

/** The titles the filter keeps (title or description, any case, AND the department), written here independently of lib/filters.ts. */
function expected(q: string, department: string) {
  const needle = q.trim().toLowerCase();
  return allJobs
    .filter((j) => (department === 'All' || j.department === department) && `${j.title}\n${j.description}`.toLowerCase().includes(needle))
    .map((j) => j.title);
}

test.describe('/careers', () => {
  test('perks, at least 8 jobs with every field, Apply Now emails the careers address with the job title', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 2, name: 'Perks & benefits' })).toBeVisible();
    await expect(page.locator('#perks li')).toHaveCount(6);

    const jobs = page.locator('#open-positions article');
    expect(await jobs.count()).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole('status')).toHaveText(`${await jobs.count()} positions`);
    // Every department of the filter has at least one job.
    for (const d of departments.slice(1)) {
      await expect(jobs.filter({ hasText: d }).first()).toBeVisible();
    }
    const first = jobs.first();
    await expect(first.getByRole('heading', { level: 3, name: 'Senior Full-Stack Engineer' })).toBeVisible();
    await expect(first.getByText('Engineering', { exact: true })).toBeVisible();
    await expect(first.getByText('Remote (US)')).toBeVisible();
    await expect(first.getByText('Full-time')).toBeVisible();
    await expect(first.getByText('5+ years', { exact: true })).toBeVisible();
    await expect(first.getByText(/^Build the publishing pipeline/)).toBeVisible();
    await expect(first.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await expect(first.getByRole('listitem').filter({ hasText: 'TypeScript' })).toHaveCount(1);

    for (const job of await jobs.all()) {
      const title = (await job.getByRole('heading', { level: 3 }).textContent())!;
      const apply = job.getByRole('link', { name: `Apply Now: ${title}` });
      await expect(apply).toHaveText('Apply Now');
      const href = (await apply.getAttribute('href'))!;
      const url = new URL(href);
      expect(url.protocol).toBe('mailto:');
      expect(url.pathname).toBe(site.contacts.careers);
      expect(url.searchParams.get('subject')).toBe(title);
    }
  });

  test('search matches title or description, case-insensitively; the department filter combines with AND', async ({ page }) => {
    await page.goto('/careers');
    const jobs = page.locator('#open-positions article');
    const search = page.getByRole('searchbox', { name: 'Search positions' });
    const status = page.getByRole('status');

    // Title match, any case.
    await search.fill('ENGINEER');
    await expect(jobs).toHaveCount(5);
    await expect(status).toHaveText('Showing 5 of 10 positions');
    // Description-only match ("pipeline" is in no title).
    await search.fill('PipeLine');
    await expect(jobs).toHaveCount(1);
    await expect(jobs.getByRole('heading', { level: 3 })).toHaveText('Senior Full-Stack Engineer');

    // Department alone.
    await search.fill('');
    const group = page.getByRole('group', { name: 'Department' });
    await expect(group.getByRole('button')).toHaveText(departments);
    await group.getByRole('button', { name: 'Design' }).click();
    await expect(group.getByRole('button', { name: 'Design' })).toHaveAttribute('aria-pressed', 'true');
    await expect(jobs).toHaveCount(2);
    await expect(page).toHaveURL(/\/careers\?category=Design$/);

    // AND: "designer" within Design = both; "pipeline" (an Engineering job) within Design = none.
    await search.fill('designer');
    await expect(jobs).toHaveCount(2);
    await search.fill('pipeline');
    await expect(jobs).toHaveCount(0);
    await expect(page.getByText('No positions found matching your criteria.')).toBeVisible();
    await expect(page).toHaveURL(/\?q=pipeline&category=Design$/);

    // Clear Filters resets both.
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(search).toHaveValue('');
    await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await expect(jobs).toHaveCount(10);
    await expect(page).toHaveURL(/\/careers$/);
    await expect(search).toBeFocused();
  });

  test('filter state round-trips through the URL (reload and direct link)', async ({ page }) => {
    await page.goto('/careers?q=manager&category=Marketing');
    const jobs = page.locator('#open-positions article');
    await expect(page.getByRole('searchbox', { name: 'Search positions' })).toHaveValue('manager');
    await expect(page.getByRole('button', { name: 'Marketing', pressed: true })).toBeVisible();
    await expect(jobs).toHaveCount(1);
    await expect(jobs.getByRole('heading', { level: 3 })).toHaveText('Content Marketing Manager');
    await page.reload();
    await expect(jobs).toHaveCount(1);
    // An unknown department reads as All.
    await page.goto('/careers?category=Nope');
    await expect(page.getByRole('button', { name: 'All', pressed: true })).toBeVisible();
    await expect(jobs).toHaveCount(10);
  });

  test('filters work from the keyboard alone', async ({ page }) => {
    await page.goto('/careers');
    const search = page.getByRole('searchbox', { name: 'Search positions' });
    await search.focus();
    await page.keyboard.type('zzz-no-such-role');
    await expect(page.getByText('No positions found matching your criteria.')).toBeVisible();
    // Tab through the chips to Clear Filters: search -> 7 department buttons -> Clear Filters.
    for (let i = 0; i < departments.length + 1; i++) await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Clear Filters' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#open-positions article')).toHaveCount(10);
    // Back to the chips: Tab from the search box lands on "All", then "Engineering".
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Engineering' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('#open-positions article')).toHaveCount(3);
    await expect(page).toHaveURL(/category=Engineering/);
  });

  test('without JavaScript the filters are a form the server answers: Enter, a department, the empty state and Clear Filters', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/careers');
    const jobs = page.locator('#open-positions article');
    const titles = jobs.getByRole('heading', { level: 3 });
    const search = page.getByRole('searchbox', { name: 'Search positions' });
    const group = page.getByRole('group', { name: 'Department' });
    const status = page.getByRole('status');
    await expect(jobs).toHaveCount(allJobs.length);

    // A word and Enter.
    await search.fill('engineer');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/careers\?q=engineer#open-positions$/);
    await expect(titles).toHaveText(expected('engineer', 'All'));
    await expect(status).toHaveText(`Showing ${expected('engineer', 'All').length} of ${allJobs.length} positions`);
    await expect(search).toHaveValue('engineer');
    await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    // A department keeps the search text; the search button then keeps the department.
    await group.getByRole('button', { name: 'Engineering' }).click();
    await expect(page).toHaveURL(/\?q=engineer&category=Engineering#open-positions$/);
    await expect(titles).toHaveText(expected('engineer', 'Engineering'));
    await expect(group.getByRole('button', { name: 'Engineering' })).toHaveAttribute('aria-pressed', 'true');
    await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(search).toHaveValue('engineer');
    await search.fill('mobile');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\?q=mobile&category=Engineering#open-positions$/);
    await expect(titles).toHaveText(expected('mobile', 'Engineering'));
    expect(expected('mobile', 'Engineering')).toHaveLength(1);

    // Nothing matches: the empty state, whose Clear Filters is a link to the bare page.
    await search.fill('zzz-no-such-role');
    await search.press('Enter');
    await expect(page.getByText('No positions found matching your criteria.')).toBeVisible();
    await expect(jobs).toHaveCount(0);
    await expect(status).toHaveText(`Showing 0 of ${allJobs.length} positions`);
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/careers#open-positions$/);
    await expect(jobs).toHaveCount(allJobs.length);
    await expect(status).toHaveText(`${allJobs.length} positions`);
    await expect(search).toHaveValue('');
    await page.context().close();
  });

  test('a filtered address hydrates as served (no console error) and then filters as you type, without loading a page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/careers?q=e&category=Engineering', { waitUntil: 'networkidle' });
    const jobs = page.locator('#open-positions article');
    const search = page.getByRole('searchbox', { name: 'Search positions' });
    await expect(jobs.getByRole('heading', { level: 3 })).toHaveText(expected('e', 'Engineering'));
    await expect(page.getByRole('button', { name: 'Engineering', pressed: true })).toBeVisible();
    await expect(search).toHaveValue('e');
    // The Search button is for pages without JavaScript only.
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();

    const sameDocument = await markDocument(page);
    await search.press('End');
    await search.pressSequentially('ngineer (React');
    await expect(jobs.getByRole('heading', { level: 3 })).toHaveText(expected('engineer (react', 'Engineering'));
    await expect(page).toHaveURL(/\/careers\?q=engineer\+%28React&category=Engineering$/);
    await search.press('Enter');
    await page.getByRole('button', { name: 'All' }).click();
    await expect(jobs.getByRole('heading', { level: 3 })).toHaveText(expected('engineer (react', 'All'));
    expect(await sameDocument()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('one schema.org JobPosting per job, with the fields search engines require', async ({ page }) => {
    await page.goto('/careers');
    const titles = await page.locator('#open-positions article h3').allTextContents();
    const postings = (await jsonLdOf(page)).filter((d) => d['@type'] === 'JobPosting');
    expect(postings.map((p) => p.title)).toEqual(titles);
    for (const p of postings) {
      expect(p['@context']).toBe('https://schema.org');
      expect(p).toMatchObject({
        description: expect.stringContaining('<p>'),
        datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        validThrough: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        employmentType: expect.stringMatching(/^(FULL_TIME|PART_TIME|CONTRACTOR)$/),
        hiringOrganization: { '@type': 'Organization', name: site.name },
      });
      expect(Date.parse(p.validThrough as string)).toBeGreaterThan(Date.parse(p.datePosted as string));
      // Either an office (Place with a PostalAddress) or a remote role with applicant locations.
      if (p.jobLocationType) {
        expect(p.jobLocationType).toBe('TELECOMMUTE');
        expect((p.applicantLocationRequirements as { '@type': string }[]).length).toBeGreaterThan(0);
      } else {
        expect(p.jobLocation).toMatchObject({ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: expect.any(String) } });
      }
    }
  });

  // /careers as first shown: site-shell.spec.ts checks every public route.
  test('axe: no violations at 1280 and 375 px in the empty state', async ({ page }) => {
    await page.goto('/careers?q=zzz', { waitUntil: 'networkidle' });
    await expect(page.getByText('No positions found matching your criteria.')).toBeVisible();
    await expectAxeCleanAtBothWidths(page);
  });
});
