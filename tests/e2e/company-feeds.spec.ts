import type { APIRequestContext, Page } from '@playwright/test';
import { getRoute } from '../../src/lib/config/routes';
import { isAbsoluteHttpUrl, parseAtom, parseRss, rfc3339Time, rfc822Time } from '../support/feed-parser';
import { expect, test } from './fixtures';
import { jsonLdOf } from '../support/page-checks';
import { loadContent } from '../support/content';

// The collections as Astro loads them (tests/support/content.ts), made into what the pages show.
const { articles } = await loadContent();

const blog = getRoute('/blog');
const first = articles[0];
const last = articles[articles.length - 1];

/** The article paths in the order the /blog list shows them (its server-rendered cards). */
async function blogListOrder(page: Page) {
  await page.goto('/blog');
  return page.locator('#articles article h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
}

/** The site's origin as the build wrote it (SITE_URL): the origin of /blog's canonical link. */
async function siteOrigin(request: APIRequestContext) {
  const html = await (await request.get('/blog')).text();
  const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  expect(canonical).toBeTruthy();
  return new URL(canonical!).origin;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

test.describe('blog feeds', () => {
  test('RSS 2.0: well-formed, application/rss+xml, required channel elements, one valid item per article in the /blog order', async ({ page, request }) => {
    const res = await request.get('/blog/rss.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parseRss(await res.text());
    const origin = await siteOrigin(request);

    expect(feed.version).toBe('2.0');
    expect(feed.namespaces.atom).toBe('http://www.w3.org/2005/Atom');
    expect(feed.namespaces.dc).toBe('http://purl.org/dc/elements/1.1/');
    const { channel } = feed;
    expect(channel.title).toBe(blog.heading);
    expect(channel.link).toBe(`${origin}/blog`);
    expect(channel.description).toBe(blog.description);
    expect(channel.language).toMatch(/^[a-z]{2}(-[a-z]{2})?$/i);
    expect(rfc822Time(channel.lastBuildDate), `lastBuildDate ${channel.lastBuildDate}`).not.toBeNaN();
    // atom:link rel="self": the feed's own address, absolute, typed.
    expect(channel.self).toEqual([{ href: `${origin}/blog/rss.xml`, rel: 'self', type: 'application/rss+xml' }]);

    const { items } = feed;
    expect(items).toHaveLength(articles.length);
    const order = await blogListOrder(page);
    expect(items.map((i) => new URL(i.link!).pathname)).toEqual(order);
    expect(new Set(items.map((i) => i.guid)).size, 'guids are unique').toBe(items.length);
    let newest = 0;
    items.forEach((item, n) => {
      const a = articles[n];
      const where = `item ${n} (${a.slug})`;
      expect(item.title || item.description, `${where}: title or description`).toBeTruthy();
      expect(item.title, where).toBe(a.title);
      expect(item.description, where).toBe(a.excerpt);
      expect(isAbsoluteHttpUrl(item.link), `${where}: absolute link`).toBe(true);
      expect(item.link, where).toBe(`${origin}/blog/${a.slug}`);
      expect(item.guid, where).toBe(item.link);
      expect(item.guidIsPermaLink, where).toBe('true');
      const time = rfc822Time(item.pubDate);
      expect(time, `${where}: pubDate ${item.pubDate} is RFC 822`).not.toBeNaN();
      expect(dayOf(time), where).toBe(a.date);
      newest = Math.max(newest, time);
      // RSS's <author> must be an e-mail address; the name is in dc:creator.
      if (item.author !== undefined) expect(item.author, where).toMatch(/^\S+@\S+\.\S+/);
      expect(item.creator, where).toBe(a.author.name);
      expect(item.categories, where).toEqual(a.category ? [a.category] : []);
    });
    expect(rfc822Time(channel.lastBuildDate)).toBe(newest);
  });

  test('Atom 1.0: well-formed, application/atom+xml, feed id, title, updated, author, links; one valid entry per article in the /blog order', async ({ page, request }) => {
    const res = await request.get('/blog/atom.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtom(await res.text());
    const origin = await siteOrigin(request);

    expect(feed.namespace).toBe('http://www.w3.org/2005/Atom');
    expect(isAbsoluteHttpUrl(feed.id), `feed id ${feed.id}`).toBe(true);
    expect(feed.title).toBe(blog.heading);
    expect(feed.subtitle).toBe(blog.description);
    const updated = rfc3339Time(feed.updated);
    expect(updated, `feed updated ${feed.updated}`).not.toBeNaN();
    expect(feed.authors.length, 'the feed has an author').toBeGreaterThan(0);
    expect(feed.authors.every((name) => name.length > 0)).toBe(true);
    expect(feed.links).toContainEqual({ rel: 'self', type: 'application/atom+xml', href: `${origin}/blog/atom.xml` });
    expect(feed.links).toContainEqual({ rel: 'alternate', type: 'text/html', href: `${origin}/blog` });
    for (const link of feed.links) expect(isAbsoluteHttpUrl(link.href), link.href).toBe(true);

    const { entries } = feed;
    expect(entries).toHaveLength(articles.length);
    const order = await blogListOrder(page);
    expect(entries.map((e) => new URL(e.links.find((l) => l.rel === 'alternate')!.href).pathname)).toEqual(order);
    expect(new Set(entries.map((e) => e.id)).size, 'entry ids are unique').toBe(entries.length);
    entries.forEach((entry, n) => {
      const a = articles[n];
      const where = `entry ${n} (${a.slug})`;
      expect(entry.id && isAbsoluteHttpUrl(entry.id), `${where}: id is an absolute IRI`).toBe(true);
      expect(entry.title, where).toBe(a.title);
      expect(entry.summary, where).toBe(a.excerpt);
      const entryUpdated = rfc3339Time(entry.updated);
      const published = rfc3339Time(entry.published);
      expect(entryUpdated, `${where}: updated ${entry.updated}`).not.toBeNaN();
      expect(published, `${where}: published ${entry.published}`).not.toBeNaN();
      expect(dayOf(published), where).toBe(a.date);
      expect(entryUpdated).toBeGreaterThanOrEqual(published);
      expect(entryUpdated).toBeLessThanOrEqual(updated);
      expect(entry.links, where).toEqual([{ rel: 'alternate', type: 'text/html', href: `${origin}/blog/${a.slug}` }]);
      expect(entry.authors, where).toEqual([a.author.name]);
      expect(entry.categories, where).toEqual(a.category ? [a.category] : []);
    });
    expect(updated).toBe(Math.max(...entries.map((e) => rfc3339Time(e.updated))));
  });

  test('the feeds are compressed and revalidated like the other built files, and kept out of the sitemap', async ({ request }) => {
    for (const [path, type] of [
      ['/blog/rss.xml', 'application/rss+xml; charset=utf-8'],
      ['/blog/atom.xml', 'application/atom+xml; charset=utf-8'],
    ]) {
      const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers()['content-encoding'], path).toBe('br');
      expect(res.headers()['x-content-type-options']).toBe('nosniff');
      const etag = res.headers().etag;
      expect(etag).toBeTruthy();
      expect((await request.get(path, { headers: { 'if-none-match': etag } })).status()).toBe(304);
      const head = await request.head(path);
      expect(head.status()).toBe(200);
      expect(head.headers()['content-type']).toBe(type);
    }
    // The sitemap stays XML of its own type, and lists pages only.
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    expect(xml).not.toContain('rss.xml');
    expect(xml).not.toContain('atom.xml');
  });

  for (const path of ['/blog', `/blog/${first.slug}`]) {
    test(`${path} announces both feeds in <head>`, async ({ page, request }) => {
      await page.goto(path);
      for (const [type, feedPath] of [
        ['application/rss+xml', '/blog/rss.xml'],
        ['application/atom+xml', '/blog/atom.xml'],
      ]) {
        const link = page.locator(`head link[rel="alternate"][type="${type}"]`);
        await expect(link).toHaveCount(1);
        expect(await link.getAttribute('title')).toMatch(/^Postcraft blog/);
        const href = await link.evaluate((el) => (el as HTMLLinkElement).href);
        expect(new URL(href).pathname).toBe(feedPath);
        expect((await request.get(href)).status()).toBe(200);
      }
      expect(await page.locator('head link[type="application/rss+xml"]').getAttribute('title')).toBe('Postcraft blog');
    });
  }

  test('/blog links visibly to both feeds, reachable by keyboard with a visible focus', async ({ page }) => {
    await page.goto('/blog');
    for (const [name, href] of [
      ['RSS feed', '/blog/rss.xml'],
      ['Atom feed', '/blog/atom.xml'],
    ]) {
      const link = page.getByRole('main').getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toContainText(name.split(' ')[0]);
    }
    // From the skip link onwards, Tab reaches the RSS link before anything else in the page's content.
    const rss = page.getByRole('link', { name: 'RSS feed', exact: true });
    await page.getByRole('main').focus();
    await page.keyboard.press('Tab');
    await expect(rss).toBeFocused();
    const focus = await rss.evaluate((el) => {
      const style = getComputedStyle(el);
      return { visible: el.matches(':focus-visible'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(focus.visible).toBe(true);
    expect(focus.outline).not.toBe('none');
    expect(focus.width).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Atom feed', exact: true })).toBeFocused();
  });
});

test.describe('article pages', () => {
  test('every article page has exactly one Article JSON-LD: headline is the h1, dates, author, image, mainEntityOfPage', async ({ page, request }) => {
    test.setTimeout(60_000);
    const origin = await siteOrigin(request);
    for (const a of articles) {
      await page.goto(`/blog/${a.slug}`);
      const ld = (await jsonLdOf(page)).filter((d) => d['@type'] === 'Article' || d['@type'] === 'BlogPosting');
      expect(ld, a.slug).toHaveLength(1);
      const [article] = ld as Record<string, unknown>[];
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(article.headline));
      expect(article.headline).toBe(a.title);
      expect(article.datePublished).toBe(a.date);
      expect(Number.isNaN(Date.parse(String(article.dateModified))), a.slug).toBe(false);
      expect(article.author).toMatchObject({ '@type': 'Person', name: a.author.name });
      expect(article.mainEntityOfPage).toMatchObject({ '@id': `${origin}/blog/${a.slug}` });
      const images = ([] as unknown[]).concat(article.image);
      expect(images.length, a.slug).toBeGreaterThan(0);
      for (const image of images) {
        expect(isAbsoluteHttpUrl(String(image)), String(image)).toBe(true);
        expect((await request.get(new URL(String(image)).pathname)).status(), String(image)).toBe(200);
      }
    }
  });

  test('previous and next links follow the /blog order; the newest has only Next, the oldest only Previous', async ({ page }) => {
    test.setTimeout(60_000);
    const order = await blogListOrder(page);
    expect(order).toEqual(articles.map((a) => `/blog/${a.slug}`));
    for (const [n, path] of order.entries()) {
      await page.goto(path!);
      const nav = page.getByRole('navigation', { name: 'Previous and next articles' });
      await expect(nav).toHaveCount(1);
      const previous = nav.getByRole('link', { name: /^Previous article/ });
      const next = nav.getByRole('link', { name: /^Next article/ });
      if (n === 0) await expect(previous).toHaveCount(0);
      else await expect(previous).toHaveAttribute('href', order[n - 1]!);
      if (n === order.length - 1) await expect(next).toHaveCount(0);
      else await expect(next).toHaveAttribute('href', order[n + 1]!);
      await expect(nav.getByRole('link')).toHaveCount(n === 0 || n === order.length - 1 ? 1 : 2);
    }
  });

  test('the pager navigates: Next from the newest article, Previous back, and the links name their articles', async ({ page }) => {
    await page.goto(`/blog/${first.slug}`);
    const nav = page.getByRole('navigation', { name: 'Previous and next articles' });
    await nav.getByRole('link', { name: new RegExp(`^Next article ${articles[1].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${articles[1].slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(articles[1].title);
    await nav.getByRole('link', { name: /^Previous article/ }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);

    await page.goto(`/blog/${last.slug}`);
    await expect(nav.getByRole('link')).toHaveCount(1);
    await nav.getByRole('link', { name: /^Previous article/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/blog/${articles[articles.length - 2].slug}$`));
  });
});
