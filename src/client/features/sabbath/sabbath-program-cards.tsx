import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import type { SabbathProgramCard } from '#shared/content/sabbath.ts'
import { notSaved } from './sabbath-queries'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '5' }),
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
  description: css({ textStyle: 'body', color: 'fg.muted' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' }),
  fact: css({ px: '3', py: '1', borderRadius: 'full', bg: 'brand.subtle', color: 'brand.fg', textStyle: 'small', fontWeight: 'semibold' }),
}

/** The Worship and Bible Study tabs: fixed figures from the spec, the member's own sign-ups from the server. */
export function SabbathProgramCards({ cards }: { cards: readonly SabbathProgramCard[] }) {
  return (
    <ul className={styles.grid}>
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
          <Badge variant={card.status === 'Live Now' ? 'outline' : 'neutral'} className={cx(card.status === 'Live Now' && styles.live)}>
            {card.status}
          </Badge>
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
      <CardFooter>{card.program ? <SignupButton card={card} program={card.program} /> : <LibraryButton label={card.action} />}</CardFooter>
    </Card>
  )
}

function SignupButton({ card, program }: { card: SabbathProgramCard; program: NonNullable<SabbathProgramCard['program']> }) {
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
      onClick={() => save.mutate({ program, signedUp: !signedUp })}
    >
      {signedUp && !save.isPending && <Check size={16} aria-hidden="true" />}
      {signedUp ? card.doneAction : card.action}
    </Button>
  )
}

// The recordings are not online yet; say so rather than open an empty page.
function LibraryButton({ label }: { label: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        toast({
          title: 'Sermon library coming soon',
          description: 'Recordings are being prepared. The free guides under Resources are ready to download now.',
        })
      }
    >
      {label}
    </Button>
  )
}
