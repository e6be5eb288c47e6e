// The double opt-in message of the newsletter: nobody is subscribed until they follow the link. The
// button's address is repeated as text below it for the clients that block or strip buttons.
import { Heading, Hr, Link, Text } from '@react-email/components';
import { site } from '@/lib/config/site';
import { colors, EmailLayout, LinkButton, siteHost, styles } from './layout';

export interface NewsletterConfirmProps {
  siteUrl: string;
  /** The one-time confirmation link. */
  confirmUrl: string;
  unsubscribeUrl: string;
  /** How long the confirmation link works. */
  expiresInDays: number;
}

export function NewsletterConfirm({ siteUrl, confirmUrl, unsubscribeUrl, expiresInDays }: NewsletterConfirmProps) {
  const host = siteHost(siteUrl);
  const days = `${expiresInDays} ${expiresInDays === 1 ? 'day' : 'days'}`;
  return (
    <EmailLayout
      preview={`Confirm that you want the ${site.name} newsletter at this address.`}
      siteUrl={siteUrl}
      title="Confirm your subscription"
      footer={
        <>
          You received this email because this address was entered in the newsletter form on {host}.
          <br />
          <Link href={unsubscribeUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
            Unsubscribe
          </Link>
        </>
      }
    >
      <Heading as="h1" style={styles.h1}>
        Confirm your subscription
      </Heading>
      <Text style={styles.paragraph}>
        Someone — hopefully you — asked to receive the {site.name} newsletter at this address.
      </Text>
      <LinkButton url={confirmUrl} label="Confirm my subscription" />
      <Hr style={{ borderColor: colors.border, margin: '24px 0 20px' }} />
      <Text style={{ ...styles.paragraph, fontSize: '15px', lineHeight: '24px', margin: 0 }}>
        This link works for {days}. If you didn&apos;t ask for this, ignore this email: you won&apos;t be subscribed.
      </Text>
    </EmailLayout>
  );
}
