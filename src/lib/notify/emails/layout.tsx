// The frame of every transactional email: a white card on the site's light slate background, the
// "Postcraft" wordmark in the brand violet above it and the footer (the site's address and the caller's
// "You received this email because ..." line) below it. Everything is inline: a system font stack, no
// web fonts, no images, no external style sheet. Colours are the site's tokens (src/styles/globals.css);
// every text colour passes WCAG AA on its background.
import { Body, Button, Container, Head, Html, Link, Preview, Section, Text } from '@react-email/components';
import type * as React from 'react';
import { site } from '@/lib/config/site';

/** The site's design tokens, as hex values for email clients (no CSS variables there). */
export const colors = {
  /** violet-600: 5.7:1 on white, 5.4:1 on slate-50. */
  brand: '#7c3aed',
  /** violet-700, for links in running text: 7.1:1 on white. */
  brandStrong: '#6d28d9',
  /** violet-50. */
  brandSoft: '#f5f3ff',
  /** slate-900. */
  foreground: '#0f172a',
  /** slate-600: 7.6:1 on white, 7.2:1 on slate-50. */
  muted: '#475569',
  /** slate-50: the page background. */
  background: '#f8fafc',
  card: '#ffffff',
  /** slate-200. */
  border: '#e2e8f0',
} as const;

export const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif";

/** Shared text styles of the emails' content (headings, paragraphs, links). */
export const styles = {
  h1: { color: colors.foreground, fontSize: '24px', lineHeight: '32px', fontWeight: 700, margin: '0 0 20px' },
  h2: { color: colors.foreground, fontSize: '16px', lineHeight: '24px', fontWeight: 600, margin: '28px 0 12px' },
  paragraph: { color: colors.foreground, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px' },
  small: { color: colors.muted, fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' },
  link: { color: colors.brandStrong, textDecoration: 'underline' },
} satisfies Record<string, React.CSSProperties>;

/** The host of a site address ("https://postcraft.example/" -> "postcraft.example"), for display. */
export function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}

export interface EmailLayoutProps {
  /** The inbox preview line (hidden in the message itself, left out of the plain text). */
  preview: string;
  /** The site's address: the wordmark and the footer link to it. */
  siteUrl: string;
  /** The document title (some clients and screen readers show it). */
  title?: string;
  /** The footer's own lines, above the site's address: the "You received this email because ..." sentence, an unsubscribe link. */
  footer?: React.ReactNode;
  children: React.ReactNode;
}

const main: React.CSSProperties = {
  backgroundColor: colors.background,
  margin: 0,
  padding: '0 12px',
  fontFamily,
  color: colors.foreground,
  WebkitTextSizeAdjust: '100%',
};

const container: React.CSSProperties = { width: '100%', maxWidth: '600px', margin: '0 auto', padding: '32px 0 40px' };

const wordmark: React.CSSProperties = {
  color: colors.brand,
  fontSize: '22px',
  lineHeight: '28px',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  textDecoration: 'none',
};

const card: React.CSSProperties = {
  backgroundColor: colors.card,
  border: `1px solid ${colors.border}`,
  borderTop: `4px solid ${colors.brand}`,
  borderRadius: '12px',
  padding: '32px 28px',
};

const footerSection: React.CSSProperties = { padding: '24px 28px 0' };
const footerText: React.CSSProperties = { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' };

export function EmailLayout({ preview, siteUrl, title, footer, children }: EmailLayoutProps) {
  const host = siteHost(siteUrl);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        {title ? <title>{title}</title> : null}
      </Head>
      <Preview>{preview}</Preview>
      <Body style={main}>
        <Container style={container}>
          <Section style={{ padding: '0 4px 16px' }}>
            <Link href={siteUrl} style={wordmark}>
              {site.name}
            </Link>
          </Section>
          <Section style={card}>{children}</Section>
          <Section style={footerSection}>
            {footer ? <Text style={footerText}>{footer}</Text> : null}
            <Text style={{ ...footerText, margin: 0 }}>
              {site.name} ·{' '}
              <Link href={siteUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
                {host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const buttonStyle: React.CSSProperties = {
  backgroundColor: colors.brand,
  borderRadius: '8px',
  color: '#ffffff',
  fontSize: '16px',
  lineHeight: '24px',
  fontWeight: 600,
  textDecoration: 'none',
  textAlign: 'center',
  padding: '14px 28px',
};

const urlText: React.CSSProperties = {
  ...styles.small,
  margin: 0,
  // A long token must wrap at any character rather than widen the card on a phone.
  wordBreak: 'break-all',
  overflowWrap: 'anywhere',
};

/** A link the reader must follow, as a button, with its address repeated as text for clients that block or strip buttons. */
export function LinkButton({ url, label }: { url: string; label: string }) {
  return (
    <>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={url} style={buttonStyle}>
          {label}
        </Button>
      </Section>
      <Text style={{ ...styles.small, margin: '0 0 4px' }}>Button not working? Copy this link into your browser:</Text>
      <Text style={urlText}>
        <Link href={url} style={styles.link}>
          {url}
        </Link>
      </Text>
    </>
  );
}
