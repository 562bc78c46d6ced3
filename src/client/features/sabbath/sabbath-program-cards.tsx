import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { Bell, BellRing, Check, Video } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import type { SabbathProgramCard } from '#shared/content/sabbath.ts'
import { formatInTimeZone } from '#shared/logic/time-zones.ts'
import { serviceState } from '#shared/logic/weekly-service.ts'
import { memberTimeZone } from './member-time-zone'
import type { SabbathEvent } from './sabbath-event-card'
import { notSaved, sabbathEventsInput } from './sabbath-queries'
import { MINUTE_MS, useNow } from './use-now'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '5' }),
  card: css({ h: 'full' }),
  live: css({
    _before: {
      content: '""',
      w: '2',
      h: '2',
      borderRadius: 'full',
      bg: 'danger.solid',
      boxShadow: '0 0 0 3px token(colors.danger.muted)',
    },
  }),
  reminded: css({ color: 'brand.fg' }),
  description: css({ textStyle: 'body', color: 'fg.muted' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' }),
  fact: css({ px: '3', py: '1', borderRadius: 'full', bg: 'brand.subtle', color: 'brand.fg', textStyle: 'small', fontWeight: 'semibold' }),
}

const attendeeCount = new Intl.NumberFormat('en-US')

const refreshEvents = () => queryClient.invalidateQueries({ queryKey: trpc.sabbath.events.pathKey() })

/**
 * The Worship and Bible Study tabs: fixed figures from the spec, the member's own sign-ups from the
 * server. `children` are list items shown first (the Worship tab's weekly service).
 */
export function SabbathProgramCards({ cards, children }: { cards: readonly SabbathProgramCard[]; children?: ReactNode }) {
  return (
    <ul className={styles.grid}>
      {children}
      {cards.map((card) => (
        <li key={card.title}>
          <ProgramCard card={card} />
        </li>
      ))}
    </ul>
  )
}

function ProgramCard({ card }: { card: SabbathProgramCard }) {
  return (
    <Card className={styles.card}>
      <CardHeader>
        <div>
          <Badge variant="neutral">{card.status}</Badge>
        </div>
        <CardTitle>{card.title}</CardTitle>
      </CardHeader>
      <CardBody>
        <p className={styles.description}>{card.description}</p>
        <ul className={styles.facts}>
          {card.facts.map((fact) => (
            <li key={fact} className={styles.fact}>
              {fact}
            </li>
          ))}
        </ul>
      </CardBody>
      <CardFooter>
        <SignupButton card={card} />
      </CardFooter>
    </Card>
  )
}

function SignupButton({ card }: { card: SabbathProgramCard }) {
  const { program } = card
  const { data: programs } = useSuspenseQuery(trpc.sabbath.programs.queryOptions())
  const signedUp = programs.some((entry) => entry.program === program && entry.signedUp)
  const save = useMutation(
    trpc.sabbath.setProgramSignup.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.sabbath.programs.pathKey() }),
      meta: notSaved,
    }),
  )
  return (
    <Button
      variant={signedUp ? 'outline' : 'solid'}
      size="sm"
      aria-pressed={signedUp}
      loading={save.isPending}
      onClick={() => save.mutate({ program, signedUp: !signedUp, timezone: memberTimeZone() })}
    >
      {signedUp && !save.isPending && <Check size={16} aria-hidden="true" />}
      {signedUp ? card.doneAction : card.action}
    </Button>
  )
}

/**
 * The weekly worship service (the Sabbath event of that type), live only while it is on by its
 * schedule and the member's clock. Live, joining opens its stream; otherwise a reminder is offered.
 */
export function WeeklyServiceCard() {
  const { data: events } = useSuspenseQuery(trpc.sabbath.events.queryOptions(sabbathEventsInput()))
  const now = useNow(MINUTE_MS)
  const service = events.find((event) => event.type === 'Worship Service')
  if (!service) return null
  const timeZone = memberTimeZone()
  const { schedule } = service
  const state = serviceState({ ...schedule, firstStartsAt: new Date(schedule.firstStartsAt) }, now, timeZone)
  const facts = [
    ...(state.kind === 'live' ? [`Until ${formatInTimeZone(state.endsAt, timeZone).time}`] : []),
    service.duration,
    `${attendeeCount.format(service.attendees)} attending`,
  ]
  return (
    <li>
      <Card className={styles.card}>
        <CardHeader>
          <div>
            <Badge variant={state.kind === 'live' ? 'outline' : 'neutral'} className={cx(state.kind === 'live' && styles.live)}>
              {state.label}
            </Badge>
          </div>
          <CardTitle>{service.title}</CardTitle>
        </CardHeader>
        <CardBody>
          <p className={styles.description}>{service.description}</p>
          <ul className={styles.facts}>
            {facts.map((fact) => (
              <li key={fact} className={styles.fact}>
                {fact}
              </li>
            ))}
          </ul>
        </CardBody>
        <CardFooter>
          {state.kind === 'live' ? <JoinLiveButton service={service} /> : <ServiceReminderButton service={service} />}
        </CardFooter>
      </Card>
    </li>
  )
}

/** An attendee already has the stream's link; anyone else joins first, which gives it to them. */
function JoinLiveButton({ service }: { service: SabbathEvent }) {
  const join = useMutation(
    trpc.sabbath.setAttendance.mutationOptions({
      onSuccess: ({ meetingUrl }) => {
        if (meetingUrl) window.open(meetingUrl, '_blank', 'noopener,noreferrer')
        return refreshEvents()
      },
      meta: notSaved,
    }),
  )
  const label = (
    <>
      {!join.isPending && <Video size={16} aria-hidden="true" />}
      Join Worship
    </>
  )
  if (service.meetingUrl) {
    return (
      <Button asChild size="sm">
        <a href={service.meetingUrl} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      </Button>
    )
  }
  return (
    <Button size="sm" loading={join.isPending} onClick={() => join.mutate({ eventId: service.id, attending: true })}>
      {label}
    </Button>
  )
}

function ServiceReminderButton({ service }: { service: SabbathEvent }) {
  const remind = useMutation(trpc.sabbath.setReminder.mutationOptions({ onSuccess: refreshEvents, meta: notSaved }))
  return (
    <Button
      variant={service.hasReminder ? 'outline' : 'solid'}
      size="sm"
      aria-pressed={service.hasReminder}
      className={service.hasReminder ? styles.reminded : undefined}
      loading={remind.isPending}
      onClick={() => remind.mutate({ eventId: service.id, remind: !service.hasReminder, timezone: memberTimeZone() })}
    >
      {!remind.isPending && (service.hasReminder ? <BellRing size={16} aria-hidden="true" /> : <Bell size={16} aria-hidden="true" />)}
      {service.hasReminder ? 'Reminder Set' : 'Set Reminder'}
    </Button>
  )
}
