// Builds a staff email (a `staff_emails` row) at send time from the database, or says why it is no longer
// to be sent: the lead is gone (erased or purged), answered or closed, or the member's account is disabled.
// Subjects are fixed text and counts: nothing a visitor typed reaches a header.
import * as React from 'react';
import { site } from '@/lib/config/site';
import type { Queryable } from '@/lib/db/connection';
import { StaffNotice, renderEmail, type NoticeLead } from '@/lib/notify/emails';
import type { EmailMessage } from '@/lib/notify/message';
import { kindByKind } from '@/lib/staff/lead-kinds';
import type { LeadKind } from '@/lib/leads/kinds';
import { dueSoonHours, loadIndexedLead, loadMember, memberDigest, unassignedLeads, weekFigures, type IndexedLead, type Member } from './data';
import { addLocalDays, formatInZone, isoWeekMonday, startOfLocalDate, teamTimeZone } from './zones';

export type StaffEmailRow = { id: string; staff_user_id: string; topic: string; key: string; lead_type: string | null; lead_id: string | null };
export type BuildOptions = { from: string; siteUrl: string };
export type Built = { message: EmailMessage & { html: string } } | { cancel: string };

const isOpen = (l: IndexedLead) => l.status === 'new' || l.status === 'contacted' || l.status === 'qualified';
const kindLabel = (kind: string) => kindByKind[kind as LeadKind]?.label ?? kind;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function leadLink(siteUrl: string, l: IndexedLead, tz: string): NoticeLead {
  const who = [l.name, l.company].filter(Boolean).join(', ') || l.summary || '(no name given)';
  const due = l.answeredAt ? 'answered' : l.dueAt ? `${l.dueAt.getTime() <= Date.now() ? 'was due' : 'due'} ${formatInZone(l.dueAt, tz)}` : 'no target';
  const slug = kindByKind[l.leadType as LeadKind]?.slug ?? l.leadType;
  return { title: `${kindLabel(l.leadType)}: ${who}`, detail: due, url: `${siteUrl}/staff/leads/${slug}/${l.leadId}` };
}

type Content = { subject: string; props: Omit<React.ComponentProps<typeof StaffNotice>, 'siteUrl' | 'settingsUrl'> };

async function reminder(client: Queryable, row: StaffEmailRow, member: Member, siteUrl: string, tz: string): Promise<Content | string> {
  const lead = await loadIndexedLead(client, row.lead_type!, row.lead_id!);
  if (!lead) return 'The lead no longer exists (erased)';
  if (!isOpen(lead) || lead.answeredAt) return 'The lead was answered or closed before the reminder went out';
  const link = leadLink(siteUrl, lead, tz);
  const owned = lead.ownerId === member.id;
  return {
    subject: `Overdue: a ${kindLabel(lead.leadType).toLowerCase()} waits for its first answer`,
    props: {
      preview: `${link.title}: ${link.detail}.`,
      title: 'A lead is overdue',
      paragraphs: [
        owned ? 'A lead you own has passed its first-response target without an answer.' : 'A lead nobody can answer for has passed its first-response target without an answer.',
        `${link.title} — ${link.detail}.`,
      ],
      action: { label: 'Open the lead', url: link.url },
    },
  };
}

async function unassigned(client: Queryable, row: StaffEmailRow, siteUrl: string, tz: string): Promise<Content | string> {
  let leads: IndexedLead[];
  let count: number;
  if (row.lead_type && row.lead_id) {
    const lead = await loadIndexedLead(client, row.lead_type, row.lead_id);
    if (!lead) return 'The lead no longer exists (erased)';
    if (lead.ownerId || !isOpen(lead)) return 'The lead was assigned or closed before the email went out';
    [leads, count] = [[lead], 1];
  } else {
    const found = await unassignedLeads(client);
    if (!found.count) return 'No open lead is unassigned any more';
    [leads, count] = [found.first, found.count];
  }
  return {
    subject: `Unassigned: ${plural(count, 'new lead')} nobody could take`,
    props: {
      preview: `${plural(count, 'open lead')} without an owner.`,
      title: 'Leads wait without an owner',
      paragraphs: ['The assignment rules found nobody available to take these leads. Assign them by hand, or change the rules.'],
      leads: { heading: 'Unassigned', items: leads.map((l) => leadLink(siteUrl, l, tz)), more: count > leads.length ? `And ${plural(count - leads.length, 'more')}.` : undefined },
      action: { label: 'Open the inbox', url: `${siteUrl}/staff?owner=none` },
    },
  };
}

async function digest(client: Queryable, member: Member, siteUrl: string, tz: string): Promise<Content> {
  const d = await memberDigest(client, member.id);
  return {
    subject: `Your leads today: ${d.overdue} overdue, ${d.dueSoon} due soon, ${d.open} open`,
    props: {
      preview: `${plural(d.overdue, 'overdue lead')}, ${d.dueSoon} due within ${dueSoonHours} hours.`,
      title: 'Your leads today',
      paragraphs: [d.open ? `Good morning, ${member.name.split(' ')[0]}. Here is where your leads stand.` : 'You own no open lead right now.'],
      tables: [
        {
          heading: 'Your open leads',
          rows: [
            { label: 'Overdue', value: String(d.overdue) },
            { label: `Due within ${dueSoonHours} hours`, value: String(d.dueSoon) },
            { label: 'Open in all', value: String(d.open) },
          ],
        },
      ],
      leads: { heading: 'Most urgent', items: d.first.map((l) => leadLink(siteUrl, l, tz)), more: d.open > d.first.length ? `And ${plural(d.open - d.first.length, 'more')}.` : undefined },
      action: { label: 'Open my leads', url: `${siteUrl}/staff?view=mine` },
    },
  };
}

async function summary(client: Queryable, row: StaffEmailRow, siteUrl: string): Promise<Content | string> {
  const week = /:(\d{4}-W\d{2})$/.exec(row.key)?.[1];
  if (!week) return 'The summary names no week';
  const zone = await teamTimeZone(client);
  const monday = isoWeekMonday(week);
  const f = await weekFigures(client, startOfLocalDate(monday, zone), startOfLocalDate(addLocalDays(monday, 7), zone));
  const pct = (n: number) => (f.withTarget ? ` (${Math.round((100 * n) / f.withTarget)}%)` : '');
  return {
    subject: `Weekly summary ${week}: ${plural(f.total, 'lead')}, ${f.onTime} answered on time`,
    props: {
      preview: `${plural(f.total, 'lead')} in week ${week}; ${f.overdue} overdue now.`,
      title: `The week ${week} in leads`,
      paragraphs: [`Leads that arrived from Monday ${monday} to Sunday ${addLocalDays(monday, 6)} (${zone}), spam left out.`],
      tables: [
        { heading: 'Leads per kind', rows: [...f.byKind.map((k) => ({ label: kindLabel(k.kind), value: String(k.count) })), { label: 'All', value: String(f.total) }] },
        { heading: 'Leads per source', rows: f.bySource.map((s) => ({ label: s.source ?? '(no source)', value: String(s.count) })) },
        {
          heading: 'First answers',
          rows: [
            { label: 'With a response target', value: String(f.withTarget) },
            { label: 'Answered on time', value: `${f.onTime}${pct(f.onTime)}` },
            { label: 'Answered late', value: `${f.late}${pct(f.late)}` },
            { label: 'Overdue now', value: `${f.overdue}${pct(f.overdue)}` },
          ],
        },
      ],
      action: { label: 'Open the insights', url: `${siteUrl}/staff/insights` },
    },
  };
}

/** The email of a `staff_emails` row, built now, or `{ cancel }` with the reason it is not sent. */
export async function buildStaffEmail(client: Queryable, row: StaffEmailRow, { from, siteUrl }: BuildOptions): Promise<Built> {
  const member = await loadMember(client, row.staff_user_id);
  if (!member) return { cancel: 'The staff account no longer exists' };
  if (member.disabled) return { cancel: 'The staff account is disabled' };
  const base = siteUrl.replace(/\/+$/, '');
  const tz = member.timeZone ?? (await teamTimeZone(client));
  const content =
    row.topic === 'reminder'
      ? await reminder(client, row, member, base, tz)
      : row.topic === 'unassigned'
        ? await unassigned(client, row, base, tz)
        : row.topic === 'digest'
          ? await digest(client, member, base, tz)
          : row.topic === 'summary'
            ? await summary(client, row, base)
            : `Unknown topic ${row.topic}`;
  if (typeof content === 'string') return { cancel: content };
  const { html, text } = await renderEmail(React.createElement(StaffNotice, { ...content.props, siteUrl: base, settingsUrl: `${base}/staff/settings` }));
  return {
    message: {
      from,
      to: member.email,
      subject: `[${site.name}] ${content.subject}`,
      // The same on every attempt: a send repeated after a crash (the outbox delivers at least once) is the
      // same message, which mail clients show once.
      messageId: `<staff-${row.id}@${site.domain}>`,
      html,
      text,
      headers: { 'X-Postcraft-Delivery-Id': row.id, 'Auto-Submitted': 'auto-generated' },
    },
  };
}
