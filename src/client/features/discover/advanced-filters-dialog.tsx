import { Lock } from 'lucide-react'
import { type Ref, useId, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { UpgradeNote } from '#client/features/billing/upgrade-note.tsx'
import { planName } from '#shared/content/plans.ts'
import { hasFeature, planUnlocking } from '#shared/logic/entitlements.ts'
import type { EducationFilter } from '#shared/schemas/profile-options.ts'
import { type Denomination, denominations } from '#shared/schemas/profile-options.ts'
import { type AdvancedSearch, advancedFrom, type DiscoverSearch } from './discover-search'
import { type AdvancedFiltersProps, appliedCount, MoreFiltersButton } from './more-filters-button'

const ANY_EDUCATION = 'any'
const educationOptions: { value: EducationFilter | typeof ANY_EDUCATION; label: string }[] = [
  { value: ANY_EDUCATION, label: 'Any' },
  { value: 'bachelors', label: "Bachelor's or higher" },
  { value: 'masters', label: "Master's or higher" },
  { value: 'doctorate', label: 'Doctorate or professional' },
]

type FlagKey = 'verifiedOnly' | 'sabbathKeepersOnly' | 'withPhotos' | 'circle'

const flags: { key: Exclude<FlagKey, 'circle'>; label: string; hint: string }[] = [
  { key: 'verifiedOnly', label: 'Verified only', hint: 'Members who have verified who they are.' },
  { key: 'sabbathKeepersOnly', label: 'Sabbath keepers only', hint: 'Members who keep the seventh-day Sabbath.' },
  { key: 'withPhotos', label: 'Has photos', hint: 'Members who have added a photo.' },
]

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  row: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' }),
  rowLabel: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  hint: css({ textStyle: 'small', color: 'fg.muted' }),
  fieldset: css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0', _disabled: { opacity: 0.6 } }),
  legend: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', mb: '3', p: '0' }),
  choices: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: '4', rowGap: '3' }),
  choice: css({ display: 'flex', alignItems: 'center', gap: '2.5', '& label': { fontWeight: 'normal' } }),
  circle: css({ pt: '5', borderTopWidth: 'thin', borderColor: 'border.subtle' }),
}

/**
 * Discover's advanced filters (Divine Connection and up) in a dialog: each is a hard filter. On a plan
 * without them the same controls show, locked, with the way to unlock them.
 */
export function AdvancedFiltersDialog({
  search,
  plan,
  onApply,
  defaultOpen = false,
  triggerRef,
}: AdvancedFiltersProps & {
  /** Open as it mounts: More filters was pressed before this code arrived. */
  defaultOpen?: boolean
  triggerRef?: Ref<HTMLButtonElement>
}) {
  const id = useId()
  const unlocked = hasFeature(plan, 'advanced_filters')
  const withCircle = hasFeature(plan, 'private_circle')
  const draftFrom = (current: DiscoverSearch) => (unlocked ? advancedFrom(current) : {})
  const [open, setOpen] = useState(defaultOpen)
  const [draft, setDraft] = useState<AdvancedSearch>(() => (defaultOpen ? draftFrom(search) : {}))
  const set = (patch: AdvancedSearch) => setDraft((current) => ({ ...current, ...patch }))
  const setFlag = (key: FlagKey, on: boolean) => set({ [key]: on ? true : undefined })
  const toggleDenomination = (value: Denomination, on: boolean) => {
    const chosen = new Set(draft.denominations)
    if (on) chosen.add(value)
    else chosen.delete(value)
    set({ denominations: chosen.size > 0 ? denominations.map((d) => d.value).filter((d) => chosen.has(d)) : undefined })
  }
  const applied = appliedCount(search, plan)
  const unlocking = planUnlocking('advanced_filters')

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(draftFrom(search))
        setOpen(next)
      }}
    >
      <DialogTrigger asChild>
        <MoreFiltersButton ref={triggerRef} applied={applied} />
      </DialogTrigger>
      <DialogContent
        title="More filters"
        description="Each filter narrows Discover to the members who match it."
        footer={
          unlocked ? (
            <>
              <Button variant="ghost" onClick={() => setDraft({})}>
                Clear these
              </Button>
              <Button type="submit" form={`${id}-form`}>
                Show members
              </Button>
            </>
          ) : (
            <DialogClose asChild>
              <Button variant="ghost">Close</Button>
            </DialogClose>
          )
        }
      >
        <form
          id={`${id}-form`}
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            // The dialog renders in a portal, but React still bubbles its submit to the filter bar's form.
            event.stopPropagation()
            onApply(withCircle ? draft : { ...draft, circle: undefined })
            setOpen(false)
          }}
        >
          {!unlocked && (
            <UpgradeNote icon={Lock} planId={unlocking}>
              Advanced filters come with {planName(unlocking)}
            </UpgradeNote>
          )}
          <div className={styles.list}>
            {flags.map((flag) => (
              <div key={flag.key} className={styles.row}>
                <div className={styles.rowLabel}>
                  <Label htmlFor={`${id}-${flag.key}`}>{flag.label}</Label>
                  <span className={styles.hint}>{flag.hint}</span>
                </div>
                <Switch
                  id={`${id}-${flag.key}`}
                  disabled={!unlocked}
                  checked={draft[flag.key] === true}
                  onCheckedChange={(on) => setFlag(flag.key, on)}
                />
              </div>
            ))}
          </div>
          <Field label="Education" hint="By the member's verified degree.">
            {(control) => (
              <Select
                {...control}
                disabled={!unlocked}
                options={educationOptions}
                value={draft.education ?? ANY_EDUCATION}
                onValueChange={(value) => set({ education: value === ANY_EDUCATION ? undefined : (value as EducationFilter) })}
              />
            )}
          </Field>
          <fieldset className={styles.fieldset} disabled={!unlocked}>
            <legend className={styles.legend}>Denominations</legend>
            <div className={styles.choices}>
              {denominations.map((denomination) => (
                <div key={denomination.value} className={styles.choice}>
                  <Checkbox
                    id={`${id}-${denomination.value}`}
                    disabled={!unlocked}
                    checked={draft.denominations?.includes(denomination.value) ?? false}
                    onCheckedChange={(on) => toggleDenomination(denomination.value, on === true)}
                  />
                  <Label htmlFor={`${id}-${denomination.value}`}>{denomination.label}</Label>
                </div>
              ))}
            </div>
          </fieldset>
          {withCircle && (
            <div className={cx(styles.row, styles.circle)}>
              <div className={styles.rowLabel}>
                <Label htmlFor={`${id}-circle`}>Income-verified circle only</Label>
                <span className={styles.hint}>Members of {planName('millionaire')} and up, their income verified.</span>
              </div>
              <Switch id={`${id}-circle`} checked={draft.circle === true} onCheckedChange={(on) => setFlag('circle', on)} />
            </div>
          )}
        </form>
      </DialogContent>
    </Dialog>
  )
}
