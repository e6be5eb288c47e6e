// The Slack message about a new lead (Block Kit, for an incoming webhook: SLACK_WEBHOOK_URL): a header with
// the kind, the lead's name, company and where it came from, and a button to its staff page.
//
// What a visitor typed is shown as text and nothing more: Slack reads `&`, `<` and `>` as its markup (links
// `<https://…|text>`, mentions `<!channel>`, `<@U…>`), so they are escaped as its docs say; a bare
// `@channel`/`@here`/`@everyone` gets a zero-width joiner after its `@`; control characters and line breaks
// become spaces, and long values are cut. The body is made with JSON.stringify, so no value can change its
// shape, and links are not unfurled (Slack would otherwise fetch an address a visitor typed).
import { attributionFromColumns } from '@/lib/leads/attribution';
import { kindDef } from '@/lib/leads/kinds';
import { headerText } from './message';
import { leadDefinition, type LeadRow } from './leads';

/** The most characters of a value the message shows (a mrkdwn field may hold 2,000; names are short). */
export const slackValueMax = 150;

/** Text for a mrkdwn field: one line, at most `max` characters, Slack's markup characters escaped and mentions broken. */
export function slackText(value: unknown, max = slackValueMax): string {
  return headerText(value, max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(channel|here|everyone)\b/gi, '@\u200d$1');
}

type TextObject = { type: 'plain_text' | 'mrkdwn'; text: string; emoji?: boolean };
export type SlackMessage = {
  text: string;
  blocks: (
    | { type: 'header'; text: TextObject }
    | { type: 'section'; fields: TextObject[] }
    | { type: 'actions'; elements: { type: 'button'; text: TextObject; url: string; action_id: string }[] }
  )[];
  unfurl_links: false;
  unfurl_media: false;
};

const field = (label: string, value: string): TextObject => ({ type: 'mrkdwn', text: `*${label}*\n${value}` });
const column = (lead: LeadRow, name: string): string => {
  const v = lead[name];
  return v === null || v === undefined ? '' : String(v);
};

/**
 * The message about a lead of `kind` (`lead` as loadLead reads it, with its `attr_*` columns). A kind with
 * no name in the inbox (a newsletter sign-up, a data request) shows no name: its address is not sent to Slack.
 */
export function buildSlackMessage(kind: string, lead: LeadRow, siteUrl: string): SlackMessage {
  const def = kindDef(kind);
  const title = `New ${leadDefinition(kind).title}`;
  const name = def.inbox.name.map((c) => column(lead, c)).filter(Boolean).join(' ');
  const fields: TextObject[] = [];
  if (def.inbox.name.length) fields.push(field('Name', slackText(name) || '_Not given_'));
  if (def.inbox.company) fields.push(field('Company', slackText(column(lead, def.inbox.company)) || '_Not given_'));
  // Where it came from (loadLead's `attr_*` columns): the campaign's source and medium, else the referring site.
  const { source, medium, referrer, campaign } = attributionFromColumns(lead, 'attr_');
  const from = source ?? referrer;
  fields.push(field('Source', from ? slackText(medium && source ? `${from} / ${medium}` : from) : '_Direct or not known_'));
  if (campaign) fields.push(field('Campaign', slackText(campaign)));
  const url = `${siteUrl.replace(/\/+$/, '')}/staff/leads/${def.slug}/${encodeURIComponent(lead.id)}`;
  return {
    // The notification's text (and what a client without blocks shows): fixed words and the escaped name.
    text: name ? `${title}: ${slackText(name)}` : title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title, emoji: false } },
      { type: 'section', fields },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the lead', emoji: false }, url, action_id: 'open-lead' }] },
    ],
    unfurl_links: false,
    unfurl_media: false,
  };
}
