import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, SearchX } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { audienceLabels, EvangelismFacts } from './evangelism-card'

type EvangelismResource = RouterOutputs['evangelism']['resource']

const styles = {
  page: css({ maxW: '3xl', mx: 'auto' }),
  back: css({ mb: '6', ms: '-3' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '3' }),
  title: css({ textStyle: 'h1', color: 'fg.default' }),
  lead: css({ textStyle: 'lead', color: 'fg.muted', mt: '3' }),
  facts: css({ mb: '8' }),
  body: cx(
    card({ elevation: 'xs' }).root,
    css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '8' }, textStyle: 'body', color: 'fg.default' }),
  ),
  skeleton: css({ h: '96', borderRadius: 'card' }),
}

/** One item of the hub: what its card says, then its lessons or study text. */
export function EvangelismItemPage({ resourceId }: { resourceId: string }) {
  const item = useQuery(trpc.evangelism.resource.queryOptions({ id: resourceId }))
  return (
    <div className={styles.page}>
      <Button asChild variant="ghost" size="sm" className={styles.back}>
        <Link to="/evangelism" search={item.data ? { audience: item.data.category } : {}}>
          <ArrowLeft size={16} aria-hidden="true" />
          Evangelism Hub
        </Link>
      </Button>
      {item.isPending ? (
        <Skeleton className={styles.skeleton} />
      ) : item.isError ? (
        <EmptyState
          icon={SearchX}
          title="Item not found"
          action={
            <Button asChild variant="outline">
              <Link to="/evangelism">Browse the Evangelism Hub</Link>
            </Button>
          }
        >
          {item.error.message}
        </EmptyState>
      ) : (
        <Item item={item.data} />
      )}
    </div>
  )
}

function Item({ item }: { item: EvangelismResource }) {
  return (
    <article aria-labelledby="evangelism-item-title">
      <header>
        <div className={styles.badges}>
          <Badge variant="accent">{item.type}</Badge>
          <Badge variant="outline">For {audienceLabels[item.category]}</Badge>
        </div>
        <h1 id="evangelism-item-title" className={styles.title}>
          {item.title}
        </h1>
        <p className={styles.lead}>{item.description}</p>
        <div className={styles.facts}>
          <EvangelismFacts item={item} />
        </div>
      </header>
      <div className={styles.body}>
        {item.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  )
}
