import { css, cx } from 'styled-system/css'
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { type VerificationStatus, verificationStatusLabels } from '#shared/content/verification.ts'

const variants: Record<VerificationStatus, BadgeProps['variant']> = {
  not_started: 'neutral',
  pending: 'warning',
  verified: 'success',
  rejected: 'outline',
  bypass_paid: 'info',
}

// Badges sit inside serif headings: they keep the body face.
const base = css({ fontFamily: 'body' })
const rejected = css({ bg: 'danger.subtle', color: 'danger.fg', borderColor: 'danger.border' })

export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  return (
    <Badge size="md" variant={variants[status]} className={cx(base, status === 'rejected' && rejected)}>
      {verificationStatusLabels[status]}
    </Badge>
  )
}
