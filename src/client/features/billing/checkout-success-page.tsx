import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Clock, Crown, ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { type PlanId, planById } from '#shared/content/plans.ts'
import type { SubscriptionView } from '#shared/schemas/billing.ts'
import { formatBillingDate } from './billing-format'
import { PlanFeatures } from './plan-features'
import { refreshAfterPurchase } from './use-checkout'

/** With Stripe the payment is confirmed by its webhook, which may land a moment after the member is back. */
const CONFIRM_POLL_MS = 1500
const CONFIRM_WAIT_MS = 30_000

const styles = {
  panel: cx(
    card({ elevation: 'md' }).root,
    css({
      maxW: '2xl',
      mx: 'auto',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '4',
      px: { base: '5', md: '10' },
      py: { base: '8', md: '12' },
    }),
  ),
  icon: css({
    display: 'grid',
    placeItems: 'center',
    w: '16',
    h: '16',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.fg',
  }),
  title: css({ textStyle: 'h1', color: 'fg.default' }),
  lead: css({ textStyle: 'lead', color: 'fg.muted', maxW: 'lg' }),
  features: css({ w: 'fit-content', maxW: 'md', textAlign: 'start', py: '2' }),
  renews: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.default' }),
  actions: css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3', w: { base: 'full', sm: 'auto' }, pt: '2' }),
  skeleton: css({ maxW: '2xl', mx: 'auto', h: '96', borderRadius: 'card' }),
}

/** Whether the member's plan is now the one bought (null: any paid plan, when no checkout is named). */
function isOn(subscription: SubscriptionView | undefined, planId: PlanId | null) {
  if (!subscription || (subscription.status !== 'active' && subscription.status !== 'past_due')) return false
  return planId === null || subscription.planId === planId
}

/** Back from a checkout: the new plan once it is active, or a calm wait while the payment is confirmed. */
export function CheckoutSuccessPage({ checkoutId }: { checkoutId?: string }) {
  const [tookLong, setTookLong] = useState(false)
  // Each query is asked again only while it is the one the answer waits for: the checkout for a fee, the subscription for a plan.
  const checkout = useQuery({
    ...trpc.billing.checkout.queryOptions({ id: checkoutId ?? '' }),
    enabled: Boolean(checkoutId),
    refetchInterval: ({ state }) =>
      !tookLong && state.data?.kind === 'bypass_fee' && state.data.status !== 'completed' ? CONFIRM_POLL_MS : false,
  })
  const bought = checkout.data?.kind === 'plan' ? checkout.data.planId : null
  const subscription = useQuery({
    ...trpc.billing.subscription.queryOptions(),
    refetchInterval: ({ state }) => (!tookLong && bought && !isOn(state.data, bought) ? CONFIRM_POLL_MS : false),
  })
  const kind = checkout.data?.kind ?? 'plan'
  const confirmed = kind === 'bypass_fee' ? checkout.data?.status === 'completed' : isOn(subscription.data, bought)

  useEffect(() => {
    if (confirmed) return
    const timer = setTimeout(() => setTookLong(true), CONFIRM_WAIT_MS)
    return () => clearTimeout(timer)
  }, [confirmed])
  // The navigation, the limits and every locked panel follow the new plan.
  useEffect(() => {
    if (confirmed) void refreshAfterPurchase()
  }, [confirmed])

  if (subscription.isPending || (checkoutId && checkout.isPending)) return <Skeleton className={styles.skeleton} />
  if (checkout.isError || subscription.isError) {
    return (
      <EmptyState
        title="We could not find this checkout"
        action={
          <Button asChild variant="outline">
            <Link to="/settings" hash="membership">
              See your membership
            </Link>
          </Button>
        }
      >
        {(checkout.error ?? subscription.error)?.message}
      </EmptyState>
    )
  }
  if (!confirmed) {
    if (!checkoutId) return <NothingBought />
    return <Confirming tookLong={tookLong} />
  }
  if (kind === 'bypass_fee') return <BypassActive />
  return <Welcome subscription={subscription.data} />
}

function NothingBought() {
  return (
    <EmptyState
      icon={Crown}
      title="No new membership yet"
      action={
        <Button asChild>
          <Link to="/pricing">See the plans</Link>
        </Button>
      }
    >
      Choose a plan to unlock unlimited messages, Likes You and more.
    </EmptyState>
  )
}

function Confirming({ tookLong }: { tookLong: boolean }) {
  return (
    <section className={styles.panel} aria-labelledby="checkout-title" aria-busy={!tookLong}>
      <span className={styles.icon}>{tookLong ? <Clock size={28} aria-hidden="true" /> : <Spinner size="lg" />}</span>
      <h1 id="checkout-title" className={styles.title} role="status">
        {tookLong ? 'Your payment is still being confirmed' : 'Confirming your payment…'}
      </h1>
      <p className={styles.lead}>
        {tookLong
          ? 'This is taking longer than usual. Your new plan appears in account settings as soon as the payment is confirmed, and you are never charged twice.'
          : 'This usually takes a few seconds.'}
      </p>
      {tookLong && (
        <Button asChild variant="outline">
          <Link to="/settings" hash="membership">
            Account settings
          </Link>
        </Button>
      )}
    </section>
  )
}

function Welcome({ subscription }: { subscription: SubscriptionView }) {
  const plan = planById[subscription.planId]
  return (
    <section className={styles.panel} aria-labelledby="checkout-title">
      <span className={styles.icon} aria-hidden="true">
        <Crown size={28} />
      </span>
      <h1 id="checkout-title" className={styles.title}>
        Welcome to {plan.name}
      </h1>
      <p className={styles.lead}>Your membership is active. Here is what it unlocks:</p>
      <PlanFeatures plan={plan} className={styles.features} />
      {subscription.renewsAt && (
        <p className={styles.renews}>
          {subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} {formatBillingDate(subscription.renewsAt)}
        </p>
      )}
      <div className={styles.actions}>
        <Button asChild>
          <Link to="/">Go to Discover</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/settings" hash="membership">
            Account settings
          </Link>
        </Button>
      </div>
    </section>
  )
}

function BypassActive() {
  return (
    <section className={styles.panel} aria-labelledby="checkout-title">
      <span className={styles.icon} aria-hidden="true">
        <ShieldCheck size={28} />
      </span>
      <h1 id="checkout-title" className={styles.title}>
        Bypass Active
      </h1>
      <p className={styles.lead}>Your commitment fee is paid. Faith and identity verification are still required.</p>
      <div className={styles.actions}>
        <Button asChild>
          <Link to="/verification">Verification Center</Link>
        </Button>
      </div>
    </section>
  )
}
