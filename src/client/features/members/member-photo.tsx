import { Avatar as AvatarPrimitive } from 'radix-ui'
import { css, cx } from 'styled-system/css'
import { InitialsAvatar } from '#client/components/ui/initials-avatar.tsx'
import { AVATAR_CARD_SIZE_PX } from '#client/lib/ui-timings.ts'

const styles = {
  root: css({ position: 'relative', display: 'block', w: 'full', aspectRatio: 'square', overflow: 'hidden', bg: 'bg.muted' }),
  fill: css({ display: 'block', w: 'full', h: 'full' }),
  image: css({ w: 'full', h: 'full', objectFit: 'cover' }),
}

/**
 * A member's photo filling its frame edge to edge (the kit's Avatar is a fixed-size disc). Missing or
 * failing to load, it falls back to the generated initials avatar at the spec's card size (300 px).
 */
export function MemberPhoto({ name, src, className }: { name: string; src: string | null; className?: string }) {
  return (
    <AvatarPrimitive.Root className={cx(styles.root, className)}>
      {src && <AvatarPrimitive.Image src={src} alt={name} className={styles.image} />}
      <AvatarPrimitive.Fallback className={styles.fill}>
        <InitialsAvatar name={name} size={AVATAR_CARD_SIZE_PX} shape="square" className={styles.fill} />
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  )
}
