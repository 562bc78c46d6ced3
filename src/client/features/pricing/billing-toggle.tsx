import { Sparkles } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Switch } from '#client/components/ui/switch.tsx'
import { type BillingPeriod, plans } from '#shared/content/plans.ts'
import { maxYearlySavingPercent } from '#shared/logic/pricing.ts'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4' }),
  toggle: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '3',
    px: '5',
    py: '2.5',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.default',
    borderRadius: 'full',
    boxShadow: 'xs',
  }),
  period: css({ fontSize: 'md', fontWeight: 'semibold', cursor: 'pointer', lineHeight: '1.4' }),
  inactive: css({ color: 'fg.muted' }),
  active: css({ color: 'brand.fg' }),
  banner: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    px: '4',
    py: '1.5',
    borderRadius: 'full',
    bg: 'accent.subtle',
    borderWidth: 'thin',
    borderColor: 'accent.border',
    color: 'accent.fg',
    fontSize: 'sm',
  }),
  bannerStrong: css({ fontWeight: 'bold' }),
}

const saving = maxYearlySavingPercent(plans)

export interface BillingToggleProps {
  period: BillingPeriod
  onPeriodChange: (period: BillingPeriod) => void
}

export function BillingToggle({ period, onPeriodChange }: BillingToggleProps) {
  const yearly = period === 'yearly'
  return (
    <div className={styles.root}>
      <div className={styles.toggle}>
        {/* The switch carries the state for keyboards and screen readers; this word is a wider click target. */}
        <span
          aria-hidden="true"
          className={cx(styles.period, yearly ? styles.inactive : styles.active)}
          onClick={() => onPeriodChange('monthly')}
        >
          Monthly
        </span>
        <Switch id="billing-period" checked={yearly} onCheckedChange={(checked) => onPeriodChange(checked ? 'yearly' : 'monthly')} />
        <label htmlFor="billing-period" className={cx(styles.period, yearly ? styles.active : styles.inactive)}>
          Yearly
        </label>
      </div>
      <p className={styles.banner}>
        <Sparkles size={16} aria-hidden="true" />
        <strong className={styles.bannerStrong}>Save up to {saving}%</strong> with yearly billing
      </p>
    </div>
  )
}
