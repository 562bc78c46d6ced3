import { RotateCcw, SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { SelectOnFirstUse } from '#client/components/ui/select-on-first-use.tsx'
import { ageRangeFilterOptions, denominationFilterOptions, locationFilterOptions } from '#shared/content/preferences.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { AdvancedFilters } from './advanced-filters'
import {
  ANY_AGE,
  advancedFrom,
  choicesFromSearch,
  type DiscoverChoices,
  type DiscoverSearch,
  hasAnyFilter,
  searchFromChoices,
  withoutAdvanced,
} from './discover-search'

const ageOptions = [{ value: ANY_AGE, label: 'Any age' }, ...ageRangeFilterOptions]

const styles = {
  bar: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'grid',
      gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr)) auto' },
      alignItems: 'end',
      gap: '4',
      p: { base: '4', md: '5' },
      mb: '6',
    }),
  ),
  actions: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    gridColumn: { sm: '1 / -1', lg: 'auto' },
    '& > *': { flex: { base: '1', lg: 'none' } },
  }),
}

/**
 * Age range, location and denomination, applied together by Apply Filters; More filters opens the
 * advanced ones. The choices go into the URL, which is what the feed reads (so a filtered Discover
 * can be reloaded or shared).
 */
export function DiscoverFilters({
  search,
  plan,
  onApply,
}: {
  search: DiscoverSearch
  plan: PlanId
  onApply: (search: DiscoverSearch) => void
}) {
  const [choices, setChoices] = useState(() => choicesFromSearch(search))
  const choose = (key: keyof DiscoverChoices) => (value: string) => setChoices((current) => ({ ...current, [key]: value }))
  return (
    <form
      className={styles.bar}
      aria-label="Filter profiles"
      onSubmit={(event) => {
        event.preventDefault()
        onApply({ ...advancedFrom(search), ...searchFromChoices(choices) })
      }}
    >
      <Field label="Age range">
        {(control) => <SelectOnFirstUse {...control} options={ageOptions} value={choices.age} onValueChange={choose('age')} />}
      </Field>
      <Field label="Location">
        {(control) => (
          <SelectOnFirstUse {...control} options={locationFilterOptions} value={choices.location} onValueChange={choose('location')} />
        )}
      </Field>
      <Field label="Denomination">
        {(control) => (
          <SelectOnFirstUse
            {...control}
            options={denominationFilterOptions}
            value={choices.denomination}
            onValueChange={choose('denomination')}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <AdvancedFilters search={search} plan={plan} onApply={(advanced) => onApply({ ...withoutAdvanced(search), ...advanced })} />
        <Button type="submit">
          <SlidersHorizontal size={18} aria-hidden="true" /> Apply Filters
        </Button>
        {hasAnyFilter(search) && (
          <Button type="button" variant="link" onClick={() => onApply({})}>
            <RotateCcw size={16} aria-hidden="true" /> Reset filters
          </Button>
        )}
      </div>
    </form>
  )
}
