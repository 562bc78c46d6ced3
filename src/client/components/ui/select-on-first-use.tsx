import { ChevronDown } from 'lucide-react'
import { useRef } from 'react'
import { cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { loadOnFirstUse, useStandIn } from '#client/lib/load-on-first-use.ts'
import type { SelectProps } from './select.tsx'
import { selectTriggerStyles as styles } from './select-trigger-styles'

const radixSelect = loadOnFirstUse(() => import('./select.tsx'))

// The keys that open Radix's select from its trigger.
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown'])

/**
 * `Select` for screens that show one before anything else (the landing page's spouse finder,
 * Discover's filter bar): the closed select is drawn here as Radix draws its trigger, and Radix
 * Select with Floating UI (about 25 KB gzip) loads when a select is first pointed at, focused or
 * pressed. A press before it arrives opens the list once it has, as Radix would: a mouse on press,
 * a touch or a label on click, the keyboard on Space, Enter and the arrows.
 */
export function SelectOnFirstUse(props: SelectProps) {
  const standIn = useStandIn(radixSelect)
  const pointerType = useRef('touch')
  if (standIn.loaded) return <standIn.loaded.Select {...props} ref={standIn.ref} defaultOpen={standIn.openOnLoad} />

  // What only Radix's select takes stays off the button (React warns of an unknown handler otherwise).
  const {
    options,
    value,
    defaultValue,
    placeholder,
    id,
    disabled,
    required,
    size,
    className,
    onValueChange: _,
    defaultOpen: __,
    ...aria
  } = props
  const selected = options.find((option) => option.value === (value ?? defaultValue))
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-required={required}
      data-state="closed"
      data-placeholder={selected ? undefined : ''}
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      id={id}
      className={cx(input({ size }), styles.trigger, className)}
      {...aria}
      {...standIn.standInProps}
      onPointerDown={(event) => {
        pointerType.current = event.pointerType
        standIn.standInProps.onPointerDown(event)
        if (event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey) {
          event.preventDefault()
          event.currentTarget.focus()
          standIn.open()
        }
      }}
      onClick={(event) => {
        event.currentTarget.focus()
        if (pointerType.current !== 'mouse') standIn.open()
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return
        event.preventDefault()
        standIn.open()
      }}
    >
      <span className={styles.value}>
        <span style={{ pointerEvents: 'none' }}>{selected ? selected.label : placeholder}</span>
      </span>
      <ChevronDown className={styles.icon} aria-hidden="true" />
    </button>
  )
}
