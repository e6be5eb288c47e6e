import { describe, expect, it } from 'vitest';
import { channelOn, channelSetting, configuredChannels, deliverySettings, slackConfigProblem, webhookConfigProblem } from '@/lib/notify/config';
import type { LeadRow } from '@/lib/notify/leads';
import { buildSlackMessage, slackText, slackValueMax, type SlackMessage } from '@/lib/notify/slack';

const site = 'https://www.postcraft.example';
const attribution = (a: Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign' | 'referrer_host', string>> = {}) => ({
  attr_utm_source: a.utm_source ?? null,
  attr_utm_medium: a.utm_medium ?? null,
  attr_utm_campaign: a.utm_campaign ?? null,
  attr_utm_term: null,
  attr_utm_content: null,
  attr_referrer_host: a.referrer_host ?? null,
  attr_page: '/agency',
  attr_referral_code: null,
});
const agencyLead = (over: Record<string, unknown> = {}): LeadRow => ({
  id: '3f0a8c1e-2b7d-4c55-9f00-0123456789ab',
  created_at: new Date('2026-11-27T16:00:00Z'),
  name: 'Jane Doe',
  email: 'jane@example.com',
  business_name: 'Acme Studio',
  monthly_budget: '1k-5k',
  message: 'Hello there',
  ...attribution({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring' }),
  ...over,
});

/** Every text a Slack client renders: the notification text and each block's texts. */
function texts(m: SlackMessage): string[] {
  const out = [m.text];
  for (const b of m.blocks) {
    if (b.type === 'header') out.push(b.text.text);
    if (b.type === 'section') out.push(...b.fields.map((f) => f.text));
    if (b.type === 'actions') out.push(...b.elements.map((e) => e.text.text));
  }
  return out;
}

describe('the Slack message (Block Kit)', () => {
  it('a header with the kind, the name, company, source and campaign, and a button to the staff page', () => {
    const m = buildSlackMessage('agency', agencyLead(), site);
    expect(m).toEqual({
      text: 'New agency enquiry: Jane Doe',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'New agency enquiry', emoji: false } },
        {
          type: 'section',
          fields: [
            { type: 'mrkdwn', text: '*Name*\nJane Doe' },
            { type: 'mrkdwn', text: '*Company*\nAcme Studio' },
            { type: 'mrkdwn', text: '*Source*\nnews / email' },
            { type: 'mrkdwn', text: '*Campaign*\nspring' },
          ],
        },
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              text: { type: 'plain_text', text: 'Open the lead', emoji: false },
              url: 'https://www.postcraft.example/staff/leads/agency/3f0a8c1e-2b7d-4c55-9f00-0123456789ab',
              action_id: 'open-lead',
            },
          ],
        },
      ],
      unfurl_links: false,
      unfurl_media: false,
    });
    // The message carries nothing else the visitor wrote: not the address, not the message.
    const body = JSON.stringify(m);
    expect(body).not.toContain('jane@example.com');
    expect(body).not.toContain('Hello there');
  });

  it('the referring site when there are no campaign tags; "Direct or not known" when nothing is known; missing values said so', () => {
    const referred = buildSlackMessage('agency', agencyLead(attribution({ referrer_host: 'blog.example.org' })), site);
    expect(referred.blocks[1]).toMatchObject({ fields: [{}, {}, { text: '*Source*\nblog.example.org' }] });
    const direct = buildSlackMessage('contact', { id: 'x', created_at: new Date(), name: '', company: null, ...attribution() }, `${site}/`);
    expect(direct.text).toBe('New contact message');
    expect(direct.blocks[1]).toEqual({
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: '*Name*\n_Not given_' },
        { type: 'mrkdwn', text: '*Company*\n_Not given_' },
        { type: 'mrkdwn', text: '*Source*\n_Direct or not known_' },
      ],
    });
    expect(direct.blocks[2]).toMatchObject({ elements: [{ url: 'https://www.postcraft.example/staff/leads/contact/x' }] });
  });

  it('a data request or a newsletter sign-up sends no name and no address to Slack', () => {
    for (const [kind, row] of [
      ['dataRequest', { email: 'private@example.com', type: 'erasure', details: 'please delete' }],
      ['newsletter', { email: 'reader@example.com', source: 'footer' }],
    ] as const) {
      const m = buildSlackMessage(kind, { id: 'id-1', created_at: new Date(), ...row, ...attribution() }, site);
      expect(JSON.stringify(m)).not.toContain('@example.com');
      expect(m.blocks[1]).toEqual({ type: 'section', fields: [{ type: 'mrkdwn', text: '*Source*\n_Direct or not known_' }] });
    }
    expect(buildSlackMessage('dataRequest', { id: 'id-1', created_at: new Date(), ...attribution() }, site).blocks[0]).toMatchObject({ text: { text: 'New data request' } });
  });

  it('what a visitor typed cannot add links, mentions or formatting codes, nor break the JSON', () => {
    const hostile = {
      name: 'Eve <!channel> <@U024BE7LH> <https://evil.example|Click to log in> @here & @everyone',
      business_name: '"},{"type":"section","text":{"type":"mrkdwn","text":"<!here>"}} \u0000\r\nX-Injected: 1',
      ...attribution({ utm_source: '<https://phish.example|news>', utm_campaign: '<!subteam^S123>' }),
    };
    const m = buildSlackMessage('agency', agencyLead(hostile), site);
    const body = JSON.stringify(m);
    // The shape is the builder's: three blocks, the section's four fields, whatever the values held.
    const parsed = JSON.parse(body) as SlackMessage;
    expect(parsed.blocks.map((b) => b.type)).toEqual(['header', 'section', 'actions']);
    expect(parsed.blocks[1]).toMatchObject({ fields: { length: 4 } });
    for (const text of texts(parsed)) {
      // No control sequence of Slack's markup survives: every < and > a visitor typed is an entity.
      expect(text).not.toMatch(/<[!@#]|<https?:/);
      // No mention Slack would expand, with or without link_names.
      expect(text).not.toMatch(/@(here|channel|everyone)/i);
      // No control character but the line break between a field's label and its value.
      expect(text.replace('*\n', '*')).not.toMatch(/[\u0000-\u001F\u007F]/);
    }
    const [name, company, source, campaign] = (parsed.blocks[1] as { fields: { text: string }[] }).fields.map((f) => f.text);
    expect(name).toBe('*Name*\nEve &lt;!channel&gt; &lt;@U024BE7LH&gt; &lt;https://evil.example|Click to log in&gt; @\u200dhere &amp; @\u200deveryone');
    expect(company).toBe('*Company*\n"},{"type":"section","text":{"type":"mrkdwn","text":"&lt;!here&gt;"}} X-Injected: 1');
    expect(source).toBe('*Source*\n&lt;https://phish.example|news&gt;');
    expect(campaign).toBe('*Campaign*\n&lt;!subteam^S123&gt;');
    expect(parsed.text).toBe('New agency enquiry: Eve &lt;!channel&gt; &lt;@U024BE7LH&gt; &lt;https://evil.example|Click to log in&gt; @\u200dhere &amp; @\u200deveryone');
  });

  it('long values are cut (before escaping, so no entity is split), and the button link is always ours', () => {
    const long = 'x'.repeat(5000);
    const m = buildSlackMessage('agency', agencyLead({ name: long, business_name: `${'&'.repeat(slackValueMax - 1)}<<<` }), site);
    const [name, company] = (m.blocks[1] as { fields: { text: string }[] }).fields.map((f) => f.text.split('\n')[1]);
    expect(name).toBe(`${'x'.repeat(slackValueMax - 1)}…`);
    expect(company).toBe(`${'&amp;'.repeat(slackValueMax - 1)}…`);
    expect(m.text.length).toBeLessThan(200);
    expect(slackText('a\u2028b\tc\u0085d')).toBe('a b c d');
    const odd = buildSlackMessage('agency', agencyLead({ id: '../../admin?x=<1>' }), site);
    expect(odd.blocks[2]).toMatchObject({ elements: [{ url: 'https://www.postcraft.example/staff/leads/agency/..%2F..%2Fadmin%3Fx%3D%3C1%3E' }] });
  });
});

describe('SLACK_WEBHOOK_URL', () => {
  it('turns the slack channel on beside email and the webhook; blank counts as unset', () => {
    expect(configuredChannels({ SLACK_WEBHOOK_URL: ' ' })).toEqual([]);
    expect(configuredChannels({ SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' })).toEqual(['slack']);
    expect(configuredChannels({ SMTP_URL: 'smtp://x', WEBHOOK_URL: 'https://h', SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' })).toEqual(['email', 'webhook', 'slack']);
    expect(channelSetting('slack')).toBe('SLACK_WEBHOOK_URL');
    expect(channelOn('slack', { SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' })).toBe(true);
    expect(channelOn('slack', { WEBHOOK_URL: 'https://h' })).toBe(false);
    expect(deliverySettings({ SLACK_WEBHOOK_URL: ' https://hooks.slack.com/services/T/B/x ' }).slackWebhookUrl).toBe('https://hooks.slack.com/services/T/B/x');
  });

  it('must be https (plain http only to this machine); the start refuses it otherwise, in one line', () => {
    expect(slackConfigProblem({})).toBeUndefined();
    expect(slackConfigProblem({ SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' })).toBeUndefined();
    expect(slackConfigProblem({ SLACK_WEBHOOK_URL: 'http://127.0.0.1:3261/slack' })).toBeUndefined();
    expect(slackConfigProblem({ SLACK_WEBHOOK_URL: 'http://hooks.slack.com/services/T/B/x' })).toBe(
      'SLACK_WEBHOOK_URL must start with https:// (plain http:// only to this machine: localhost, 127.0.0.1 or [::1])',
    );
    expect(slackConfigProblem({ SLACK_WEBHOOK_URL: 'hooks.slack.com/x' })).toBe('SLACK_WEBHOOK_URL is not a valid URL: "hooks.slack.com/x"');
    expect(webhookConfigProblem({ SLACK_WEBHOOK_URL: 'ftp://x' })).toMatch(/^SLACK_WEBHOOK_URL must start with https:\/\//);
    // The webhook's problem is named first when both are wrong.
    expect(webhookConfigProblem({ WEBHOOK_URL: 'http://x.example', SLACK_WEBHOOK_URL: 'ftp://x' })).toMatch(/^WEBHOOK_URL/);
  });
});
