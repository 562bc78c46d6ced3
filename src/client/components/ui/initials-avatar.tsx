import { css, cx } from 'styled-system/css'
import { AVATAR_NAV_SIZE_PX } from '#client/lib/ui-timings.ts'

// Deep shades only: ivory initials stay above 4.5:1 on every one of them. Classes rather than
// `token()`, which would bring every token's value into the page's JavaScript.
const BACKGROUNDS = [
  css({ fill: 'wine.700' }),
  css({ fill: 'wine.500' }),
  css({ fill: 'gold.700' }),
  css({ fill: 'sage.700' }),
  css({ fill: 'denim.700' }),
  css({ fill: 'ochre.700' }),
  css({ fill: 'wine.900' }),
  css({ fill: 'ink.700' }),
]

const svgStyle = css({ display: 'block', flexShrink: 0, userSelect: 'none' })
const initialsStyle = css({ fill: 'ivory.50', fontFamily: 'heading' })

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase() || '?'
}

/** The class that paints this name's background, the same on every visit. */
function backgroundFor(name: string): string {
  let hash = 0
  for (const char of name.trim().toLowerCase()) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x9e3779b1)
  // A final bit mix, so similar names do not cluster on one colour.
  hash = Math.imul(hash ^ (hash >>> 15), 0x85ebca6b)
  hash = (hash ^ (hash >>> 13)) >>> 0
  return BACKGROUNDS[hash % BACKGROUNDS.length]!
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
      <rect width="100" height="100" rx={shape === 'circle' ? 50 : 0} className={backgroundFor(name)} />
      <text x="50" y="50" dy="0.35em" textAnchor="middle" fontSize="40" fontWeight="600" className={initialsStyle}>
        {initialsOf(name)}
      </text>
    </svg>
  )
}
