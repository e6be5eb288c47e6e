// The settings of conversations with leads (docs/conversations.md), read from the environment each time
// they are asked. With none of them set, staff can still reply when SMTP_URL is set (answers then come back
// to the team's address and are matched only when that mailbox is connected); nothing else changes.
import { defaultFromAddress, type Env } from '@/lib/notify/config';

export type ConversationSettings = {
  /** The sender of replies to leads: REPLY_FROM, else NOTIFY_EMAIL_FROM, else the default sender. */
  from: string;
  /**
   * The address answers come back to: REPLY_INBOUND_ADDRESS (`replies@inbound.example.com`), else the
   * address of `from`. A reply's `Reply-To` is its subaddress `<local>+<token>@<domain>`, whose token names the lead.
   */
  inboundAddress: string;
  /** IMAP_URL: the mailbox answers arrive in (`imaps://user:app-password@imap.example.com/INBOX`); unset: no IMAP. */
  imapUrl?: string;
  /** INBOUND_WEBHOOK_SECRET: the Standard Webhooks secret of `POST /api/inbound-email`; unset: that address is a 404. */
  inboundSecret?: string;
  /** INBOUND_MAX_BYTES: the largest message taken whole (10 MB); a larger one is refused (webhook) or kept as its headers with a notice (IMAP). */
  maxBytes: number;
};

/** The bare address of `Name <address>` or `address`. */
export function bareAddress(value: string): string {
  const m = /<([^<>]+)>\s*$/.exec(value);
  return (m ? m[1]! : value).trim();
}

export function conversationSettings(env: Env = process.env): ConversationSettings {
  const from = env.REPLY_FROM?.trim() || env.NOTIFY_EMAIL_FROM?.trim() || defaultFromAddress(env);
  const maxBytes = Number(env.INBOUND_MAX_BYTES);
  return {
    from,
    inboundAddress: bareAddress(env.REPLY_INBOUND_ADDRESS?.trim() || from).toLowerCase(),
    imapUrl: env.IMAP_URL?.trim() || undefined,
    inboundSecret: env.INBOUND_WEBHOOK_SECRET?.trim() || undefined,
    maxBytes: Number.isInteger(maxBytes) && maxBytes > 0 ? maxBytes : 10 * 1024 * 1024,
  };
}
