import { loadOnFirstUse, useStandIn } from '#client/lib/load-on-first-use.ts'
import { type AdvancedFiltersProps, appliedCount, MoreFiltersButton } from './more-filters-button'

const dialog = loadOnFirstUse(() => import('./advanced-filters-dialog'))

/**
 * More filters in the bar at once; the dialog behind it, with Radix Dialog, Switch, Checkbox and
 * Select, loads when the button is first pointed at, focused or pressed, and opens once it has if
 * the button was pressed meanwhile.
 */
export function AdvancedFilters(props: AdvancedFiltersProps) {
  const standIn = useStandIn(dialog)
  if (standIn.loaded) return <standIn.loaded.AdvancedFiltersDialog {...props} triggerRef={standIn.ref} defaultOpen={standIn.openOnLoad} />
  return (
    <MoreFiltersButton
      applied={appliedCount(props.search, props.plan)}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      {...standIn.standInProps}
      onClick={standIn.open}
    />
  )
}
