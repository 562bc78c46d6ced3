import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

interface RadioCardOption {
  value: string
  label: ReactNode
  description?: ReactNode
  disabled?: boolean
}

export interface RadioCardGroupProps {
  options: readonly RadioCardOption[]
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  name?: string
  required?: boolean
  disabled?: boolean
  orientation?: 'horizontal' | 'vertical'
  className?: string
  'aria-label'?: string
  'aria-labelledby'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean | 'true' | 'false'
}

const styles = {
  root: css({
    display: 'grid',
    gap: '3',
    '&[data-orientation=horizontal]': { gridTemplateColumns: { base: '1fr', sm: 'repeat(auto-fit, minmax(token(sizes.48), 1fr))' } },
  }),
  item: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '3',
    rowGap: '0.5',
    alignItems: 'start',
    p: '4',
    textAlign: 'start',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.default',
    borderRadius: 'control',
    cursor: 'pointer',
    transitionProperty: 'border-color, background-color, box-shadow',
    transitionDuration: 'normal',
    _hover: { borderColor: 'border.strong' },
    _checked: { borderColor: 'brand.solid', bg: 'brand.subtle', boxShadow: '0 0 0 token(borderWidths.thin) token(colors.brand.solid)' },
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  }),
  dot: css({
    gridRow: '1 / span 2',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '5',
    h: '5',
    mt: '0.5',
    borderRadius: 'full',
    borderWidth: 'thick',
    borderColor: 'border.strong',
    bg: 'bg.surface',
    '[data-state=checked] > &': { borderColor: 'brand.solid' },
  }),
  indicator: css({ display: 'block', w: '2.5', h: '2.5', borderRadius: 'full', bg: 'brand.solid' }),
  label: css({ gridColumn: '2', fontWeight: 'semibold', color: 'fg.default' }),
  description: css({ gridColumn: '2', textStyle: 'small', color: 'fg.muted' }),
}

// Each option is a Radix radio (arrow keys move, Space selects) drawn as a selectable card.
export function RadioCardGroup({ options, orientation = 'vertical', className, ...props }: RadioCardGroupProps) {
  return (
    <RadioGroupPrimitive.Root orientation={orientation} className={cx(styles.root, className)} {...props}>
      {options.map((option) => (
        <RadioGroupPrimitive.Item key={option.value} value={option.value} disabled={option.disabled} className={styles.item}>
          <span className={styles.dot}>
            <RadioGroupPrimitive.Indicator className={styles.indicator} />
          </span>
          <span className={styles.label}>{option.label}</span>
          {option.description && <span className={styles.description}>{option.description}</span>}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  )
}
