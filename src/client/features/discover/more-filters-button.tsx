import { SlidersHorizontal } from 'lucide-react'
import { css } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button, type ButtonProps } from '#client/components/ui/button.tsx'
import { hasFeature } from '#shared/logic/entitlements.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { type AdvancedSearch, advancedCount, type DiscoverSearch } from './discover-search'

export interface AdvancedFiltersProps {
  search: DiscoverSearch
  plan: PlanId
  onApply: (advanced: AdvancedSearch) => void
}

const styles = {
  trigger: css({ '& [data-count]': { ms: '0.5' } }),
}

/** How many advanced filters the feed applies: none on a plan without them. */
export function appliedCount(search: DiscoverSearch, plan: PlanId) {
  return hasFeature(plan, 'advanced_filters') ? advancedCount(search) : 0
}

/** The filter bar's More filters button, with how many advanced filters are set. */
export function MoreFiltersButton({ applied, ...props }: ButtonProps & { applied: number }) {
  return (
    <Button type="button" variant="outline" className={styles.trigger} {...props}>
      <SlidersHorizontal size={18} aria-hidden="true" /> More filters
      {applied > 0 && (
        <Badge data-count aria-label={`${applied} set`}>
          {applied}
        </Badge>
      )}
    </Button>
  )
}
