import { Check } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import type { Plan } from '#shared/content/plans.ts'

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', textStyle: 'small', color: 'fg.default' }),
  item: css({ display: 'flex', alignItems: 'flex-start', gap: '2', '& svg': { flexShrink: 0, mt: '0.5', color: 'success.solid' } }),
}

/** What a plan unlocks, as a checked list: on the checkout and on the welcome page after it. */
export function PlanFeatures({ plan, className }: { plan: Plan; className?: string }) {
  return (
    <ul className={cx(styles.list, className)} aria-label={`${plan.name} includes`}>
      {plan.features.map((feature) => (
        <li key={feature} className={styles.item}>
          <Check size={16} aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  )
}
