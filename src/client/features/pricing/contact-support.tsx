import { LifeBuoy, Mail } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'

// Until an in-app help desk exists, support is an ordinary email the member's own mail app opens.
export const SUPPORT_EMAIL = 'support@covenant.app'

const styles = {
  band: cx(
    card({ variant: 'brand' }).root,
    css({
      display: 'flex',
      flexDirection: { base: 'column', md: 'row' },
      alignItems: { base: 'flex-start', md: 'center' },
      gap: { base: '4', md: '6' },
      p: { base: '6', md: '8' },
    }),
  ),
  icon: css({
    display: 'grid',
    placeItems: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'brand.solid',
    color: 'accent.solid',
    flexShrink: 0,
  }),
  text: css({ flex: '1' }),
  title: css({ textStyle: 'h4', color: 'fg.default' }),
  lead: css({ textStyle: 'small', color: 'fg.muted', mt: '1' }),
}

export function ContactSupport() {
  return (
    <section className={styles.band} aria-labelledby="contact-support-title">
      <span className={styles.icon} aria-hidden="true">
        <LifeBuoy size={24} />
      </span>
      <div className={styles.text}>
        <h2 id="contact-support-title" className={styles.title}>
          Questions about a membership?
        </h2>
        <p className={styles.lead}>Our team is happy to help you choose, or to talk through an exclusive membership.</p>
      </div>
      <Button asChild variant="outline">
        <a href={`mailto:${SUPPORT_EMAIL}?subject=Covenant%20membership`}>
          <Mail size={18} aria-hidden="true" /> Contact Support
        </a>
      </Button>
    </section>
  )
}
