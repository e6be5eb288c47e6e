import { describe, expect, it } from 'vitest';
import { configuredChannels, defaultFromAddress, deliverySettings, webhookConfigProblem } from '@/lib/notify/config';
import { Webhook } from 'standardwebhooks';
import { bodyText, buildEmail, buildWebhookBody, headerText } from '@/lib/notify/message';
import { webhookHeaders } from '@/lib/notify/send';
import { maxAttempts, retryCapsMs, retryDelayMs } from '@/lib/notify/retry';

const minute = 60_000;

describe('retry schedule', () => {
  it('at least 8 attempts, with caps from 1 minute to 24 hours', () => {
    expect(maxAttempts).toBeGreaterThanOrEqual(8);
    expect(retryCapsMs).toEqual([1, 5, 15, 60, 180, 360, 720, 1440].map((m) => m * minute));
  });

  it('full jitter: each wait is uniform between 1 s and its cap', () => {
    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      const cap = retryCapsMs[attempt - 1];
      expect(retryDelayMs(attempt, () => 0.999999)).toBeLessThanOrEqual(cap);
      expect(retryDelayMs(attempt, () => 0.999999)).toBeGreaterThan(cap * 0.99);
      expect(retryDelayMs(attempt, () => 0)).toBe(1000);
      expect(retryDelayMs(attempt, () => 0.5)).toBe(cap / 2);
    }
    // Beyond the table the last cap holds.
    expect(retryDelayMs(50, () => 0.5)).toBe(720 * minute);
  });

  it('spread over about a day: the expected total wait is between 12 and 36 hours', () => {
    const expectedTotal = retryCapsMs.reduce((s, c) => s + c / 2, 0);
    expect(expectedTotal / (60 * minute)).toBeGreaterThan(12);
    expect(expectedTotal / (60 * minute)).toBeLessThan(36);
    // Sampled: 2,000 schedules with Math.random.
    let total = 0;
    for (let i = 0; i < 2000; i++) for (let a = 1; a < maxAttempts; a++) total += retryDelayMs(a);
    const hours = total / 2000 / (60 * minute);
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(26);
  });
});

describe('header and body text', () => {
  it('headerText: CR, LF, other controls and line separators become spaces; long text is cut', () => {
    expect(headerText('Mallory\r\nBcc: x@evil')).toBe('Mallory Bcc: x@evil');
    expect(headerText('a\u0000b\u001Bc\u0085d\u2028e\u2029f\tg')).toBe('a b c d e f g');
    expect(headerText('x'.repeat(500), 20)).toHaveLength(20);
    expect(headerText(null)).toBe('');
  });

  it('bodyText keeps line breaks (as LF) and tabs, and drops other control characters', () => {
    expect(bodyText('a\r\nb\rc\nd\te\u0000f\u001Bg')).toBe('a\nb\nc\nd\tefg');
  });
});

describe('messages', () => {
  const lead = {
    id: '00000000-0000-4000-8000-000000000001',
    created_at: new Date('2026-01-02T03:04:05.000Z'),
    name: 'Zoë "Z" <zoe>',
    email: 'zoe@example.com',
    company: null,
    subject: 'Pricing\r\nBcc: a@b',
    message: 'Line one\nLine two',
  };

  it('the email: fixed subject text plus sanitised values, fields as text, empty fields marked', () => {
    const mail = buildEmail('contact', lead, { from: 'f@x.example', to: 't@x.example', deliveryId: 'd1' });
    expect(mail.subject).toBe('New contact message: Pricing Bcc: a@b (from Zoë "Z" <zoe>)');
    expect(mail.replyTo).toBe('zoe@example.com');
    expect(mail.text).toContain('Name: Zoë "Z" <zoe>\n');
    expect(mail.text).toContain('Company: (not given)\n');
    expect(mail.text).toContain('Subject: Pricing Bcc: a@b\n');
    expect(mail.text).toContain('Message:\n  Line one\n  Line two\n');
    expect(mail.text).toContain('Received: 2026-01-02T03:04:05.000Z\n');
    expect(mail.text).not.toContain('Staff inbox');
    expect(mail.headers).toEqual({ 'X-Postcraft-Delivery-Id': 'd1' });
  });

  it('no Reply-To from an address that is not a plain one', () => {
    const mail = buildEmail('contact', { ...lead, email: 'a@b.example, c@d.example' }, { from: 'f', to: 't', deliveryId: 'd' });
    expect(mail.replyTo).toBeUndefined();
  });

  it('the webhook body and its signature', () => {
    const body = buildWebhookBody('contact', lead);
    expect(JSON.parse(body)).toEqual({
      event: 'lead.created',
      type: 'contact',
      id: lead.id,
      createdAt: '2026-01-02T03:04:05.000Z',
      fields: { name: lead.name, email: lead.email, company: null, subject: lead.subject, message: lead.message },
      attribution: { source: null, medium: null, campaign: null, term: null, content: null, referrer: null, page: null, referral: null },
    });
  });

  it('where the lead came from goes into the webhook and the staff email (loadLead reads it as attr_* columns)', () => {
    const tagged = { ...lead, attr_utm_source: 'news', attr_utm_campaign: 'spring\nLaunch', attr_referrer_host: 'example.org', attr_page: '/contact', attr_referral_code: 'jane-doe' };
    expect(JSON.parse(buildWebhookBody('contact', tagged)).attribution).toEqual({
      source: 'news',
      medium: null,
      campaign: 'spring\nLaunch',
      term: null,
      content: null,
      referrer: 'example.org',
      page: '/contact',
      referral: 'jane-doe',
    });
    const text = buildEmail('contact', tagged, { from: 'f@x.example', to: 't@x.example', deliveryId: 'd1' }).text;
    expect(text).toContain('Source: news\nCampaign: spring Launch\nReferred by: example.org\nForm page: /contact\nAffiliate code: jane-doe\n');
    expect(buildEmail('contact', lead, { from: 'f@x.example', to: 't@x.example', deliveryId: 'd1' }).text).not.toContain('Source:');
  });
});

describe('webhook signatures (Standard Webhooks)', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const body = JSON.stringify({ event: 'lead.created', type: 'contact', id: 'x' });

  it('signs id, timestamp and body; a receiver verifies it with the standard library, and refuses a changed body or an old call', () => {
    const now = new Date();
    const headers = webhookHeaders(body, 'delivery-1', secret, now);
    expect(headers['webhook-id']).toBe('delivery-1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('contact', 'partner'), headers)).toThrow();
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'delivery-2' })).toThrow();
    // A call captured and replayed ten minutes later is refused (the standard's tolerance is five).
    const old = webhookHeaders(body, 'delivery-1', secret, new Date(now.getTime() - 10 * 60_000));
    expect(() => receiver.verify(body, old)).toThrow(/timestamp/i);
    // A secret written as plain text (32 characters or more) is used as it is.
    const plain = 'a plain secret of at least 32 characters';
    expect(new Webhook(plain, { format: 'raw' }).verify(body, webhookHeaders(body, 'd', plain))).toEqual(JSON.parse(body));
  });

  it('WEBHOOK_URL needs https (http only to this machine) and a WEBHOOK_SECRET of at least 32 bytes', () => {
    expect(webhookConfigProblem({})).toBeUndefined();
    expect(webhookConfigProblem({ WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: secret })).toBeUndefined();
    expect(webhookConfigProblem({ WEBHOOK_URL: 'http://127.0.0.1:9000/x', WEBHOOK_SECRET: secret })).toBeUndefined();
    expect(webhookConfigProblem({ WEBHOOK_URL: 'http://localhost:9000/x', WEBHOOK_SECRET: secret })).toBeUndefined();
    expect(webhookConfigProblem({ WEBHOOK_URL: 'http://hooks.example.com/x', WEBHOOK_SECRET: secret })).toMatch(/^WEBHOOK_URL must start with https:\/\//);
    expect(webhookConfigProblem({ WEBHOOK_URL: 'not a url', WEBHOOK_SECRET: secret })).toMatch(/^WEBHOOK_URL is not a valid URL/);
    for (const weak of [undefined, '', 'short', `whsec_${Buffer.alloc(24).toString('base64')}`, 'whsec_not*base64', 'x'.repeat(31)]) {
      expect(webhookConfigProblem({ WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: weak }), String(weak)).toMatch(/^WEBHOOK_SECRET must be set with WEBHOOK_URL/);
    }
  });
});

describe('configuration', () => {
  it('channels follow SMTP_URL and WEBHOOK_URL; blank counts as unset', () => {
    expect(configuredChannels({})).toEqual([]);
    expect(configuredChannels({ SMTP_URL: ' ', WEBHOOK_URL: '' })).toEqual([]);
    expect(configuredChannels({ SMTP_URL: 'smtp://x' })).toEqual(['email']);
    expect(configuredChannels({ SMTP_URL: 'smtp://x', WEBHOOK_URL: 'https://h' })).toEqual(['email', 'webhook']);
  });

  it('the default sender is a no-reply address at the site domain', () => {
    expect(defaultFromAddress({})).toBe('Postcraft notifications <notifications@postcraft.example>');
    expect(defaultFromAddress({ SITE_URL: 'https://www.example.org' })).toBe('Postcraft notifications <notifications@example.org>');
    expect(defaultFromAddress({ SITE_URL: 'http://127.0.0.1:3000' })).toBe('Postcraft notifications <notifications@postcraft.example>');
    expect(deliverySettings({ NOTIFY_EMAIL_FROM: 'A <a@b.example>' }).emailFrom).toBe('A <a@b.example>');
  });
});
