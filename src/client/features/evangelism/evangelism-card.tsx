import { Link } from '@tanstack/react-router'
import { ArrowRight, Clock, Star, Users } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import type { RouterOutputs } from '#client/lib/trpc.ts'
import { evangelismAudiences } from '#shared/content/evangelism.ts'

export type EvangelismItem = RouterOutputs['evangelism']['content'][number]

const styles = {
  card: css({ h: 'full' }),
  featured: css({ borderTopWidth: 'accent', borderTopColor: 'accent.solid' }),
  top: css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  description: css({ textStyle: 'body', color: 'fg.muted' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', columnGap: '5', rowGap: '2', mt: '4', textStyle: 'small', color: 'fg.default' }),
  fact: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', '& svg': { color: 'brand.fg' } }),
  star: css({ '& svg': { color: 'accent.solid', fill: 'accent.solid' } }),
}

const number = new Intl.NumberFormat('en-US')

export const audienceLabels = Object.fromEntries(evangelismAudiences.map(({ category, label }) => [category, label]))

/** A featured card also names its audience, since featured items come from every tab. */
export function EvangelismCard({ item, featured = false }: { item: EvangelismItem; featured?: boolean }) {
  return (
    <Card className={cx(styles.card, featured && styles.featured)}>
      <CardHeader>
        <div className={styles.top}>
          <Badge variant={featured ? 'accent' : 'neutral'}>{item.type}</Badge>
          {featured && <Badge variant="outline">For {audienceLabels[item.category]}</Badge>}
        </div>
        <CardTitle>{item.title}</CardTitle>
      </CardHeader>
      <CardBody>
        <p className={styles.description}>{item.description}</p>
        <EvangelismFacts item={item} />
      </CardBody>
      <CardFooter>
        <Button asChild size="sm" variant={featured ? 'solid' : 'outline'}>
          <Link to="/evangelism/$resourceId" params={{ resourceId: item.id }} aria-label={`Open ${item.type}: ${item.title}`}>
            Open {item.type}
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  )
}

/** Length, participants and rating: on the card and atop the item's own page. */
export function EvangelismFacts({ item }: { item: EvangelismItem }) {
  return (
    <ul className={styles.facts}>
      <li className={styles.fact}>
        <Clock size={16} aria-hidden="true" />
        {item.duration}
      </li>
      <li className={styles.fact}>
        <Users size={16} aria-hidden="true" />
        {number.format(item.participants)} participants
      </li>
      <li className={cx(styles.fact, styles.star)}>
        <Star size={16} aria-hidden="true" />
        <span>
          {item.rating.toFixed(1)}
          <span className={css({ srOnly: true })}> out of 5</span>
        </span>
      </li>
    </ul>
  )
}

export function EvangelismCardSkeleton() {
  return (
    <Card>
      <CardHeader>
        <Skeleton className={css({ h: '5', w: '24', borderRadius: 'full' })} />
        <Skeleton className={css({ h: '6', w: '3/4', mt: '2' })} />
      </CardHeader>
      <CardBody>
        <Skeleton className={css({ h: '4', w: 'full' })} />
        <Skeleton className={css({ h: '4', w: '5/6', mt: '2' })} />
        <Skeleton className={css({ h: '4', w: '1/2', mt: '5' })} />
      </CardBody>
    </Card>
  )
}
