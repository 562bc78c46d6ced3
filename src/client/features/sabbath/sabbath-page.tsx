import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { HeartHandshake } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { StatGrid } from '#client/components/ui/stat-grid.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { bibleStudyCards, sabbathStats, worshipCards } from '#shared/content/sabbath.ts'
import { SabbathEventCard } from './sabbath-event-card'
import { SabbathProgramCards, WeeklyServiceCard } from './sabbath-program-cards'
import { sabbathEventsInput } from './sabbath-queries'
import { SabbathResources } from './sabbath-resources'
import { SabbathStatusBadge } from './sabbath-status-badge'
import { type SabbathTab, sabbathTabs } from './sabbath-tabs'

const tabLabels: Record<SabbathTab, string> = {
  events: 'Events',
  worship: 'Worship',
  'bible-study': 'Bible Study',
  resources: 'Resources',
}

const styles = {
  header: css({ mb: { base: '8', md: '10' } }),
  status: css({ mb: '4' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '5' }),
  // Four short tabs fit a phone when they share its width; the attribute selector outranks the kit's padding.
  tab: css({ '&[role=tab]': { px: { base: '2', sm: '4' }, flex: { base: '1 0 auto', sm: 'none' } } }),
  tabs: css({ mb: { base: '10', md: '14' } }),
  banner: cx(
    card({ variant: 'solid' }).root,
    css({
      display: 'flex',
      flexDirection: { base: 'column', md: 'row' },
      alignItems: { base: 'flex-start', md: 'center' },
      gap: { base: '4', md: '6' },
      p: { base: '6', md: '8' },
    }),
  ),
  bannerIcon: css({
    display: 'grid',
    placeItems: 'center',
    w: '14',
    h: '14',
    flexShrink: 0,
    borderRadius: 'full',
    bg: 'accent.solid',
    color: 'fg.onAccent',
  }),
  bannerText: css({ flex: '1' }),
  bannerTitle: css({ textStyle: 'h3' }),
  bannerLead: css({ textStyle: 'body', opacity: 0.9, mt: '1' }),
}

export function SabbathPage({ tab, onTabChange }: { tab: SabbathTab; onTabChange: (tab: SabbathTab) => void }) {
  return (
    <>
      <header className={styles.header}>
        <div className={styles.status}>
          <SabbathStatusBadge />
        </div>
        <PageTitle title="Sabbath Corner" description="Rest, worship and fellowship with Sabbath keepers around the world." />
        <StatGrid stats={sabbathStats} />
      </header>

      <Tabs value={tab} onValueChange={(value) => onTabChange(value as SabbathTab)} className={styles.tabs}>
        <TabsList aria-label="Sabbath Corner sections">
          {sabbathTabs.map((value) => (
            <TabsTrigger key={value} value={value} className={styles.tab}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="events">
          <SabbathEvents />
        </TabsContent>
        <TabsContent value="worship">
          <SabbathProgramCards cards={worshipCards}>
            <WeeklyServiceCard />
          </SabbathProgramCards>
        </TabsContent>
        <TabsContent value="bible-study">
          <SabbathProgramCards cards={bibleStudyCards} />
        </TabsContent>
        <TabsContent value="resources">
          <SabbathResources />
        </TabsContent>
      </Tabs>

      <section className={styles.banner} aria-labelledby="sabbath-membership">
        <span className={styles.bannerIcon} aria-hidden="true">
          <HeartHandshake size={28} />
        </span>
        <div className={styles.bannerText}>
          <h2 id="sabbath-membership" className={styles.bannerTitle}>
            Keep the Sabbath with people who share it
          </h2>
          <p className={styles.bannerLead}>
            The Sabbath Corner is open to every member. Divine Connection adds a “Sabbath keepers only” filter to Discover.
          </p>
        </div>
        <Button asChild variant="accent" size="lg">
          <Link to="/pricing">Become a Member</Link>
        </Button>
      </section>
    </>
  )
}

function SabbathEvents() {
  const { data: events } = useSuspenseQuery(trpc.sabbath.events.queryOptions(sabbathEventsInput()))
  return (
    <ul className={styles.grid}>
      {events.map((event) => (
        <li key={event.id}>
          <SabbathEventCard event={event} />
        </li>
      ))}
    </ul>
  )
}
