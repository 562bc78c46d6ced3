import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { CircleCheck, Clock, FlaskConical, SearchX } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { planById } from '#shared/content/plans.ts'
import type { CheckoutView } from '#shared/schemas/billing.ts'
import { checkoutPrice } from './billing-format'
import { PlanFeatures } from './plan-features'
import { refreshAfterPurchase } from './use-checkout'

const styles = {
  page: css({ maxW: 'xl', mx: 'auto' }),
  stack: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  demo: cx(
    card({ variant: 'accent' }).root,
    css({ display: 'flex', gap: '3', p: '4', textStyle: 'small', '& > svg': { color: 'accent.fg', flexShrink: 0, mt: '0.5' } }),
  ),
  demoTitle: css({ display: 'block', textStyle: 'body', fontWeight: 'semibold', color: 'fg.default' }),
  demoText: css({ color: 'fg.muted' }),
  order: cx(card({ elevation: 'md' }).root, css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '7' } })),
  label: css({ textStyle: 'overline', color: 'fg.muted' }),
  description: css({ textStyle: 'h3', color: 'fg.default', mt: '1' }),
  price: css({ display: 'flex', alignItems: 'baseline', gap: '1', fontFamily: 'heading', fontWeight: 'semibold' }),
  amount: css({ fontSize: '4xl', lineHeight: '1', fontVariantNumeric: 'tabular-nums' }),
  per: css({ fontFamily: 'body', fontSize: 'md', fontWeight: 'medium', color: 'fg.muted' }),
  period: css({ textStyle: 'small', color: 'fg.muted', mt: '2' }),
  actions: css({
    display: 'flex',
    flexDirection: { base: 'column-reverse', sm: 'row' },
    justifyContent: 'flex-end',
    gap: '3',
    pt: '5',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  // A completed or expired checkout: what happened, then the way on.
  settled: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    justifyContent: 'space-between',
    gap: '3',
    pt: '5',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  state: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    textStyle: 'body',
    color: 'fg.default',
    '& svg': { flexShrink: 0, mt: '1' },
  }),
  done: css({ '& svg': { color: 'success.solid' } }),
  expired: css({ '& svg': { color: 'fg.muted' } }),
  skeleton: css({ h: '80', borderRadius: 'card' }),
}

/** Where a member who does not pay goes back to: the plans (told nothing was charged), or the bypass form. */
function backTo(checkout: CheckoutView, cancelled: boolean) {
  if (checkout.kind === 'bypass_fee')
    return { to: '/verification', search: { tab: 'bypass', checkout: cancelled ? 'cancelled' : undefined } } as const
  return { to: '/pricing', search: { checkout: cancelled ? 'cancelled' : undefined } } as const
}

/** Without Stripe keys, the product's own checkout: labelled as a demo, and confirming activates what was chosen. */
export function DemoCheckoutPage({ checkoutId }: { checkoutId: string }) {
  const checkout = useQuery(trpc.billing.checkout.queryOptions({ id: checkoutId }))
  return (
    <div className={styles.page}>
      <PageTitle title="Checkout" description="Check what you are buying, then confirm." />
      <div className={styles.stack}>
        <p className={styles.demo} role="note">
          <FlaskConical size={20} aria-hidden="true" />
          <span>
            <strong className={styles.demoTitle}>Demo mode — no card is charged</strong>
            <span className={styles.demoText}>
              Card payments are not set up on this server. Confirming activates your choice for one period, free of charge.
            </span>
          </span>
        </p>
        {checkout.isPending ? (
          <Skeleton className={styles.skeleton} />
        ) : checkout.isError ? (
          <EmptyState
            icon={SearchX}
            title="Checkout not found"
            action={
              <Button asChild variant="outline">
                <Link to="/pricing">See the plans</Link>
              </Button>
            }
          >
            {checkout.error.message}
          </EmptyState>
        ) : (
          <Order checkout={checkout.data} />
        )}
      </div>
    </div>
  )
}

function Order({ checkout }: { checkout: CheckoutView }) {
  const navigate = useNavigate()
  const { price, period } = checkoutPrice(checkout)
  // '$19.99/month': the amount large, the period beside it, as on the plan cards.
  const [amount, per] = price.split('/')
  const plan = checkout.planId ? planById[checkout.planId] : null
  const confirm = useMutation(
    trpc.billing.confirmDemoCheckout.mutationOptions({
      onSuccess: async (subscription) => {
        queryClient.setQueryData(trpc.billing.subscription.queryKey(), subscription)
        await refreshAfterPurchase()
        if (checkout.kind === 'bypass_fee') {
          toast({
            title: 'Bypass Active',
            description: 'Your commitment fee is paid and your income shows as Bypass Active.',
            variant: 'success',
          })
          return navigate({ to: '/verification' })
        }
        return navigate({ to: '/checkout/success', search: { checkout: checkout.id } })
      },
      onError: () => void queryClient.invalidateQueries(trpc.billing.checkout.queryFilter({ id: checkout.id })),
      meta: { failure: { title: 'Not confirmed' } },
    }),
  )
  return (
    <section className={styles.order} aria-labelledby="checkout-description">
      <div>
        <p className={styles.label}>You are buying</p>
        <h2 id="checkout-description" className={styles.description}>
          {checkout.description}
        </h2>
      </div>
      <div>
        <p className={styles.price}>
          <span className={styles.amount}>{amount}</span>
          {per && <span className={styles.per}>/{per}</span>}
        </p>
        <p className={styles.period}>{period}</p>
      </div>
      {plan && <PlanFeatures plan={plan} />}
      <div className={checkout.status === 'open' ? styles.actions : styles.settled}>
        {checkout.status === 'open' ? (
          <>
            <Button asChild variant="ghost">
              <Link {...backTo(checkout, true)}>Cancel</Link>
            </Button>
            <Button loading={confirm.isPending} onClick={() => confirm.mutate({ id: checkout.id })}>
              Confirm
            </Button>
          </>
        ) : checkout.status === 'completed' ? (
          <>
            <p className={cx(styles.state, styles.done)}>
              <CircleCheck size={18} aria-hidden="true" /> This checkout is complete.
            </p>
            <Button asChild variant="outline">
              {checkout.kind === 'bypass_fee' ? (
                <Link to="/verification">Verification Center</Link>
              ) : (
                <Link to="/checkout/success" search={{ checkout: checkout.id }}>
                  See your membership
                </Link>
              )}
            </Button>
          </>
        ) : (
          <>
            <p className={cx(styles.state, styles.expired)}>
              <Clock size={18} aria-hidden="true" /> This checkout has expired. Nothing has been charged.
            </p>
            <Button asChild variant="outline">
              <Link {...backTo(checkout, false)}>Start again</Link>
            </Button>
          </>
        )}
      </div>
    </section>
  )
}
