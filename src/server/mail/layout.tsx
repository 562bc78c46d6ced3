import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'
import { BRAND_NAME, mailColors, mailFonts } from './brand.ts'

const styles = {
  body: { backgroundColor: mailColors.canvas, margin: 0, padding: '24px 0', fontFamily: mailFonts.body, color: mailColors.text },
  container: { maxWidth: '560px', margin: '0 auto', padding: '0 16px' },
  wordmark: { fontFamily: mailFonts.heading, fontSize: '22px', fontWeight: 600, color: mailColors.brand, margin: '0 0 16px' },
  mark: { color: mailColors.accent },
  card: {
    backgroundColor: mailColors.surface,
    border: `1px solid ${mailColors.border}`,
    borderTop: `4px solid ${mailColors.brand}`,
    borderRadius: '16px',
    padding: '32px 28px',
  },
  heading: {
    fontFamily: mailFonts.heading,
    fontSize: '24px',
    fontWeight: 600,
    lineHeight: '1.3',
    color: mailColors.text,
    margin: '0 0 16px',
  },
  text: { fontSize: '16px', lineHeight: '1.6', color: mailColors.text, margin: '0 0 16px' },
  button: {
    display: 'inline-block',
    backgroundColor: mailColors.brand,
    color: mailColors.onBrand,
    fontSize: '16px',
    fontWeight: 600,
    textDecoration: 'none',
    borderRadius: '10px',
    padding: '12px 22px',
    margin: '8px 0 24px',
  },
  fallback: { fontSize: '13px', lineHeight: '1.5', color: mailColors.muted, margin: '0 0 16px' },
  // A long link wraps anywhere; the words around it do not.
  fallbackLink: { color: mailColors.brand, wordBreak: 'break-all' as const },
  hr: { borderColor: mailColors.border, margin: '24px 0 16px' },
  footnote: { fontSize: '13px', lineHeight: '1.5', color: mailColors.muted, margin: 0 },
  footer: { fontSize: '12px', lineHeight: '1.5', color: mailColors.muted, textAlign: 'center' as const, margin: '16px 0 0' },
}

export interface MailAction {
  label: string
  href: string
}

/** The frame every email shares: the wordmark, one card with a heading, the text, one button and a quiet note. */
export function MailLayout(props: {
  preview: string
  heading: string
  action?: MailAction
  footnote?: ReactNode
  /** Where the member stops this kind of email: shown under the card of every email they may stop. */
  unsubscribeUrl?: string
  children: ReactNode
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.wordmark}>
            <span style={styles.mark}>♥</span> {BRAND_NAME}
          </Text>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {props.heading}
            </Heading>
            {props.children}
            {props.action && (
              <>
                <Button href={props.action.href} style={styles.button}>
                  {props.action.label}
                </Button>
                <Text style={styles.fallback} data-skip-in-text="true">
                  If the button does not work, paste this link into your browser:{' '}
                  <Link href={props.action.href} style={styles.fallbackLink}>
                    {props.action.href}
                  </Link>
                </Text>
              </>
            )}
            {props.footnote && (
              <>
                <Hr style={styles.hr} />
                <Text style={styles.footnote}>{props.footnote}</Text>
              </>
            )}
          </Section>
          <Text style={styles.footer}>{BRAND_NAME}: marriage-minded Christian singles meet, match and talk.</Text>
          {props.unsubscribeUrl && (
            <Text style={styles.footer}>
              Rather not get these emails?{' '}
              <Link href={props.unsubscribeUrl} style={styles.fallbackLink}>
                Unsubscribe
              </Link>{' '}
              or choose your emails in your account settings.
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  )
}

export function Paragraph(props: { children: ReactNode }) {
  return <Text style={styles.text}>{props.children}</Text>
}

/** "Hello Ruth," or "Hello," when the name is not known. */
export function greeting(firstName?: string) {
  return firstName ? `Hello ${firstName},` : 'Hello,'
}
