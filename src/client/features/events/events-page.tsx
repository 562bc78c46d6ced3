import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { placeholderKeys, Skeleton } from '#client/components/ui/skeleton.tsx'
import { AchievementAnnouncer } from '#client/features/achievements/achievement-toasts.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { type EventFilter, eventFilters } from '#shared/schemas/events.ts'
import { EventCard } from './event-card'
import { EventFormDialog } from './event-form-dialog'
import { filterLabels } from './event-format'
import { EventsEmpty } from './events-empty'

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: { base: 'stretch', md: 'flex-start' },
    justifyContent: 'space-between',
    gap: { base: '0', md: '6' },
  }),
  create: css({ flexShrink: 0, mb: { base: '6', md: '0' }, mt: { md: '2' } }),
  filters: css({
    display: 'flex',
    gap: '2',
    mb: '6',
    overflowX: 'auto',
    scrollbarWidth: 'none',
    pb: '1',
    mx: { base: 'calc(token(spacing.4) * -1)', md: '0' },
    px: { base: '4', md: '0' },
  }),
  filter: css({ flexShrink: 0, borderRadius: 'full' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }, gap: '5' }),
  skeleton: css({ h: '96', borderRadius: 'card' }),
}

export function EventsPage({ filter, onFilterChange }: { filter: EventFilter; onFilterChange: (filter: EventFilter) => void }) {
  const events = useQuery(trpc.events.list.queryOptions({ type: filter }))
  const [creating, setCreating] = useState(false)

  return (
    <>
      <AchievementAnnouncer />
      <div className={styles.header}>
        <PageTitle
          title="Community Events"
          description="Potlucks, services, Bible studies, retreats and Sabbath gatherings with believers near you."
        />
        <EventFormDialog
          open={creating}
          onOpenChange={setCreating}
          trigger={
            <Button className={styles.create} size="lg">
              <Plus size={18} aria-hidden="true" /> Create Event
            </Button>
          }
        />
      </div>

      <fieldset className={styles.filters} aria-label="Filter events">
        {eventFilters.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === filter ? 'solid' : 'outline'}
            aria-pressed={value === filter}
            className={styles.filter}
            onClick={() => onFilterChange(value)}
          >
            {filterLabels[value]}
          </Button>
        ))}
      </fieldset>

      {events.isPending ? (
        <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading events">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className={styles.skeleton} />
          ))}
        </div>
      ) : events.data && events.data.length > 0 ? (
        <ul className={styles.grid} aria-label="Events">
          {events.data.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      ) : (
        <EventsEmpty />
      )}
    </>
  )
}
