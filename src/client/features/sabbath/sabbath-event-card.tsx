import { useMutation } from '@tanstack/react-query'
import { Bell, BellRing, CalendarDays, Check, Clock, ExternalLink, Globe, MapPin, Users, Video } from 'lucide-react'
import { css } from 'styled-system/css'
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import type { SabbathEventType } from '#shared/schemas/sabbath.ts'
import { memberTimeZone } from './member-time-zone'
import { notSaved } from './sabbath-queries'

export type SabbathEvent = RouterOutputs['sabbath']['events'][number]

const typeBadges: Record<SabbathEventType, BadgeProps['variant']> = {
  'Worship Service': 'brand',
  'Bible Study': 'accent',
  'Study Group': 'success',
  Fellowship: 'outline',
}

const styles = {
  card: css({ h: 'full' }),
  top: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  place: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', textStyle: 'small', color: 'fg.muted' }),
  description: css({ textStyle: 'body', color: 'fg.muted' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' }, gap: '2', mt: '4', textStyle: 'small' }),
  fact: css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.default', '& svg': { color: 'brand.fg', flexShrink: 0 } }),
  footer: css({ flexWrap: 'wrap' }),
  reminded: css({ color: 'brand.fg' }),
}

const attendeeCount = new Intl.NumberFormat('en-US')

export function SabbathEventCard({ event }: { event: SabbathEvent }) {
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sabbath.events.pathKey() })
  const attend = useMutation(trpc.sabbath.setAttendance.mutationOptions({ onSuccess: refresh, meta: notSaved }))
  const remind = useMutation(trpc.sabbath.setReminder.mutationOptions({ onSuccess: refresh, meta: notSaved }))

  return (
    <Card className={styles.card}>
      <CardHeader>
        <div className={styles.top}>
          <Badge variant={typeBadges[event.type]}>{event.type}</Badge>
          <span className={styles.place}>
            {event.isOnline ? <Video size={14} aria-hidden="true" /> : <MapPin size={14} aria-hidden="true" />}
            {event.isOnline ? 'Online' : 'In person'}
          </span>
        </div>
        <CardTitle>{event.title}</CardTitle>
      </CardHeader>
      <CardBody>
        <p className={styles.description}>{event.description}</p>
        <ul className={styles.facts}>
          <li className={styles.fact}>
            <CalendarDays size={16} aria-hidden="true" />
            {event.weekday}, {event.time}
          </li>
          <li className={styles.fact}>
            <Clock size={16} aria-hidden="true" />
            {event.duration}
          </li>
          <li className={styles.fact}>
            <Globe size={16} aria-hidden="true" />
            <span>
              <span className={css({ srOnly: true })}>Time zone: </span>
              {event.timezone}
            </span>
          </li>
          <li className={styles.fact}>
            <Users size={16} aria-hidden="true" />
            {attendeeCount.format(event.attendees)} attending
          </li>
        </ul>
      </CardBody>
      <CardFooter className={styles.footer}>
        <Button
          variant={event.isAttending ? 'outline' : 'solid'}
          size="sm"
          aria-pressed={event.isAttending}
          loading={attend.isPending}
          onClick={() => attend.mutate({ eventId: event.id, attending: !event.isAttending })}
        >
          {event.isAttending && !attend.isPending && <Check size={16} aria-hidden="true" />}
          {event.isAttending ? 'Attending' : 'Join Event'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={event.hasReminder ? styles.reminded : undefined}
          aria-pressed={event.hasReminder}
          loading={remind.isPending}
          onClick={() => remind.mutate({ eventId: event.id, remind: !event.hasReminder, timezone: memberTimeZone() })}
        >
          {!remind.isPending && (event.hasReminder ? <BellRing size={16} aria-hidden="true" /> : <Bell size={16} aria-hidden="true" />)}
          {event.hasReminder ? 'Reminder Set' : 'Remind Me'}
        </Button>
        {event.meetingUrl && (
          <Button asChild variant="outline" size="sm">
            <a href={event.meetingUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={16} aria-hidden="true" />
              Join online
            </a>
          </Button>
        )}
      </CardFooter>
    </Card>
  )
}
