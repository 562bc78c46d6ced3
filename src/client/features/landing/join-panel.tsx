import { Link } from '@tanstack/react-router'
import { Check, Crown } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { SocialSignIn } from '#client/features/auth/social-sign-in.tsx'

const promises = [
  'Every member is seeking marriage, not a casual date',
  'Profiles you can trust, with faith and identity verification',
  'A welcoming home for Sabbath keepers',
]

const styles = {
  band: css({ px: 'gutter', py: 'section', bg: 'brand.solid', color: 'fg.onBrand' }),
  inner: css({
    maxW: '6xl',
    mx: 'auto',
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 28rem)' },
    alignItems: 'center',
    gap: { base: '10', lg: '16' },
  }),
  overline: css({ textStyle: 'overline', color: 'accent.solid' }),
  title: css({ textStyle: 'h1', mt: '3' }),
  lead: css({ textStyle: 'lead', mt: '4', opacity: 0.92 }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '6' }),
  item: css({ display: 'flex', alignItems: 'flex-start', gap: '3' }),
  check: css({ flexShrink: 0, mt: '1', color: 'accent.solid' }),
  card: cx(card({ variant: 'plain', elevation: 'xl' }).root, css({ p: { base: '6', md: '8' } })),
  cardTitle: css({ textStyle: 'h3', mb: '1' }),
  cardLead: css({ textStyle: 'small', color: 'fg.muted', mb: '5' }),
  links: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', mt: '6', textStyle: 'small' }),
  // The pricing link may wrap on the narrowest phones rather than push the card wider.
  pricingLink: css({ whiteSpace: 'normal', textAlign: 'center', lineHeight: '1.4' }),
  link: css({ color: 'brand.fg', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '0.2em' }),
}

/** The landing page's calls to action: create an account, social sign-in, sign in, and pricing. */
export function JoinPanel() {
  return (
    <section className={styles.band} aria-labelledby="join-title">
      <div className={styles.inner}>
        <div>
          <p className={styles.overline}>Begin your journey</p>
          <h2 id="join-title" className={styles.title}>
            Dating with the intention of marriage
          </h2>
          <p className={styles.lead}>
            Join believers who are ready to build a Christ-centred home, and meet someone who shares your faith.
          </p>
          <ul className={styles.list}>
            {promises.map((promise) => (
              <li key={promise} className={styles.item}>
                <Check size={20} className={styles.check} aria-hidden="true" /> {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>Join Covenant free</h3>
          <p className={styles.cardLead}>It takes two minutes. No card needed.</p>
          <Button asChild size="lg" fullWidth>
            <Link to="/register">Create Your Account</Link>
          </Button>
          <SocialSignIn />
          <div className={styles.links}>
            <span>
              Already a member?{' '}
              <Link to="/login" className={styles.link}>
                Sign in
              </Link>
            </span>
            <Button asChild variant="link" className={styles.pricingLink}>
              <Link to="/pricing">
                <Crown size={16} aria-hidden="true" /> View Premium Features & Pricing
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  )
}
