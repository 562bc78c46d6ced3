import { type CSSProperties, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { AVATAR_NAV_SIZE_PX } from '#client/lib/ui-timings.ts'
import { photoSrcSet } from '#shared/logic/photo-renditions.ts'
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
  fill: css({ display: 'block', w: 'full', h: 'full' }),
  // Photos are 4:5 portraits: a squarer frame keeps their top, where the face is.
  image: css({ position: 'absolute', inset: '0', w: 'full', h: 'full', objectFit: 'cover', objectPosition: 'top' }),
}

export interface PhotoOrInitialsProps {
  name: string
  src?: string | null
  /** How wide the photo is drawn (its srcset's `sizes`), so the browser fetches the smallest sharp rendition. */
  sizes: string
  /** The initials' edge length in px (they scale to the frame; this sets their drawn detail). */
  initialsSize: number
  onLoad?: () => void
}

/**
 * A member's photo filling a positioned frame, over their initials: the initials stand in while it loads
 * (hidden from assistive technology, which hears the photo's alt) and stay if it is missing or fails.
 * A plain `<img>`, so the browser fetches only the srcset rendition it picks.
 */
export function PhotoOrInitials({ name, src, sizes, initialsSize, onLoad }: PhotoOrInitialsProps) {
  const [status, setStatus] = useState<{ src: string; state: 'loaded' | 'failed' } | null>(null)
  const state = src && status?.src === src ? status.state : 'loading'
  const showPhoto = Boolean(src) && state !== 'failed'
  return (
    <>
      {(!showPhoto || state !== 'loaded') && (
        <span aria-hidden={showPhoto || undefined} className={styles.fill}>
          <InitialsAvatar name={name} size={initialsSize} shape="square" className={styles.fill} />
        </span>
      )}
      {src && showPhoto && (
        <img
          src={src}
          srcSet={photoSrcSet(src)}
          sizes={sizes}
          alt={name}
          loading="lazy"
          decoding="async"
          className={styles.image}
          onLoad={() => {
            setStatus({ src, state: 'loaded' })
            onLoad?.()
          }}
          onError={() => setStatus({ src, state: 'failed' })}
        />
      )}
    </>
  )
}

export interface AvatarProps {
  name: string
  src?: string | null
  /** Edge length in px: AVATAR_NAV_SIZE_PX (32) in the nav, AVATAR_CARD_SIZE_PX (300) on cards. */
  size?: number
  shape?: 'circle' | 'square'
  className?: string
}

/** A member's main photo as a fixed-size disc (or square), with the same initials fallback as every other. */
export function Avatar({ name, src, size = AVATAR_NAV_SIZE_PX, shape = 'circle', className }: AvatarProps) {
  return (
    <span
      className={cx(styles.root, shape === 'circle' ? styles.circle : styles.square, className)}
      style={{ '--avatar-size': `${size}px` } as CSSProperties}
    >
      <PhotoOrInitials name={name} src={src} sizes={`${size}px`} initialsSize={size} />
    </span>
  )
}
