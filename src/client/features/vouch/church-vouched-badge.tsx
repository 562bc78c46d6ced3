import { Church } from 'lucide-react'
import { css } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { CHURCH_VOUCHED_LABEL } from '#shared/content/vouch.ts'

// Badges sit inside serif headings too: they keep the body face.
const base = css({ fontFamily: 'body' })

/** A member whose pastor or elder confirmed their faith through the emailed link. */
export function ChurchVouchedBadge() {
  return (
    <Badge variant="info" size="md" className={base}>
      <Church size={14} aria-hidden="true" /> {CHURCH_VOUCHED_LABEL}
    </Badge>
  )
}
