import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { type ReactElement, useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { SelectField } from '#client/components/form/select-field.tsx'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { useAnnounceAchievements } from '#client/features/achievements/achievement-toasts.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import { CreateEventInput, EditedEventInput, eventTypes, MAX_EVENT_CAPACITY, MIN_EVENT_CAPACITY } from '#shared/schemas/events.ts'
import { denominations } from '#shared/schemas/profile-options.ts'
import { browserTimeZone, eventTypeLabels, toLocalInput } from './event-format'

export type CommunityEvent = RouterOutputs['events']['list'][number]
type FormValues = CreateEventInput

const typeOptions = eventTypes.map((value) => ({ value, label: eventTypeLabels[value] }))
const OPEN_TO_ALL = 'any'
const denominationOptions = [{ value: OPEN_TO_ALL, label: 'Open to all denominations' }, ...denominations]

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  switchRow: css({ display: 'flex', alignItems: 'center', gap: '3' }),
  hint: css({ textStyle: 'small', color: 'fg.muted' }),
  checkRow: css({ display: 'flex', alignItems: 'flex-start', gap: '3', '& button': { mt: '0.5' } }),
  checkLabel: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
}

function blankValues(): FormValues {
  return {
    title: '',
    description: '',
    eventType: '' as never,
    churchName: '',
    location: '',
    city: '',
    state: '',
    startDateTime: '',
    endDateTime: '',
    timeZone: browserTimeZone(),
    maxAttendees: 20,
    isSabbathEvent: false,
    denominationSpecific: null,
    circleOnly: false,
  }
}

function valuesFrom(event: CommunityEvent): FormValues {
  return {
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    churchName: event.churchName,
    location: event.location,
    city: event.city,
    state: event.state,
    startDateTime: toLocalInput(event.startDateTime),
    endDateTime: toLocalInput(event.endDateTime),
    timeZone: browserTimeZone(),
    maxAttendees: event.maxAttendees,
    isSabbathEvent: event.isSabbathEvent,
    denominationSpecific: (event.denominationSpecific ?? null) as FormValues['denominationSpecific'],
    circleOnly: event.circleOnly,
  }
}

export function refreshEvents() {
  void queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() })
}

export interface EventFormDialogProps {
  trigger: ReactElement
  /** Editing this event; creating a new one when absent. */
  event?: CommunityEvent
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The Create Event form (and the organizer's edit form): times are read in the member's own zone. */
export function EventFormDialog({ trigger, event, open, onOpenChange }: EventFormDialogProps) {
  const formId = useId()
  const announce = useAnnounceAchievements()
  const forCircle = hasFeature(useCurrentUser().user?.plan ?? 'free', 'private_events')
  const form = useForm({
    // An event under way may still be edited until it ends; a new one must start ahead.
    resolver: zodResolver(event ? EditedEventInput : CreateEventInput),
    defaultValues: event ? valuesFrom(event) : blankValues(),
  })
  const { errors } = form.formState
  const create = useMutation(
    trpc.events.create.mutationOptions({
      onSuccess: (result) => {
        refreshEvents()
        onOpenChange(false)
        form.reset(blankValues())
        // Both are shown, stacked: the achievement an event earns never hides that it was created.
        toast({ title: 'Event created', description: `${result.event.title} is now listed.`, variant: 'success' })
        announce(result.earned)
      },
      meta: { failure: { title: 'Event not created' } },
    }),
  )
  const update = useMutation(
    trpc.events.update.mutationOptions({
      onSuccess: (updated) => {
        refreshEvents()
        onOpenChange(false)
        toast({ title: 'Event updated', description: `${updated.title} has been saved.`, variant: 'success' })
      },
      meta: { failure: { title: 'Event not updated' } },
    }),
  )
  const saving = create.isPending || update.isPending

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(event ? valuesFrom(event) : blankValues())
        onOpenChange(next)
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        size="lg"
        title={event ? 'Edit Event' : 'Create Event'}
        description={`Times are in your time zone (${browserTimeZone().replaceAll('_', ' ')}).`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" form={formId} loading={saving}>
              {event ? 'Save Changes' : 'Create Event'}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          className={styles.form}
          onSubmit={form.handleSubmit((values) => {
            const input = { ...values, timeZone: browserTimeZone() }
            if (event) update.mutate({ ...input, eventId: event.id })
            else create.mutate(input)
          })}
        >
          <TextField control={form.control} name="title" label="Title" required placeholder="Sabbath Fellowship Potluck" />
          <div className={styles.grid}>
            <SelectField control={form.control} name="eventType" label="Type" options={typeOptions} placeholder="Choose a type" />
            <TextField
              control={form.control}
              name="maxAttendees"
              label="Capacity"
              hint={`${MIN_EVENT_CAPACITY} to ${MAX_EVENT_CAPACITY} people`}
              required
              type="number"
              inputMode="numeric"
              min={MIN_EVENT_CAPACITY}
              max={MAX_EVENT_CAPACITY}
            />
          </div>
          <TextField control={form.control} name="churchName" label="Church or ministry" required placeholder="Grace Community Church" />
          <TextField
            control={form.control}
            name="location"
            label="Location"
            hint="The venue or street address"
            required
            placeholder="Fellowship Hall, 1400 Church Street"
          />
          <div className={styles.grid}>
            <TextField control={form.control} name="city" label="City" required autoComplete="address-level2" />
            <TextField control={form.control} name="state" label="State" required autoComplete="address-level1" />
          </div>
          <div className={styles.grid}>
            <TextField control={form.control} name="startDateTime" label="Starts" required type="datetime-local" />
            <TextField control={form.control} name="endDateTime" label="Ends" required type="datetime-local" />
          </div>
          <Controller
            control={form.control}
            name="denominationSpecific"
            render={({ field }) => (
              <Field label="Denomination" error={errors.denominationSpecific?.message}>
                {(control) => (
                  <Select
                    id={control.id}
                    aria-describedby={control['aria-describedby']}
                    options={denominationOptions}
                    value={field.value ?? OPEN_TO_ALL}
                    onValueChange={(value) => field.onChange(value === OPEN_TO_ALL ? null : value)}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={form.control}
            name="isSabbathEvent"
            render={({ field }) => (
              <div className={styles.switchRow}>
                <Switch id={`${formId}-sabbath`} checked={field.value ?? false} onCheckedChange={field.onChange} />
                <Label htmlFor={`${formId}-sabbath`}>Sabbath event</Label>
              </div>
            )}
          />
          {(forCircle || event?.circleOnly) && (
            <Controller
              control={form.control}
              name="circleOnly"
              render={({ field }) => (
                <div className={styles.checkRow}>
                  <Checkbox
                    id={`${formId}-circle`}
                    checked={field.value ?? false}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                  <div className={styles.checkLabel}>
                    <Label htmlFor={`${formId}-circle`}>Only for the income-verified circle</Label>
                    <span className={styles.hint}>Only members of the circle will see it and can RSVP.</span>
                  </div>
                </div>
              )}
            />
          )}
          <Field label="Description" error={errors.description?.message}>
            {(control) => (
              <Textarea {...control} {...form.register('description')} placeholder="What to expect, what to bring, who it is for." />
            )}
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  )
}
