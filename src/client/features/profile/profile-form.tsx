import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { SelectField } from '#client/components/form/select-field.tsx'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { RadioCardGroup } from '#client/components/ui/radio-group.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { BIO_MAX_LENGTH, UpdateProfileInput } from '#shared/schemas/profile.ts'
import { denominations, faithJourneyLabel, faithJourneys, genderLabels, genders } from '#shared/schemas/profile-options.ts'
import { FormSection, formGrid } from './form-section'

type Profile = NonNullable<ReturnType<typeof useProfile>['data']>

export function useProfile() {
  return useQuery(trpc.profile.get.queryOptions())
}

const genderOptions = genders.map((value) => ({ value, label: genderLabels[value] }))
const journeyOptions = faithJourneys.map((value) => ({ value, label: faithJourneyLabel(value) }))

function formValues(profile: Profile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    gender: profile.gender ?? '',
    birthDate: profile.birthDate ?? '',
    country: profile.country ?? 'US',
    state: profile.state ?? '',
    city: profile.city ?? '',
    denomination: profile.denomination ?? '',
    faithJourney: profile.faithJourney ?? '',
    isSabbathKeeper: profile.isSabbathKeeper,
    churchName: profile.churchName,
    spiritualGifts: profile.spiritualGifts,
    bio: profile.bio,
  }
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm({
    resolver: zodResolver(UpdateProfileInput),
    defaultValues: formValues(profile) as never,
  })
  const { errors } = form.formState
  const [country, state, bio] = useWatch({ control: form.control, name: ['country', 'state', 'bio'] as const })
  const countries = useQuery(trpc.places.countries.queryOptions())
  const states = useQuery(trpc.places.states.queryOptions({ country: country ?? '' }, { enabled: Boolean(country) }))
  const cities = useQuery(
    trpc.places.cities.queryOptions({ country: country ?? '', state: state ?? '' }, { enabled: Boolean(country && state) }),
  )

  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.profile.get.queryKey(), updated)
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })
        form.reset(formValues(updated) as never)
        toast({ title: 'Profile saved', description: 'Your profile is up to date.', variant: 'success' })
      },
      meta: { failure: { title: 'Profile not saved' } },
    }),
  )

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}
    >
      <FormSection title="About you">
        <div className={formGrid}>
          <TextField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <Field label="I am a" error={errors.gender?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="gender"
              render={({ field }) => (
                <RadioCardGroup
                  {...control}
                  name={field.name}
                  orientation="horizontal"
                  options={genderOptions}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
        <TextField
          control={form.control}
          name="birthDate"
          label="Birth date"
          hint="Only your age is shown to others."
          type="date"
          autoComplete="bday"
        />
      </FormSection>

      <FormSection title="Where you live" description="Others see your city, never your exact location.">
        <div className={formGrid}>
          <SelectField
            control={form.control}
            name="country"
            label="Country"
            placeholder="Choose your country"
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
            onChange={() => {
              form.setValue('state', '')
              form.setValue('city', '')
            }}
          />
          <SelectField
            control={form.control}
            name="state"
            label="State or region"
            placeholder="Choose your state"
            disabled={!states.data?.length}
            options={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
            onChange={() => form.setValue('city', '')}
          />
        </div>
        <TextField
          control={form.control}
          name="city"
          label="City"
          hint="Start typing and pick your city from the list."
          list="city-options"
          autoComplete="off"
        >
          <datalist id="city-options">
            {(cities.data ?? []).map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        </TextField>
      </FormSection>

      <FormSection title="Your faith">
        <div className={formGrid}>
          <SelectField
            control={form.control}
            name="denomination"
            label="Denomination"
            placeholder="Choose your denomination"
            options={denominations}
          />
          <SelectField
            control={form.control}
            name="faithJourney"
            label="Faith journey"
            placeholder="Where are you in your walk?"
            options={journeyOptions}
          />
        </div>
        <Controller
          control={form.control}
          name="isSabbathKeeper"
          render={({ field }) => (
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3', fontWeight: 'medium' })}>
              <Switch id="keeps-sabbath" checked={Boolean(field.value)} onCheckedChange={field.onChange} />
              <label htmlFor="keeps-sabbath">I keep the seventh-day Sabbath</label>
            </div>
          )}
        />
        <div className={formGrid}>
          <TextField control={form.control} name="churchName" label="Church" placeholder="Grace Community Church" />
          <TextField
            control={form.control}
            name="spiritualGifts"
            label="Spiritual gifts"
            placeholder="Hospitality, teaching, encouragement"
          />
        </div>
      </FormSection>

      <FormSection title="Your story">
        <Field label="About me" hint={`${(bio ?? '').length}/${BIO_MAX_LENGTH}`} error={errors.bio?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              placeholder="Share your faith, your passions and what you hope for in marriage."
              {...form.register('bio')}
            />
          )}
        </Field>
      </FormSection>

      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <Button type="submit" size="lg" loading={save.isPending}>
          Save Profile
        </Button>
      </div>
    </form>
  )
}
