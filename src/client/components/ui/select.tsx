import { Check, ChevronDown, ChevronUp } from 'lucide-react'
import { Select as SelectPrimitive } from 'radix-ui'
import type { Ref } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { FLOATING_OFFSET_PX, POPOVER_COLLISION_PADDING_PX } from '#client/lib/ui-timings.ts'
import { selectTriggerStyles } from './select-trigger-styles'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps {
  options: readonly SelectOption[]
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  /** Open as it mounts: the stand-in of `SelectOnFirstUse` was pressed before this code arrived. */
  defaultOpen?: boolean
  ref?: Ref<HTMLButtonElement>
  placeholder?: string
  id?: string
  name?: string
  disabled?: boolean
  required?: boolean
  size?: 'sm' | 'md' | 'lg'
  className?: string
  'aria-label'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean | 'true' | 'false'
  'aria-required'?: boolean | 'true' | 'false'
}

const styles = {
  ...selectTriggerStyles,
  check: css({ w: '4', h: '4' }),
  content: css({
    zIndex: 'popover',
    minW: 'var(--radix-select-trigger-width)',
    maxH: 'var(--radix-select-content-available-height)',
    overflow: 'hidden',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.default',
    borderRadius: 'control',
    boxShadow: 'lg',
    animation: 'popIn',
    transformOrigin: 'var(--radix-select-content-transform-origin)',
  }),
  viewport: css({ p: '1' }),
  item: css({
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    minH: '10',
    ps: '8',
    pe: '3',
    py: '2',
    borderRadius: 'md',
    fontSize: 'md',
    color: 'fg.default',
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    _highlighted: { bg: 'brand.subtle', color: 'brand.fg' },
    _disabled: { color: 'fg.subtle', cursor: 'not-allowed' },
  }),
  indicator: css({ position: 'absolute', insetInlineStart: '2', display: 'inline-flex', color: 'brand.fg' }),
  scrollButton: css({ display: 'flex', alignItems: 'center', justifyContent: 'center', h: '6', color: 'fg.muted' }),
}

export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  defaultOpen,
  ref,
  placeholder,
  id,
  name,
  disabled,
  required,
  size,
  className,
  ...aria
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      defaultOpen={defaultOpen}
      name={name}
      disabled={disabled}
      required={required}
    >
      <SelectPrimitive.Trigger ref={ref} id={id} className={cx(input({ size }), styles.trigger, className)} {...aria}>
        <span className={styles.value}>
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown className={styles.icon} />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          className={styles.content}
          position="popper"
          sideOffset={FLOATING_OFFSET_PX}
          collisionPadding={POPOVER_COLLISION_PADDING_PX}
        >
          <SelectPrimitive.ScrollUpButton className={styles.scrollButton}>
            <ChevronUp className={styles.icon} />
          </SelectPrimitive.ScrollUpButton>
          <SelectPrimitive.Viewport className={styles.viewport}>
            {options.map((option) => (
              <SelectPrimitive.Item key={option.value} value={option.value} disabled={option.disabled} className={styles.item}>
                <SelectPrimitive.ItemIndicator className={styles.indicator}>
                  <Check className={styles.check} />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
          <SelectPrimitive.ScrollDownButton className={styles.scrollButton}>
            <ChevronDown className={styles.icon} />
          </SelectPrimitive.ScrollDownButton>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  )
}
