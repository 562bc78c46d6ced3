import { Check, Info, Landmark } from 'lucide-react'
import { css, cva, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import type { BillingPeriod, Plan, PlanId } from '#shared/content/plans.ts'
import { formatPrice, yearlySavingPercent } from '#shared/logic/pricing.ts'
import { PlanAction } from './plan-action'

const card = cva({
  base: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: '5',
    p: { base: '6', md: '7' },
    borderRadius: 'card',
    borderWidth: 'thin',
  },
  variants: {
    tone: {
      standard: { bg: 'bg.surface', borderColor: 'border.default', boxShadow: 'sm' },
      popular: { bg: 'bg.surface', borderColor: 'brand.solid', borderWidth: 'thick', boxShadow: 'xl' },
      exclusive: { bg: 'bg.inverse', borderColor: 'accent.solid', color: 'fg.inverse', boxShadow: 'lg' },
    },
  },
})

const styles = {
  head: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' }),
  name: css({ textStyle: 'h3' }),
  description: css({ textStyle: 'small', minH: { lg: '10' } }),
  price: css({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: '1', fontFamily: 'heading', fontWeight: 'semibold' }),
  amount: css({ fontSize: '4xl', lineHeight: '1', fontVariantNumeric: 'tabular-nums' }),
  per: css({ fontFamily: 'body', fontSize: 'md', fontWeight: 'medium' }),
  saving: css({ mt: '2' }),
  income: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'small', fontWeight: 'semibold', color: 'accent.solid' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2.5', textStyle: 'small' }),
  item: css({ display: 'flex', alignItems: 'flex-start', gap: '2.5' }),
  icon: css({ flexShrink: 0, mt: '0.5' }),
  action: css({ mt: 'auto', pt: '2' }),
}

// One colour class per element and tone: two atomic classes for the same property would fight.
const tones = {
  light: { muted: css({ color: 'fg.muted' }), check: css({ color: 'success.solid' }) },
  dark: { muted: css({ color: 'fg.inverse/80' }), check: css({ color: 'accent.solid' }) },
}

export interface PlanCardProps {
  plan: Plan
  period: BillingPeriod
  currentPlan: PlanId | null
  popular?: boolean
}

export function PlanCard({ plan, period, currentPlan, popular = false }: PlanCardProps) {
  const dark = Boolean(plan.exclusive)
  const formatted = formatPrice(plan.price[period], period)
  // formatPrice gives 'Free' or '$19.99/month'; the amount is set large and the period beside it.
  const [amount, per] = formatted.split('/')
  const saving = yearlySavingPercent(plan.price.monthly, plan.price.yearly)
  const tone = dark ? tones.dark : tones.light
  return (
    <article className={card({ tone: dark ? 'exclusive' : popular ? 'popular' : 'standard' })} aria-label={plan.name}>
      <div>
        <div className={styles.head}>
          <h3 className={styles.name}>{plan.name}</h3>
          <Badge variant={dark || popular ? 'accent' : 'neutral'}>{plan.badge}</Badge>
        </div>
        <p className={cx(styles.description, tone.muted)}>{plan.description}</p>
      </div>
      <div>
        <p className={styles.price}>
          <span className={styles.amount}>{amount}</span>
          {per && <span className={cx(styles.per, tone.muted)}>/{per}</span>}
        </p>
        {period === 'yearly' && saving > 0 && (
          <Badge variant="success" className={styles.saving}>
            Save {saving}%
          </Badge>
        )}
      </div>
      {plan.incomeRange && (
        <p className={styles.income}>
          <Landmark size={16} aria-hidden="true" /> Verified income {plan.incomeRange}
        </p>
      )}
      <ul className={styles.list} aria-label={`${plan.name} includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.item}>
            <Check size={16} className={cx(styles.icon, tone.check)} aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <ul className={cx(styles.list, tone.muted)} aria-label={`${plan.name} limits`}>
        {plan.limitations.map((limitation) => (
          <li key={limitation} className={styles.item}>
            <Info size={16} className={styles.icon} aria-hidden="true" />
            {limitation}
          </li>
        ))}
      </ul>
      <div className={styles.action}>
        <PlanAction plan={plan} period={period} currentPlan={currentPlan} variant={dark ? 'accent' : popular ? 'solid' : 'outline'} />
      </div>
    </article>
  )
}
