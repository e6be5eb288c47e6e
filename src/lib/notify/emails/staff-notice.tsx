// The emails to a staff member (issue 32, lib/staff-mail): a lead turned overdue, leads nobody could take,
// the daily digest and the admins' weekly summary share this one frame: a heading, a few sentences, tables
// of counts (a number is always in a table, never only in prose), a list of leads with links to their
// pages, and one button. Built at send time from the database, so it says what is true when it goes out.
import { Heading, Link, Section, Text } from '@react-email/components';
import type * as React from 'react';
import { site } from '@/lib/config/site';
import { colors, EmailLayout, LinkButton, styles } from './layout';

export type NoticeTable = { heading: string; rows: { label: string; value: string }[] };
export type NoticeLead = { title: string; detail: string; url: string };

export interface StaffNoticeProps {
  siteUrl: string;
  preview: string;
  title: string;
  paragraphs: string[];
  tables?: NoticeTable[];
  /** The leads it names, each a link to its page in the staff area. */
  leads?: { heading: string; items: NoticeLead[]; more?: string };
  action?: { label: string; url: string };
  /** Where the member changes which of these emails they get. */
  settingsUrl: string;
}

const cell: React.CSSProperties = { ...styles.small, margin: 0, padding: '6px 0', borderBottom: `1px solid ${colors.border}` };

function CountTable({ table }: { table: NoticeTable }) {
  return (
    <>
      <Heading as="h2" style={styles.h2}>
        {table.heading}
      </Heading>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.label}>
              <td style={{ ...cell, color: colors.foreground }}>{r.label}</td>
              <td style={{ ...cell, color: colors.foreground, textAlign: 'right', fontWeight: 600 }}>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function StaffNotice({ siteUrl, preview, title, paragraphs, tables = [], leads, action, settingsUrl }: StaffNoticeProps) {
  return (
    <EmailLayout
      preview={preview}
      siteUrl={siteUrl}
      title={title}
      footer={
        <>
          You receive this email as a member of the {site.name} staff.{' '}
          <Link href={settingsUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
            Choose which emails you get
          </Link>
        </>
      }
    >
      <Heading as="h1" style={styles.h1}>
        {title}
      </Heading>
      {paragraphs.map((p) => (
        <Text key={p} style={styles.paragraph}>
          {p}
        </Text>
      ))}
      {tables.map((t) => (
        <CountTable key={t.heading} table={t} />
      ))}
      {leads && leads.items.length ? (
        <Section>
          <Heading as="h2" style={styles.h2}>
            {leads.heading}
          </Heading>
          {leads.items.map((l) => (
            <Text key={l.url} style={{ ...styles.paragraph, margin: '0 0 12px' }}>
              <Link href={l.url} style={styles.link}>
                {l.title}
              </Link>
              <br />
              <span style={{ color: colors.muted, fontSize: '14px' }}>{l.detail}</span>
            </Text>
          ))}
          {leads.more ? <Text style={styles.small}>{leads.more}</Text> : null}
        </Section>
      ) : null}
      {action ? <LinkButton url={action.url} label={action.label} /> : null}
    </EmailLayout>
  );
}
