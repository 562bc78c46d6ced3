import { Info, X } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { type BillingPeriod, type PlanId, plans } from '#shared/content/plans.ts'
import { BillingToggle } from './billing-toggle'
import { ContactSupport } from './contact-support'
import { FeatureComparisonPanel } from './feature-comparison-panel'
import { PlanCard } from './plan-card'

const POPULAR_PLAN: PlanId = 'premium'

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: { base: '10', md: '14' } }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    gap: '6',
    alignItems: 'stretch',
  }),
  exclusiveGrid: css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: '6' }),
  groupTitle: css({ textStyle: 'h3', color: 'fg.default' }),
  groupLead: css({ textStyle: 'small', color: 'fg.muted', mt: '1', mb: '5' }),
  note: cx(
    card({ variant: 'brand' }).root,
    css({
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      ps: '4',
      pe: '2',
      py: '2',
      textStyle: 'small',
      '& > svg': { color: 'brand.fg' },
    }),
  ),
  noteText: css({ flex: '1', py: '1' }),
}

const standardPlans = plans.filter((plan) => !plan.exclusive)
const exclusivePlans = plans.filter((plan) => plan.exclusive)

export interface PricingContentProps {
  /** The member's plan, or null for a visitor. */
  currentPlan: PlanId | null
  /** Back from a checkout the member left: said once, calmly, until dismissed. */
  checkoutCancelled?: boolean
  onDismissCancelled?: () => void
}

/** The body of /pricing, for visitors and members alike. */
export function PricingContent({ currentPlan, checkoutCancelled = false, onDismissCancelled }: PricingContentProps) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  return (
    <div className={styles.stack}>
      {checkoutCancelled && (
        <div className={styles.note} role="status">
          <Info size={18} aria-hidden="true" />
          <p className={styles.noteText}>Checkout was cancelled. Nothing has been charged.</p>
          <Button variant="ghost" size="sm" aria-label="Dismiss" onClick={onDismissCancelled}>
            <X size={16} aria-hidden="true" />
          </Button>
        </div>
      )}
      <BillingToggle period={period} onPeriodChange={setPeriod} />
      <section aria-labelledby="memberships-title">
        <h2 id="memberships-title" className={styles.groupTitle}>
          Memberships
        </h2>
        <p className={styles.groupLead}>Start free, and upgrade whenever you are ready.</p>
        <div className={styles.grid}>
          {standardPlans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} currentPlan={currentPlan} popular={plan.id === POPULAR_PLAN} />
          ))}
        </div>
      </section>
      <section aria-labelledby="exclusive-title">
        <h2 id="exclusive-title" className={styles.groupTitle}>
          Exclusive Communities
        </h2>
        <p className={styles.groupLead}>Income-verified circles, by application or invitation.</p>
        <div className={styles.exclusiveGrid}>
          {exclusivePlans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} currentPlan={currentPlan} />
          ))}
        </div>
      </section>
      <FeatureComparisonPanel />
      <ContactSupport />
    </div>
  )
}
