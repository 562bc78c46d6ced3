import { useQuery } from '@tanstack/react-query'
import { Heart, HeartOff } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { UpgradeNote } from '#client/features/billing/upgrade-note.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { planUnlocking } from '#shared/logic/entitlements.ts'

const styles = {
  left: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '3',
    py: '1.5',
    borderRadius: 'full',
    bg: 'brand.subtle',
    color: 'brand.fg',
    textStyle: 'small',
    fontWeight: 'semibold',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  }),
}

const likesPlan = planUnlocking('unlimited_likes')

function useLikesLeft() {
  return useQuery(trpc.premium.allowance.queryOptions()).data?.likesLeft
}

/** A plan with a daily like limit shows what is left of it; unlimited plans, and a used-up day, show nothing here. */
export function LikesLeft({ className }: { className?: string }) {
  const left = useLikesLeft()
  if (left === null || left === undefined || left === 0) return null
  return (
    <p className={cx(styles.left, className)} role="status">
      <Heart size={14} aria-hidden="true" /> {left === 1 ? '1 like left today' : `${left} likes left today`}
    </p>
  )
}

/** Once today's likes are used, a gentle note with the plan that has no limit. */
export function LikesUsedUp({ className }: { className?: string }) {
  if (useLikesLeft() !== 0) return null
  return (
    <UpgradeNote icon={HeartOff} title="You've used today's likes" planId={likesPlan} role="status" className={className}>
      Each comes back 24 hours after you sent it, or like without limits.
    </UpgradeNote>
  )
}
