import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Button } from '../../components/ui/button'
import { SocialSignIn } from '../auth/social-sign-in'
import { SiteHeader, VisitorActions } from '../shell/site-header'

const styles = {
  hero: css({
    bg: 'brand.solid',
    color: 'fg.onBrand',
    py: 'section',
    px: 'gutter',
  }),
  inner: css({ maxW: '3xl', mx: 'auto', textAlign: 'center' }),
  overline: css({ textStyle: 'overline', color: 'accent.solid' }),
  title: css({ textStyle: 'display', mt: '3' }),
  lead: css({ textStyle: 'lead', mt: '5', opacity: 0.92 }),
  quote: css({ textStyle: 'verse', mt: '8', color: 'accent.solid' }),
  cardFrame: css({ px: 'gutter' }),
  card: css({
    maxW: 'md',
    mx: 'auto',
    mt: '-10',
    mb: 'section',
    bg: 'bg.surface',
    borderRadius: 'card',
    boxShadow: 'lg',
    p: { base: '6', md: '8' },
    position: 'relative',
  }),
  links: css({ display: 'flex', flexDirection: 'column', gap: '2', mt: '6', textAlign: 'center', textStyle: 'small' }),
  link: css({ color: 'brand.fg', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px' }),
}

export function LandingPage() {
  return (
    <>
      <SiteHeader actions={<VisitorActions />} />
      <section className={styles.hero}>
        <div className={styles.inner}>
          <p className={styles.overline}>Christian dating with purpose</p>
          <h1 className={styles.title}>Find the one God has prepared for you</h1>
          <p className={styles.lead}>
            Covenant brings together marriage-minded believers who want a Christ-centred home, with a special place for
            Sabbath keepers.
          </p>
          <blockquote className={styles.quote}>
            “Therefore shall a man leave his father and his mother, and shall cleave unto his wife: and they shall be one
            flesh.” Genesis 2:24
          </blockquote>
        </div>
      </section>
      <div className={styles.cardFrame}>
      <div className={styles.card}>
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
          <Link to="/pricing" className={styles.link}>
            View Premium Features & Pricing
          </Link>
        </div>
      </div>
      </div>
    </>
  )
}
