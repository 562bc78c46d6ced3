import { useState } from 'react'
import { css } from 'styled-system/css'
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
}

const standardPlans = plans.filter((plan) => !plan.exclusive)
const exclusivePlans = plans.filter((plan) => plan.exclusive)

/** The body of /pricing, for visitors and members alike; `currentPlan` is null for a visitor. */
export function PricingContent({ currentPlan }: { currentPlan: PlanId | null }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  return (
    <div className={styles.stack}>
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
