import { Avatar as AvatarPrimitive } from 'radix-ui'
import type { CSSProperties } from 'react'
import { css, cx } from 'styled-system/css'
import { AVATAR_NAV_SIZE_PX } from '#client/lib/ui-timings.ts'
import { InitialsAvatar } from './initials-avatar'

const styles = {
  // The size is a ceiling: on a narrow card the avatar shrinks and stays square.
  root: css({
    position: 'relative',
    display: 'inline-flex',
    flexShrink: 0,
    w: 'var(--avatar-size)',
    maxW: 'full',
    aspectRatio: 'square',
    overflow: 'hidden',
    bg: 'bg.muted',
    verticalAlign: 'middle',
  }),
  circle: css({ borderRadius: 'full' }),
  square: css({ borderRadius: 'card' }),
  fill: css({ w: 'full', h: 'full' }),
  image: css({ w: 'full', h: 'full', objectFit: 'cover' }),
}

export interface AvatarProps {
  name: string
  src?: string | null
  /** Edge length in px: AVATAR_NAV_SIZE_PX (32) in the nav, AVATAR_CARD_SIZE_PX (300) on cards. */
  size?: number
  shape?: 'circle' | 'square'
  className?: string
}

export function Avatar({ name, src, size = AVATAR_NAV_SIZE_PX, shape = 'circle', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cx(styles.root, shape === 'circle' ? styles.circle : styles.square, className)}
      style={{ '--avatar-size': `${size}px` } as CSSProperties}
    >
      {src && <AvatarPrimitive.Image src={src} alt={name} className={styles.image} />}
      <AvatarPrimitive.Fallback className={styles.fill}>
        <InitialsAvatar name={name} size={size} shape="square" className={styles.fill} />
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  )
}
