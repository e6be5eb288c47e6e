import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { database, failInsertsFor, fillForm, invalidSummary, leadForms, outcome, rateLimitedText, rowsFor, screeningOf, uniqueEmail, uniqueIp, visitorContext } from '../support/lead-forms';

// The JSON endpoint the lead forms post to when the page's JavaScript runs (POST /api/leads/<name>,
// lib/leads/endpoints.ts; answered by server/lead-posts.ts before Astro). Posted here as the
// page's script does: URL-encoded fields, the site's Origin, one client address per test.

const contact = leadForms.find((f) => f.kind === 'contact')!;
const partner = leadForms.find((f) => f.kind === 'partner')!;

type Answer = { status: string; title?: string; message?: string; token?: string; values?: Record<string, string>; fieldErrors?: Record<string, string> };

function poster(request: APIRequestContext, baseURL: string, ip = uniqueIp()) {
  return (name: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request.post(`/api/leads/${name}`, {
      form: fields,
      headers: { Origin: new URL(baseURL).origin, Accept: 'application/json', 'X-Forwarded-For': ip, ...headers },
      maxRedirects: 0,
    });
}

test.describe('lead forms JSON endpoint', () => {
  test('with JavaScript, a form posts its fields to its endpoint and shows the answer without reloading the page', async ({ browser }) => {
    const ctx = await visitorContext(browser, true);
    try {
      const page = await ctx.newPage();
      await page.goto(contact.path);
      const email = uniqueEmail('endpoint-browser');
      await fillForm(page, contact, contact.valid(email));
      const posted = page.waitForRequest((r) => r.method() === 'POST');
      await page.locator(`form#${contact.formId}`).getByRole('button', { name: contact.submit }).click();
      const request = await posted;
      expect(new URL(request.url()).pathname).toBe('/api/leads/contact');
      expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
      const sent = new URLSearchParams(request.postData() ?? '');
      expect(sent.get('email')).toBe(email);
      expect(sent.get('submissionToken')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      await expect(outcome(page, contact.formId, 'status')).toContainText('Message Sent!');
      expect(await rowsFor(contact.table, email)).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });

  test('a valid contact message is stored once and answered 200 with the success text and a fresh token', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    const email = uniqueEmail('endpoint-ok');
    const token = randomUUID();
    const res = await post('contact', { ...contact.valid(email), submissionToken: token });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(res.headers()['cache-control']).toBe('no-store');
    const body = (await res.json()) as Answer;
    expect(body).toMatchObject({ status: 'success', title: 'Message Sent!', message: "We'll get back to you within 24 hours." });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(body.token).not.toBe(token);
    expect(body.values).toBeUndefined();
    const rows = await rowsFor(contact.table, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: contact.valid(email).name, subject: contact.valid(email).subject, message: contact.valid(email).message });

    // The same token again, and twice at once: the same answer, nothing new stored.
    const again = await Promise.all([1, 2].map(() => post('contact', { ...contact.valid(email), submissionToken: token })));
    for (const r of again) {
      expect(r.status()).toBe(200);
      expect(((await r.json()) as Answer).title).toBe('Message Sent!');
    }
    expect(await rowsFor(contact.table, email)).toHaveLength(1);
  });

  test('invalid fields are answered 422 with every message and what was typed; nothing is stored', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    const email = 'not-an-address';
    const res = await post('partner', { firstName: '', lastName: 'Lovelace', email, company: '', partnershipType: 'bogus', message: 'short', submissionToken: randomUUID() });
    expect(res.status()).toBe(422);
    const body = (await res.json()) as Answer;
    expect(body.status).toBe('invalid');
    expect(body.message).toBe(invalidSummary);
    expect(body.fieldErrors).toEqual({
      firstName: 'First name is required',
      email: 'Please enter a valid email',
      company: 'Company name is required',
      partnershipType: 'Please select a partnership type',
      message: 'Please provide more details about your partnership idea',
    });
    expect(body.values).toMatchObject({ lastName: 'Lovelace', email, message: 'short' });
    expect(await rowsFor(partner.table, email)).toHaveLength(0);

    const nul = uniqueEmail('endpoint-nul');
    const withNul = await post('contact', { ...contact.valid(nul), message: 'hello\u0000world', submissionToken: randomUUID() });
    expect(withNul.status()).toBe(422);
    expect(((await withNul.json()) as Answer).fieldErrors?.message).toBeTruthy();
    expect(await rowsFor(contact.table, nul)).toHaveLength(0);
  });

  test('a post from another origin is refused with 403 and nothing is stored', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    for (const origin of ['https://evil.example', 'null']) {
      const email = uniqueEmail('endpoint-foreign');
      const res = await post('contact', { ...contact.valid(email), submissionToken: randomUUID() }, { Origin: origin });
      expect(res.status(), origin).toBe(403);
      expect(await res.text()).toContain('This form was sent from another website, so it was not accepted.');
      expect(await rowsFor(contact.table, email)).toHaveLength(0);
    }
  });

  test('an unknown form is 404 and a GET is 405, each with a message', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    const res = await post('payroll', { email: uniqueEmail('endpoint-404') });
    expect(res.status()).toBe(404);
    expect(((await res.json()) as Answer).title).toBe('Form not found');
    const get = await request.get('/api/leads/contact');
    expect(get.status()).toBe(405);
    expect(await get.text()).toContain('does not accept that kind of request');
  });

  test('the honeypot answers success; the lead is held as spam and nothing is sent about it', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    const email = uniqueEmail('endpoint-bot');
    const res = await post('contact', { ...contact.valid(email), faxNumber: '+1 555 0100', submissionToken: randomUUID() });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as Answer).title).toBe('Message Sent!');
    const rows = await rowsFor(contact.table, email);
    expect(rows).toHaveLength(1);
    expect(await screeningOf('contact', String(rows[0].id))).toEqual({ status: 'spam', reasons: expect.arrayContaining(['honeypot']), queued: 0 });
  });

  test('over the per-form limit the answer is 429 with the message and the values', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    for (let i = 0; i < 5; i++) {
      const ok = await post('contact', { ...contact.valid(uniqueEmail(`endpoint-limit-${i}`)), submissionToken: randomUUID() });
      expect(ok.status()).toBe(200);
    }
    const email = uniqueEmail('endpoint-limited');
    const res = await post('contact', { ...contact.valid(email), submissionToken: randomUUID() });
    expect(res.status()).toBe(429);
    const body = (await res.json()) as Answer;
    expect(body).toMatchObject({ status: 'limited', message: rateLimitedText });
    expect(body.values?.email).toBe(email);
    expect(await rowsFor(contact.table, email)).toHaveLength(0);
  });

  test('when the database refuses the insert the answer is 503 "Submission Failed" with the values', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    const email = uniqueEmail('endpoint-fail');
    const restore = await failInsertsFor(contact.table, email);
    try {
      const res = await post('contact', { ...contact.valid(email), submissionToken: randomUUID() });
      expect(res.status()).toBe(503);
      const body = (await res.json()) as Answer;
      expect(body).toMatchObject({ status: 'failed', title: 'Submission Failed', message: contact.failure.text });
      expect(body.values?.email).toBe(email);
    } finally {
      await restore();
    }
    expect(await rowsFor(contact.table, email)).toHaveLength(0);
  });

  test('newsletter sign-ups keep their source and data requests their type', async ({ request, baseURL }) => {
    const post = poster(request, baseURL!);
    const reader = uniqueEmail('endpoint-news');
    expect((await post('newsletter-blog', { email: reader, submissionToken: randomUUID() })).status()).toBe(200);
    // A repeat sign-up, in other letter case, answers success and stores nothing new.
    expect((await post('newsletter-footer', { email: reader.toUpperCase(), submissionToken: randomUUID() })).status()).toBe(200);
    const subs = await rowsFor('newsletter_subscriptions', reader);
    expect(subs).toHaveLength(1);
    expect(subs[0].source).toBe('blog');

    const person = uniqueEmail('endpoint-gdpr');
    const res = await post('data-request', { email: person, type: 'erase', details: 'Please delete everything.', submissionToken: randomUUID() });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as Answer).title).toBe('Request Received');
    const { rows } = await database().query('select type, details from data_requests where email = $1', [person]);
    expect(rows).toEqual([{ type: 'erase', details: 'Please delete everything.' }]);
  });
});
