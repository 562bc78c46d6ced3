import { useMutation } from '@tanstack/react-query'
import { CalendarDays, Church, Gem, MapPin, Pencil, UserRound, Users } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { useAnnounceAchievements } from '#client/features/achievements/achievement-toasts.tsx'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'
import { type RsvpStatus, rsvpStatuses } from '#shared/schemas/events.ts'
import { denominationLabel } from '#shared/schemas/profile-options.ts'
import { type CommunityEvent, EventFormDialog, refreshEvents } from './event-form-dialog'
import { eventTypeLabels, formatEventTime, rsvpLabels } from './event-format'

const AVATAR_PX = 32

const styles = {
  card: css({ h: 'full' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '1' }),
  cancelled: css({ bg: 'danger.subtle', color: 'danger.fg', borderColor: 'danger.border' }),
  facts: css({ display: 'flex', flexDirection: 'column', gap: '2', textStyle: 'small', color: 'fg.default' }),
  fact: css({ display: 'flex', alignItems: 'flex-start', gap: '2', '& svg': { color: 'brand.fg', flexShrink: 0, mt: '0.5' } }),
  muted: css({ color: 'fg.muted' }),
  description: css({ textStyle: 'small', color: 'fg.muted', mt: '3', lineClamp: '3' }),
  people: css({ display: 'flex', alignItems: 'center', gap: '3', mt: '4', flexWrap: 'wrap' }),
  stack: css({
    display: 'flex',
    '& > *': { borderWidth: 'thick', borderColor: 'bg.surface', borderRadius: 'full' },
    '& > * + *': { ms: '-2' },
  }),
  counts: css({ textStyle: 'small', color: 'fg.muted' }),
  seats: css({ fontWeight: 'semibold', color: 'fg.default', whiteSpace: 'nowrap' }),
  full: css({ fontWeight: 'semibold', color: 'danger.fg' }),
  footer: css({ flexDirection: 'column', alignItems: 'stretch', gap: '3', borderTopWidth: 'thin', borderColor: 'border.subtle', pt: '4' }),
  choiceLabel: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.default' }),
  choices: css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' }),
  confirmation: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    px: '3',
    py: '2',
    borderRadius: 'control',
    bg: 'success.subtle',
    color: 'success.fg',
    textStyle: 'small',
    fontWeight: 'medium',
  }),
  organizer: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  closed: css({ textStyle: 'small', color: 'fg.muted' }),
}

const rsvpNotSaved = { failure: { title: 'RSVP not saved' } }

export function EventCard({ event }: { event: CommunityEvent }) {
  const announce = useAnnounceAchievements()
  const [editing, setEditing] = useState(false)
  const rsvp = useMutation(
    trpc.events.rsvp.mutationOptions({
      onSuccess: (result) => {
        refreshEvents()
        announce(result.earned)
      },
      onError: refreshEvents,
      meta: rsvpNotSaved,
    }),
  )
  const withdraw = useMutation(trpc.events.withdrawRsvp.mutationOptions({ onSuccess: refreshEvents, meta: rsvpNotSaved }))
  const cancel = useMutation(
    trpc.events.cancel.mutationOptions({
      onSuccess: () => {
        refreshEvents()
        toast({ title: 'Event cancelled', description: 'Members who planned to come will see it has been cancelled.' })
      },
      meta: { failure: { title: 'Event not cancelled' } },
    }),
  )
  const full = event.spotsLeft === 0
  const titleId = `event-${event.id}-title`
  const choose = (status: RsvpStatus) => {
    if (status !== event.myRsvp) rsvp.mutate({ eventId: event.id, status })
  }

  return (
    <Card className={styles.card} aria-labelledby={titleId} role="article">
      <CardHeader>
        <div className={styles.badges}>
          <Badge variant="brand">{eventTypeLabels[event.eventType]}</Badge>
          {event.isSabbathEvent && <Badge variant="accent">Sabbath</Badge>}
          {event.circleOnly && (
            <Badge variant="warning">
              <Gem size={12} aria-hidden="true" /> Circle only
            </Badge>
          )}
          {event.denominationSpecific && <Badge variant="outline">{denominationLabel(event.denominationSpecific)}</Badge>}
          {event.isCancelled && <Badge className={styles.cancelled}>Cancelled</Badge>}
        </div>
        <CardTitle id={titleId}>{event.title}</CardTitle>
      </CardHeader>
      <CardBody>
        <ul className={styles.facts}>
          <li className={styles.fact}>
            <CalendarDays size={16} aria-hidden="true" />
            {formatEventTime(event.startDateTime, event.endDateTime)}
          </li>
          <li className={styles.fact}>
            <Church size={16} aria-hidden="true" />
            {event.churchName}
          </li>
          <li className={styles.fact}>
            <MapPin size={16} aria-hidden="true" />
            <span>
              {event.location}
              <span className={styles.muted}>
                {' · '}
                {event.city}, {event.state}
              </span>
            </span>
          </li>
          <li className={styles.fact}>
            <UserRound size={16} aria-hidden="true" />
            <span>
              <span className={styles.muted}>Organized by </span>
              {event.organizerName}
            </span>
          </li>
        </ul>
        {event.description && <p className={styles.description}>{event.description}</p>}
        <div className={styles.people}>
          {event.attendeeProfiles.length > 0 && (
            <div className={styles.stack} aria-label={`Attending: ${event.attendeeProfiles.map((a) => a.name).join(', ')}`} role="img">
              {event.attendeeProfiles.map((attendee) => (
                <Avatar key={attendee.id} name={attendee.name} src={attendee.photo} size={AVATAR_PX} />
              ))}
            </div>
          )}
          <span className={styles.counts}>
            <Users size={14} aria-hidden="true" className={css({ display: 'inline', mr: '1', verticalAlign: 'text-bottom' })} />
            {event.currentAttendees} attending
            {event.interestedCount > 0 && ` · ${event.interestedCount} interested`}
            {' · '}
            {full ? (
              <span className={styles.full}>Full</span>
            ) : (
              <span className={styles.seats}>
                {event.spotsLeft} {event.spotsLeft === 1 ? 'spot' : 'spots'} left
              </span>
            )}
          </span>
        </div>
      </CardBody>
      <CardFooter className={styles.footer}>
        {event.isCancelled ? (
          <p className={styles.closed}>This event has been cancelled by its organizer.</p>
        ) : (
          <>
            <span className={styles.choiceLabel} id={`${titleId}-rsvp`}>
              RSVP
            </span>
            <fieldset className={styles.choices} aria-labelledby={`${titleId}-rsvp`}>
              {rsvpStatuses.map((status) => {
                const chosen = event.myRsvp === status
                const disabled = status === 'attending' && full && !chosen
                return (
                  <Button
                    key={status}
                    size="sm"
                    variant={chosen ? 'solid' : 'outline'}
                    aria-pressed={chosen}
                    disabled={disabled || withdraw.isPending}
                    loading={rsvp.isPending && rsvp.variables?.status === status}
                    onClick={() => choose(status)}
                  >
                    {rsvpLabels[status]}
                  </Button>
                )
              })}
            </fieldset>
            {event.myRsvp && (
              <p className={styles.confirmation} role="status">
                <span>
                  You've RSVP'd as {event.myRsvp} for this event{event.myRsvp === 'attending' ? '. See you there!' : '.'}
                </span>
                <Button variant="link" size="sm" loading={withdraw.isPending} onClick={() => withdraw.mutate({ eventId: event.id })}>
                  Withdraw
                </Button>
              </p>
            )}
            {event.isOrganizer && (
              <div className={styles.organizer}>
                <EventFormDialog
                  event={event}
                  open={editing}
                  onOpenChange={setEditing}
                  trigger={
                    <Button variant="ghost" size="sm">
                      <Pencil size={14} aria-hidden="true" /> Edit
                    </Button>
                  }
                />
                <CancelEventDialog title={event.title} loading={cancel.isPending} onConfirm={() => cancel.mutate({ eventId: event.id })} />
              </div>
            )}
          </>
        )}
      </CardFooter>
    </Card>
  )
}

function CancelEventDialog({ title, loading, onConfirm }: { title: string; loading: boolean; onConfirm: () => void }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={cx(css({ color: 'danger.fg' }))}>
          Cancel Event
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Cancel this event?"
        description={title}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Keep Event</Button>
            </DialogClose>
            <DialogClose asChild>
              <Button variant="danger" loading={loading} onClick={onConfirm}>
                Cancel Event
              </Button>
            </DialogClose>
          </>
        }
      >
        <p className={css({ textStyle: 'body' })}>Everyone who RSVP'd will see that it has been cancelled. This cannot be undone.</p>
      </DialogContent>
    </Dialog>
  )
}
