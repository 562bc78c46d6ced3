import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { type Control, Controller, useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { denominations } from '#shared/schemas/profile-options.ts'
import {
  type Dealbreaker,
  type Seeking,
  SeekingInput,
  type SeekingInput as SeekingValues,
  sabbathPreferences,
  seekingDistanceOptions,
} from '#shared/schemas/seeking.ts'
import { FormSection } from './form-section'

const ANYWHERE = 'anywhere'
const distanceOptions = [
  { value: ANYWHERE, label: 'Anywhere' },
  ...seekingDistanceOptions.map((miles) => ({ value: String(miles), label: `Within ${miles} miles` })),
]

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  group: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    pb: '5',
    borderBottomWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  groupHead: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  groupTitle: css({ textStyle: 'body', fontWeight: 'semibold', color: 'fg.default' }),
  dealbreaker: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'small', color: 'fg.muted' }),
  ages: css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', maxW: 'sm' }),
  age: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  select: css({ maxW: 'sm' }),
  denominations: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' },
    gap: '2',
  }),
  option: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'small' }),
  error: css({ textStyle: 'small', color: 'danger.fg', fontWeight: 'medium' }),
  footer: css({ display: 'flex', justifyContent: 'flex-end' }),
}

/** Whom the member hopes to meet; each preference can be made a dealbreaker. */
export function PreferencesEditor() {
  const saved = useQuery(trpc.profile.preferences.queryOptions())
  return (
    <FormSection
      title="Who I hope to meet"
      description="Your preferences put the believers who fit them first in Discover. A dealbreaker hides members who don't fit it, and hides you from members whose dealbreakers you don't fit."
    >
      {saved.data ? <PreferencesForm saved={saved.data} /> : <p className={styles.option}>Loading your preferences…</p>}
    </FormSection>
  )
}

function PreferencesForm({ saved }: { saved: Seeking }) {
  const form = useForm<SeekingValues, unknown, Seeking>({ resolver: zodResolver(SeekingInput), defaultValues: saved })
  const { errors } = form.formState
  const save = useMutation(
    trpc.profile.setPreferences.mutationOptions({
      onSuccess: (preferences) => {
        queryClient.setQueryData(trpc.profile.preferences.queryKey(), preferences)
        void queryClient.invalidateQueries(trpc.members.discover.pathFilter())
        form.reset(preferences)
        toast({ title: 'Preferences saved', description: 'Discover now follows them.', variant: 'success' })
      },
      meta: { failure: { title: 'Preferences not saved' } },
    }),
  )
  const age = (value: string) => (value === '' ? null : Number(value))
  return (
    <form noValidate className={styles.form} onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <PreferenceGroup title="Age range" dealbreaker="age" control={form.control} error={errors.ageMin?.message ?? errors.ageMax?.message}>
        <div className={styles.ages}>
          <div className={styles.age}>
            <Label htmlFor="seeking-age-min">From</Label>
            <Input
              id="seeking-age-min"
              type="number"
              inputMode="numeric"
              placeholder="Any"
              {...form.register('ageMin', { setValueAs: age })}
            />
          </div>
          <div className={styles.age}>
            <Label htmlFor="seeking-age-max">To</Label>
            <Input
              id="seeking-age-max"
              type="number"
              inputMode="numeric"
              placeholder="Any"
              {...form.register('ageMax', { setValueAs: age })}
            />
          </div>
        </div>
      </PreferenceGroup>

      <PreferenceGroup title="Distance" dealbreaker="distance" control={form.control} error={errors.maxMiles?.message}>
        <Controller
          control={form.control}
          name="maxMiles"
          render={({ field }) => (
            <Select
              className={styles.select}
              aria-label="Distance"
              options={distanceOptions}
              value={field.value === null ? ANYWHERE : String(field.value)}
              onValueChange={(value) => field.onChange(value === ANYWHERE ? null : Number(value))}
            />
          )}
        />
      </PreferenceGroup>

      <PreferenceGroup title="Denominations" dealbreaker="denomination" control={form.control} error={errors.denominations?.message}>
        <Controller
          control={form.control}
          name="denominations"
          render={({ field }) => (
            <div className={styles.denominations}>
              {denominations.map((denomination) => {
                const id = `seeking-${denomination.value}`
                const checked = field.value.includes(denomination.value)
                return (
                  <div key={denomination.value} className={styles.option}>
                    <Checkbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next ? [...field.value, denomination.value] : field.value.filter((value) => value !== denomination.value),
                        )
                      }
                    />
                    <label htmlFor={id}>{denomination.label}</label>
                  </div>
                )
              })}
            </div>
          )}
        />
      </PreferenceGroup>

      <PreferenceGroup title="Sabbath keeping" dealbreaker="sabbath" control={form.control} error={errors.sabbath?.message}>
        <Controller
          control={form.control}
          name="sabbath"
          render={({ field }) => (
            <Select
              className={styles.select}
              aria-label="Sabbath keeping"
              options={sabbathPreferences}
              value={field.value}
              onValueChange={field.onChange}
            />
          )}
        />
      </PreferenceGroup>

      {errors.dealbreakers?.message && (
        <p className={styles.error} role="alert">
          {errors.dealbreakers.message}
        </p>
      )}
      <div className={styles.footer}>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save Preferences
        </Button>
      </div>
    </form>
  )
}

interface PreferenceGroupProps {
  title: string
  dealbreaker: Dealbreaker
  control: Control<SeekingValues, unknown, Seeking>
  error?: string
  children: ReactNode
}

/** One preference with its own "Dealbreaker" switch. */
function PreferenceGroup({ title, dealbreaker, control, error, children }: PreferenceGroupProps) {
  const id = useId()
  return (
    <fieldset className={styles.group} aria-labelledby={`${id}-title`}>
      <div className={styles.groupHead}>
        <h3 id={`${id}-title`} className={styles.groupTitle}>
          {title}
        </h3>
        <Controller
          control={control}
          name="dealbreakers"
          render={({ field }) => (
            <div className={styles.dealbreaker}>
              <Switch
                id={`${id}-dealbreaker`}
                aria-label={`Dealbreaker: ${title}`}
                checked={field.value.includes(dealbreaker)}
                onCheckedChange={(next) =>
                  field.onChange(next ? [...field.value, dealbreaker] : field.value.filter((value) => value !== dealbreaker))
                }
              />
              <label htmlFor={`${id}-dealbreaker`}>Dealbreaker</label>
            </div>
          )}
        />
      </div>
      {children}
      {error && <p className={styles.error}>{error}</p>}
    </fieldset>
  )
}
