import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Logo } from './logo'

const styles = {
  footer: css({
    px: 'gutter',
    py: '10',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
    bg: 'bg.surface',
  }),
  inner: css({
    maxW: '6xl',
    mx: 'auto',
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '4',
    textStyle: 'small',
    color: 'fg.muted',
    textAlign: 'center',
  }),
  links: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: '5', rowGap: '2' }),
  link: css({
    color: 'fg.default',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    textDecorationColor: 'border.strong',
    _hover: { color: 'brand.fg', textDecorationColor: 'currentColor' },
    focusVisibleRing: 'outside',
  }),
}

/** The foot of every page outside a conversation: the logo, the safety centre, terms and privacy, and our credits. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Logo />
        <nav aria-label="About Covenant">
          <ul className={styles.links}>
            <li>
              <Link to="/safety" className={styles.link}>
                Safety Centre
              </Link>
            </li>
            <li>
              <Link to="/terms" className={styles.link}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={styles.link}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
        <p>Scripture quoted from the King James Version. Illustrations drawn for Covenant.</p>
      </div>
    </footer>
  )
}
