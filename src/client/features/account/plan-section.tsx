import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CreditCard, Crown, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { formatBillingDate } from '#client/features/billing/billing-format.ts'
import { UpgradeButton } from '#client/features/billing/upgrade-button.tsx'
import { refreshAfterPurchase } from '#client/features/billing/use-checkout.ts'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { planName } from '#shared/content/plans.ts'
import type { SubscriptionView } from '#shared/schemas/billing.ts'
import { SettingsSection, settingsStyles } from './settings-section'

const styles = {
  summary: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  name: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2', textStyle: 'h3', color: 'fg.default' }),
  when: css({ textStyle: 'body', color: 'fg.default' }),
  warning: cx(
    card({ variant: 'subtle' }).root,
    css({
      display: 'flex',
      gap: '3',
      p: '4',
      bg: 'warning.subtle',
      borderWidth: 'thin',
      borderColor: 'warning.border',
      textStyle: 'small',
      color: 'fg.default',
      '& > svg': { color: 'warning.fg', flexShrink: 0, mt: '0.5' },
    }),
  ),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
  skeleton: css({ h: '24', borderRadius: 'control' }),
}

const periodLabels = { monthly: 'Billed monthly', yearly: 'Billed yearly' } as const

/** The member's plan: when it renews or ends, a failed payment, and the ways to change it. */
export function PlanSection() {
  const subscription = useQuery(trpc.billing.subscription.queryOptions())
  return (
    <SettingsSection id="membership" icon={Crown} title="Membership">
      {subscription.isPending ? (
        <Skeleton className={styles.skeleton} />
      ) : subscription.isError ? (
        <p className={settingsStyles.hint}>{subscription.error.message}</p>
      ) : subscription.data.planId === 'free' ? (
        <FreePlan />
      ) : (
        <PaidPlan subscription={subscription.data} />
      )}
    </SettingsSection>
  )
}

function FreePlan() {
  return (
    <>
      <div className={styles.summary}>
        <p className={styles.name}>{planName('free')}</p>
        <p className={settingsStyles.hint}>The free plan: a few messages and matches each day.</p>
      </div>
      <div className={styles.actions}>
        <UpgradeButton planId="premium" />
        <Button asChild variant="outline">
          <Link to="/pricing">Compare plans</Link>
        </Button>
      </div>
    </>
  )
}

function PaidPlan({ subscription }: { subscription: SubscriptionView }) {
  const [confirmingCancel, setConfirmingCancel] = useState(false)
  const name = planName(subscription.planId)
  const renewsOn = subscription.renewsAt ? formatBillingDate(subscription.renewsAt) : null
  // A plan given by support (scripts/set-plan.ts) has no subscription behind it: nothing renews or cancels.
  const billed = subscription.interval !== null
  const onChanged = (next: SubscriptionView) => {
    queryClient.setQueryData(trpc.billing.subscription.queryKey(), next)
    void refreshAfterPurchase()
  }
  const cancel = useMutation(
    trpc.billing.cancel.mutationOptions({
      onSuccess: (next) => {
        onChanged(next)
        setConfirmingCancel(false)
        toast({
          title: 'Cancellation scheduled',
          description: `You keep ${name} until ${renewsOn ?? 'the end of this period'}.`,
          variant: 'success',
        })
      },
      meta: { failure: { title: 'Not cancelled' } },
    }),
  )
  const resume = useMutation(
    trpc.billing.resume.mutationOptions({
      onSuccess: (next) => {
        onChanged(next)
        toast({ title: 'Membership resumed', description: `${name} renews as before.`, variant: 'success' })
      },
      meta: { failure: { title: 'Not resumed' } },
    }),
  )
  const portal = useMutation(
    trpc.billing.portal.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      meta: { failure: { title: 'Billing portal unavailable' } },
    }),
  )
  return (
    <>
      <div className={styles.summary}>
        <p className={styles.name}>
          {name}
          {subscription.status === 'past_due' ? (
            <Badge variant="warning">Payment failed</Badge>
          ) : subscription.cancelAtPeriodEnd ? (
            <Badge variant="neutral">Ending</Badge>
          ) : (
            <Badge variant="success">Active</Badge>
          )}
        </p>
        {renewsOn && <p className={styles.when}>{subscription.cancelAtPeriodEnd ? `Ends on ${renewsOn}` : `Renews on ${renewsOn}`}</p>}
        {subscription.interval && !subscription.cancelAtPeriodEnd && (
          <p className={settingsStyles.hint}>{periodLabels[subscription.interval]}</p>
        )}
        {!billed && <p className={settingsStyles.hint}>Given by Covenant support: nothing is billed or renewed.</p>}
        {subscription.cancelAtPeriodEnd && (
          <p className={settingsStyles.hint}>After that you return to {planName('free')}, and nothing more is charged.</p>
        )}
      </div>
      {subscription.status === 'past_due' && (
        <p className={styles.warning} role="alert">
          <TriangleAlert size={18} aria-hidden="true" />
          <span>
            Your last payment did not go through.
            {subscription.graceEndsAt &&
              ` Please ${subscription.mode === 'stripe' ? 'update your payment method' : 'pay again'} by ${formatBillingDate(subscription.graceEndsAt)} to keep ${name}; after that your membership returns to ${planName('free')}.`}
          </span>
        </p>
      )}
      <div className={styles.actions}>
        {subscription.cancelAtPeriodEnd && (
          <Button loading={resume.isPending} onClick={() => resume.mutate()}>
            Resume
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/pricing">Change plan</Link>
        </Button>
        {billed && !subscription.cancelAtPeriodEnd && (
          <Button variant="ghost" onClick={() => setConfirmingCancel(true)}>
            Cancel at period end
          </Button>
        )}
        {billed && subscription.mode === 'stripe' && (
          <Button variant="ghost" loading={portal.isPending} onClick={() => portal.mutate()}>
            <CreditCard size={18} aria-hidden="true" /> Update payment method
          </Button>
        )}
      </div>
      <Dialog open={confirmingCancel} onOpenChange={setConfirmingCancel}>
        <DialogContent
          title="Cancel at period end?"
          description={renewsOn ? `You keep ${name} until ${renewsOn}.` : undefined}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="ghost">Keep {name}</Button>
              </DialogClose>
              <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel at period end
              </Button>
            </>
          }
        >
          <p className={settingsStyles.text}>
            After that your membership returns to {planName('free')} and nothing more is charged. You can resume any time before then.
          </p>
        </DialogContent>
      </Dialog>
    </>
  )
}
