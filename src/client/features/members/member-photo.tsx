import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { PhotoOrInitials } from '#client/components/ui/avatar.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { AVATAR_CARD_SIZE_PX } from '#client/lib/ui-timings.ts'

const styles = {
  root: css({ position: 'relative', display: 'block', w: 'full', aspectRatio: 'square', overflow: 'hidden', bg: 'bg.muted' }),
  label: css({ position: 'absolute', insetInlineEnd: '2', bottom: '2', boxShadow: 'sm' }),
}

/** A card's photo: the whole width of a phone, about a third of a wide screen. */
const CARD_SIZES = '(min-width: 40em) 24rem, 100vw'

export interface MemberPhotoProps {
  name: string
  src: string | null
  className?: string
  /** How wide the photo is drawn (its srcset's `sizes`); a card's width unless said. */
  sizes?: string
  /** Marks a drawn portrait (a demo member's) with a small "Illustration" label once it shows. */
  isIllustration?: boolean
}

/**
 * A member's main photo filling its frame edge to edge (the kit's Avatar is a fixed-size disc). Missing or
 * failing to load, it falls back to the generated initials avatar at the spec's card size (300 px).
 */
export function MemberPhoto({ name, src, className, sizes = CARD_SIZES, isIllustration = false }: MemberPhotoProps) {
  const [shown, setShown] = useState<string | null>(null)
  return (
    <span className={cx(styles.root, className)}>
      <PhotoOrInitials name={name} src={src} sizes={sizes} initialsSize={AVATAR_CARD_SIZE_PX} onLoad={() => setShown(src)} />
      {isIllustration && src && shown === src && (
        <Badge variant="neutral" className={styles.label}>
          Illustration
        </Badge>
      )}
    </span>
  )
}
