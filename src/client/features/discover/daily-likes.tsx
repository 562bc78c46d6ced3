import { useQuery } from '@tanstack/react-query'
import { Heart, HeartOff } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { UpgradeButton } from '#client/features/billing/upgrade-button.tsx'
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
  usedUp: cx(
    card({ variant: 'subtle' }).root,
    css({
      display: 'flex',
      flexDirection: { base: 'column', sm: 'row' },
      alignItems: { base: 'stretch', sm: 'center' },
      gap: '3',
      px: '4',
      py: '3',
    }),
  ),
  usedUpText: css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', textStyle: 'small', color: 'fg.muted' }),
  usedUpTitle: css({
    display: 'flex',
    alignItems: 'center',
    gap: '1.5',
    fontWeight: 'semibold',
    color: 'fg.default',
    '& svg': { color: 'brand.fg' },
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
    <div className={cx(styles.usedUp, className)} role="status">
      <p className={styles.usedUpText}>
        <span className={styles.usedUpTitle}>
          <HeartOff size={16} aria-hidden="true" /> You've used today's likes
        </span>
        More come back as the day turns over, or like without limits.
      </p>
      {likesPlan !== 'free' && <UpgradeButton planId={likesPlan} size="sm" />}
    </div>
  )
}
