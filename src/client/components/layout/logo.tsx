import { Link } from '@tanstack/react-router'
import { HeartHandshake } from 'lucide-react'
import { css } from 'styled-system/css'

const styles = {
  link: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    color: 'brand.fg',
    textDecoration: 'none',
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: 'xl',
    letterSpacing: '0.01em',
    focusVisibleRing: 'outside',
    _focusVisible: { borderRadius: 'sm' },
  }),
  mark: css({
    display: 'grid',
    placeItems: 'center',
    w: '9',
    h: '9',
    borderRadius: 'lg',
    bg: 'brand.solid',
    color: 'accent.solid',
  }),
}

export function Logo() {
  return (
    <Link to="/" className={styles.link} aria-label="Covenant home">
      <span className={styles.mark} aria-hidden="true">
        <HeartHandshake size={20} strokeWidth={2.2} />
      </span>
      Covenant
    </Link>
  )
}
