import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { placeholderKeys } from '#client/components/ui/skeleton.tsx'
import { StatGrid } from '#client/components/ui/stat-grid.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { evangelismAudiences, evangelismStats } from '#shared/content/evangelism.ts'
import type { EvangelismCategory } from '#shared/schemas/evangelism.ts'
import { EvangelismCard, EvangelismCardSkeleton } from './evangelism-card'

/** Cards shown while a tab's content loads: the hub curates four per audience. */
const PLACEHOLDER_CARDS = 4

const styles = {
  header: css({ mb: { base: '10', md: '12' } }),
  section: css({ mb: { base: '10', md: '12' } }),
  sectionTitle: css({ textStyle: 'h2', color: 'fg.default', mb: '2' }),
  sectionLead: css({ textStyle: 'body', color: 'fg.muted', mb: '6', maxW: '3xl' }),
  featuredGrid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'repeat(3, 1fr)' }, gap: '5' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '5' }),
  // Three tabs fit a phone when they share its width; the attribute selector outranks the kit's padding.
  tab: css({ '&[role=tab]': { px: { base: '2', sm: '4' }, flex: { base: '1 0 auto', sm: 'none' } } }),
  intro: css({ textStyle: 'body', color: 'fg.muted', mb: '5', maxW: '3xl' }),
}

interface EvangelismPageProps {
  audience: EvangelismCategory
  onAudienceChange: (audience: EvangelismCategory) => void
}

export function EvangelismPage({ audience, onAudienceChange }: EvangelismPageProps) {
  return (
    <>
      <header className={styles.header}>
        <PageTitle title="Evangelism Hub" description="Resources for seekers, new believers and mature Christians." />
        <StatGrid stats={evangelismStats} />
      </header>

      <section className={styles.section} aria-labelledby="evangelism-featured">
        <h2 id="evangelism-featured" className={styles.sectionTitle}>
          Featured Content
        </h2>
        <p className={styles.sectionLead}>A place to begin for every season of faith, chosen by our ministry team.</p>
        <FeaturedContent />
      </section>

      <section aria-labelledby="evangelism-library">
        <h2 id="evangelism-library" className={styles.sectionTitle}>
          Browse by Journey
        </h2>
        <Tabs value={audience} onValueChange={(value) => onAudienceChange(value as EvangelismCategory)}>
          <TabsList aria-label="Audiences">
            {evangelismAudiences.map(({ category, label }) => (
              <TabsTrigger key={category} value={category} className={styles.tab}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {evangelismAudiences.map(({ category, description }) => (
            <TabsContent key={category} value={category}>
              <p className={styles.intro}>{description}</p>
              <AudienceContent category={category} />
            </TabsContent>
          ))}
        </Tabs>
      </section>
    </>
  )
}

function FeaturedContent() {
  const { data: items } = useSuspenseQuery(trpc.evangelism.content.queryOptions({ category: 'all' }))
  return (
    <ul className={styles.featuredGrid}>
      {items
        .filter((item) => item.isFeatured)
        .map((item) => (
          <li key={item.id}>
            <EvangelismCard item={item} featured />
          </li>
        ))}
    </ul>
  )
}

function AudienceContent({ category }: { category: EvangelismCategory }) {
  const content = useQuery(trpc.evangelism.content.queryOptions({ category }))
  if (content.isError) return <p className={styles.intro}>This list could not be loaded. Please refresh the page to try again.</p>
  if (!content.data) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading content">
        {placeholderKeys(PLACEHOLDER_CARDS).map((key) => (
          <li key={key}>
            <EvangelismCardSkeleton />
          </li>
        ))}
      </ul>
    )
  }
  return (
    <ul className={styles.grid}>
      {content.data.map((item) => (
        <li key={item.id}>
          <EvangelismCard item={item} />
        </li>
      ))}
    </ul>
  )
}
