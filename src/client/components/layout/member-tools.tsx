import { Link } from '@tanstack/react-router'
import { Brain, HeartHandshake, MessagesSquare, Trophy } from 'lucide-react'
import { css } from 'styled-system/css'

/** The member screens beyond the spec's six navigation destinations. */
export const memberTools = [
  { to: '/quantum-matching', label: 'Quantum Matches', Icon: HeartHandshake },
  { to: '/ai-interview', label: 'AI Interview', Icon: Brain },
  { to: '/ai-counseling', label: 'AI Counseling', Icon: MessagesSquare },
  { to: '/achievements', label: 'Achievements', Icon: Trophy },
] as const

const styles = {
  row: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' }),
  chip: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '3',
    py: '1.5',
    borderRadius: 'full',
    borderWidth: 'thin',
    borderColor: 'brand.border',
    bg: 'bg.surface',
    color: 'brand.fg',
    textStyle: 'small',
    fontWeight: 'medium',
    textDecoration: 'none',
    _hover: { bg: 'brand.subtle' },
    focusVisibleRing: 'outside',
  }),
}

export function MemberToolLinks() {
  return (
    <nav aria-label="More for you" className={styles.row}>
      {memberTools.map(({ to, label, Icon }) => (
        <Link key={to} to={to} className={styles.chip}>
          <Icon size={14} aria-hidden="true" /> {label}
        </Link>
      ))}
    </nav>
  )
}
