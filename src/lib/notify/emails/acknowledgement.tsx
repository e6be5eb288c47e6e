// The acknowledgement sent to a visitor who applied or wrote through one of the site's forms: what we
// received, when they will hear back, and for a data request the link that confirms it is theirs. The field
// values are what the caller (visitor-emails.ts) says of each field: React text children only (escaped by
// React), never markup and never links.
import { Heading, Hr, Link, Section, Text } from '@react-email/components';
import type * as React from 'react';
import { site } from '@/lib/config/site';
import { colors, EmailLayout, LinkButton, siteHost, styles } from './layout';

export interface AcknowledgementProps {
  siteUrl: string;
  /** The heading, e.g. "We received your message". */
  title: string;
  /** The visitor's name, when the form asked for it. */
  name?: string;
  /** E.g. "Thanks for your partner application. We received it on 3 March 2026." */
  intro: string;
  /** The reply-time sentence, e.g. "We answer within two business days." */
  promise: string;
  /** What the visitor sent, in the form's order. */
  fields: { label: string; value: string }[];
  /** The address for questions. */
  contactEmail: string;
  /** A step the visitor must take, with its button (a data request's confirmation link). */
  action?: { text: string; label: string; url: string; note: string };
}

const fieldsBox: React.CSSProperties = {
  backgroundColor: colors.background,
  border: `1px solid ${colors.border}`,
  borderRadius: '8px',
  padding: '4px 20px',
};

const fieldLabel: React.CSSProperties = {
  color: colors.muted,
  fontSize: '13px',
  lineHeight: '20px',
  fontWeight: 600,
  margin: '0 0 2px',
};

const fieldValue: React.CSSProperties = {
  color: colors.foreground,
  fontSize: '15px',
  lineHeight: '24px',
  margin: 0,
  // The visitor's line breaks and spacing are kept; long words and addresses wrap instead of widening the card.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  wordBreak: 'break-word',
};

export function Acknowledgement({ siteUrl, title, name, intro, promise, fields, contactEmail, action }: AcknowledgementProps) {
  const greeting = name?.trim() ? `Hi ${name.trim()},` : 'Hello,';
  const host = siteHost(siteUrl);
  return (
    <EmailLayout
      preview={`${intro} ${promise}`}
      siteUrl={siteUrl}
      title={title}
      footer={`You received this email because this address was entered in a form on ${host}. If that wasn't you, you can ignore it.`}
    >
      <Heading as="h1" style={styles.h1}>
        {title}
      </Heading>
      <Text style={styles.paragraph}>{greeting}</Text>
      <Text style={styles.paragraph}>{intro}</Text>
      <Text style={styles.paragraph}>{promise}</Text>
      {action ? (
        <>
          <Text style={styles.paragraph}>{action.text}</Text>
          <LinkButton url={action.url} label={action.label} />
          <Text style={{ ...styles.small, margin: '12px 0 0' }}>{action.note}</Text>
        </>
      ) : null}

      {fields.length > 0 ? (
        <>
          <Heading as="h2" style={styles.h2}>
            What we received
          </Heading>
          <Section style={fieldsBox}>
            {fields.map((field, i) => (
              <Section
                key={i}
                style={{ padding: '14px 0', borderTop: i === 0 ? 'none' : `1px solid ${colors.border}` }}
              >
                <Text style={fieldLabel} data-text="label">
                  {field.label}
                </Text>
                <Text style={fieldValue} data-text="verbatim">
                  {field.value}
                </Text>
              </Section>
            ))}
          </Section>
        </>
      ) : null}

      <Hr style={{ borderColor: colors.border, margin: '28px 0 20px' }} />
      <Text style={{ ...styles.small, color: colors.foreground, fontSize: '15px' }}>
        Questions? Write to{' '}
        <Link href={`mailto:${contactEmail}`} style={styles.link}>
          {contactEmail}
        </Link>
        .
      </Text>
      <Text style={{ ...styles.small, margin: 0 }}>
        <Link href={siteUrl} style={{ ...styles.link, fontWeight: 600, textDecoration: 'none' }}>
          Visit {site.name} at {host} →
        </Link>
      </Text>
    </EmailLayout>
  );
}
