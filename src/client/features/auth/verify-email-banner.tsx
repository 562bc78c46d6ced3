import { MailWarning, X } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { useResendVerification } from './use-resend-verification'

/** Dismissing lasts for this tab's session, and only for the address it was dismissed for. */
const DISMISSED_KEY = 'covenant.verify-email-banner.dismissed'

function dismissedFor(email: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === email
  } catch {
    return false
  }
}

function rememberDismissed(email: string) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, email)
  } catch {
    // Storage refused (a private window): the banner simply goes away until the next page load.
  }
}

const styles = {
  root: cx(
    card({ variant: 'accent' }).root,
    css({
      display: 'grid',
      // On phones the words take the full width and both buttons share the row beneath them.
      gridTemplateColumns: { base: 'auto 1fr auto', md: 'auto 1fr auto auto' },
      gridTemplateAreas: { base: '"icon text text" ". action close"', md: '"icon text action close"' },
      alignItems: 'center',
      columnGap: '3',
      ps: '4',
      pe: '1.5',
      py: '1.5',
      mb: { base: '5', md: '6' },
      borderRadius: 'xl',
    }),
  ),
  icon: css({ gridArea: 'icon', color: 'accent.fg', alignSelf: { base: 'start', md: 'center' }, mt: { base: '2.5', md: '0' } }),
  text: css({
    gridArea: 'text',
    textStyle: 'small',
    color: 'fg.default',
    minW: '0',
    pt: { base: '2', md: '1' },
    pb: { md: '1' },
    pe: { base: '2', md: '0' },
  }),
  title: css({ fontWeight: 'semibold', display: { base: 'block', md: 'inline' }, me: '1' }),
  email: css({ fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  action: css({ gridArea: 'action', justifySelf: 'start', textStyle: 'small', me: { md: '2' } }),
  close: css({ gridArea: 'close', color: 'fg.muted' }),
}

/** Shown on member screens until the member confirms their address; nothing else waits for it. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const [dismissed, setDismissed] = useState(() => dismissedFor(email))
  const resend = useResendVerification()
  if (dismissed) return null
  return (
    <section aria-label="Email confirmation" className={styles.root}>
      <MailWarning size={20} aria-hidden="true" className={styles.icon} />
      <p className={styles.text}>
        <span className={styles.title}>Please confirm your email address.</span> We sent a link to{' '}
        <span className={styles.email}>{email}</span>.
      </p>
      <Button variant="link" size="sm" className={styles.action} loading={resend.isPending} onClick={() => resend.mutate()}>
        Resend email
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className={styles.close}
        aria-label="Dismiss for now"
        onClick={() => {
          rememberDismissed(email)
          setDismissed(true)
        }}
      >
        <X size={18} aria-hidden="true" />
      </Button>
    </section>
  )
}
