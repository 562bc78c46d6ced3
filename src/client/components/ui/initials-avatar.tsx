import { css, cx } from 'styled-system/css'
import { type Token, token } from 'styled-system/tokens'
import { AVATAR_NAV_SIZE_PX } from '#client/lib/ui-timings.ts'

// Deep shades only: ivory initials stay above 4.5:1 on every one of them.
const BACKGROUNDS: readonly Token[] = [
  'colors.wine.700',
  'colors.wine.500',
  'colors.gold.700',
  'colors.sage.700',
  'colors.denim.700',
  'colors.ochre.700',
  'colors.wine.900',
  'colors.ink.700',
]

const svgStyle = css({ display: 'block', flexShrink: 0, userSelect: 'none' })

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase() || '?'
}

function backgroundFor(name: string): string {
  let hash = 0
  for (const char of name.trim().toLowerCase()) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x9e3779b1)
  // A final bit mix, so similar names do not cluster on one colour.
  hash = Math.imul(hash ^ (hash >>> 15), 0x85ebca6b)
  hash = (hash ^ (hash >>> 13)) >>> 0
  return token(BACKGROUNDS[hash % BACKGROUNDS.length]!)
}

export interface InitialsAvatarProps {
  name: string
  /** Edge length in px: AVATAR_NAV_SIZE_PX (32) in the nav, AVATAR_CARD_SIZE_PX (300) on cards. */
  size?: number
  shape?: 'circle' | 'square'
  className?: string
}

export function InitialsAvatar({ name, size = AVATAR_NAV_SIZE_PX, shape = 'circle', className }: InitialsAvatarProps) {
  return (
    <svg role="img" aria-label={name} width={size} height={size} viewBox="0 0 100 100" className={cx(svgStyle, className)}>
      <rect width="100" height="100" rx={shape === 'circle' ? 50 : 0} fill={backgroundFor(name)} />
      <text
        x="50"
        y="50"
        dy="0.35em"
        textAnchor="middle"
        fontSize="40"
        fontWeight="600"
        fontFamily={token('fonts.heading')}
        fill={token('colors.ivory.50')}
      >
        {initialsOf(name)}
      </text>
    </svg>
  )
}
