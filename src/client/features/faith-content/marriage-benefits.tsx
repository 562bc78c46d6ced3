import { ArrowRight, ChevronRight, HeartHandshake } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { type MarriageBenefit, marriageBenefits } from '#shared/content/marriage-benefits.ts'
import { benefitIcons } from './benefit-icon'
import { BenefitDialogOnFirstUse } from './dialogs-on-first-use'

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(auto-fit, minmax(token(sizes.64), 1fr))' },
    gap: '6',
  }),
  card: cx(
    card({ elevation: 'sm' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      p: { base: '6', md: '7' },
    }),
  ),
  iconBadge: css({ display: 'grid', placeItems: 'center', w: '12', h: '12', borderRadius: 'full', bg: 'brand.subtle', color: 'brand.fg' }),
  title: css({ textStyle: 'h4', color: 'fg.default' }),
  summary: css({ textStyle: 'body', color: 'fg.muted', flex: '1' }),
  more: css({ alignSelf: 'flex-start' }),
  panel: cx(card({ elevation: 'sm' }).root, css({ p: '4' })),
  panelLabel: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'overline', color: 'accent.fg', mb: '3', px: '1' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  row: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    gap: '3',
    w: 'full',
    p: '3',
    textAlign: 'start',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
    borderRadius: 'control',
    cursor: 'pointer',
    transitionProperty: 'border-color, background-color',
    transitionDuration: 'normal',
    _hover: { borderColor: 'brand.border', bg: 'brand.subtle' },
    focusVisibleRing: 'outside',
  }),
  rowIcon: css({ display: 'grid', placeItems: 'center', w: '9', h: '9', borderRadius: 'full', bg: 'brand.subtle', color: 'brand.fg' }),
  rowTitle: css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm', color: 'fg.default', lineHeight: '1.4' }),
  rowSummary: css({ display: 'block', textStyle: 'caption', color: 'fg.muted', lineClamp: '2' }),
  chevron: css({ color: 'fg.subtle' }),
}

function BenefitCard({ benefit }: { benefit: MarriageBenefit }) {
  const Icon = benefitIcons[benefit.category]
  return (
    <article className={styles.card}>
      <span className={styles.iconBadge} aria-hidden="true">
        <Icon size={22} />
      </span>
      <h3 className={styles.title}>{benefit.title}</h3>
      <p className={styles.summary}>{benefit.summary}</p>
      <BenefitDialogOnFirstUse
        benefit={benefit}
        trigger={
          <Button variant="link" className={styles.more} aria-label={`Studies & Scripture: ${benefit.title}`}>
            Studies & Scripture
            <ArrowRight size={16} aria-hidden="true" />
          </Button>
        }
      />
    </article>
  )
}

function BenefitRow({ benefit }: { benefit: MarriageBenefit }) {
  const Icon = benefitIcons[benefit.category]
  return (
    <li>
      <BenefitDialogOnFirstUse
        benefit={benefit}
        trigger={
          <button type="button" className={styles.row}>
            <span className={styles.rowIcon} aria-hidden="true">
              <Icon size={18} />
            </span>
            <span>
              <span className={styles.rowTitle}>{benefit.title}</span>
              <span className={styles.rowSummary}>{benefit.summary}</span>
            </span>
            <ChevronRight size={18} className={styles.chevron} aria-hidden="true" />
          </button>
        }
      />
    </li>
  )
}

export interface MarriageBenefitsProps {
  /** Cards for the landing page; a list of rows for Discover's sidebar. */
  variant?: 'grid' | 'compact'
  /** Only the first N benefits. */
  limit?: number
}

/** Research-backed benefits of Christian marriage; each one opens its studies and scripture. */
export function MarriageBenefits({ variant = 'grid', limit }: MarriageBenefitsProps) {
  const benefits = marriageBenefits.slice(0, limit)
  if (variant === 'compact') {
    return (
      <div className={styles.panel}>
        <p className={styles.panelLabel}>
          <HeartHandshake size={16} aria-hidden="true" /> The Blessings of Marriage
        </p>
        <ul className={styles.list}>
          {benefits.map((benefit) => (
            <BenefitRow key={benefit.id} benefit={benefit} />
          ))}
        </ul>
      </div>
    )
  }
  return (
    <div className={styles.grid}>
      {benefits.map((benefit) => (
        <BenefitCard key={benefit.id} benefit={benefit} />
      ))}
    </div>
  )
}
