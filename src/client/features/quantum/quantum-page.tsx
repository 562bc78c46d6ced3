import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, Church, Eye, Gift, Heart, MapPin, MessagesSquare, RefreshCw, Sparkles, Sprout } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Progress } from '#client/components/ui/progress.tsx'
import { placeholderKeys, Skeleton } from '#client/components/ui/skeleton.tsx'
import { UpgradeButton } from '#client/features/billing/upgrade-button.tsx'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import { MemberProfileDialog } from '#client/features/members/member-profile-dialog.tsx'
import { type LikeWording, useLike } from '#client/features/members/use-like.ts'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { compatibilityBand } from '#shared/logic/compatibility-band.ts'
import { denominationLabel, faithJourneyLabel } from '#shared/schemas/profile-options.ts'

type QuantumMatch = RouterOutputs['matches']['quantum']['matches'][number]

const SPIRITUAL_GIFTS_SHOWN = 50

const styles = {
  banner: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: { md: 'center' },
    gap: '3',
    p: '4',
    mb: '6',
  }),
  active: card({ variant: 'success' }).root,
  upgrade: card({ variant: 'accent' }).root,
  bannerText: css({ flex: '1', textStyle: 'small' }),
  bannerTitle: css({ fontWeight: 'semibold', textStyle: 'body' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: '5',
  }),
  card: cx(card({ elevation: 'xs' }).root, css({ display: 'flex', flexDirection: 'column', gap: '4', p: '5' })),
  head: css({ display: 'flex', gap: '3', alignItems: 'center' }),
  photo: css({ w: '16', flexShrink: 0, borderRadius: 'full' }),
  who: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  name: css({ textStyle: 'h4', color: 'fg.default', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  meta: css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'small', color: 'fg.muted' }),
  score: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  scoreRow: css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' }),
  percent: css({ textStyle: 'h3', color: 'brand.fg', fontVariantNumeric: 'tabular-nums' }),
  band: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.default' }),
  reasons: css({ textStyle: 'caption', color: 'fg.muted' }),
  facts: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    textStyle: 'small',
    color: 'fg.default',
    '& svg': { color: 'brand.fg', flexShrink: 0, mt: '0.5' },
  }),
  fact: css({ display: 'flex', gap: '2' }),
  insights: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  insight: css({ p: '3', borderRadius: 'control', bg: 'bg.muted', display: 'flex', flexDirection: 'column', gap: '0.5' }),
  insightLabel: css({ textStyle: 'caption', fontWeight: 'semibold', color: 'fg.default', display: 'flex', alignItems: 'center', gap: '1' }),
  insightValue: css({ textStyle: 'h4', color: 'fg.default', fontVariantNumeric: 'tabular-nums' }),
  insightHint: css({ textStyle: 'caption', color: 'fg.muted' }),
  interviewLink: css({ color: 'brand.fg', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' }),
  actions: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '2', mt: 'auto' }),
  version: css({ textStyle: 'caption', color: 'fg.subtle' }),
  skeleton: css({ h: '96', borderRadius: 'card' }),
}

export function QuantumPage() {
  const matches = useQuery(trpc.matches.quantum.queryOptions({ limit: 20 }))
  const features = useQuery(trpc.premium.features.queryOptions())
  const interviewed = useQuery({ ...trpc.interview.status.queryOptions(), select: (status) => status.completed })
  const [viewing, setViewing] = useState<{ userId: string | null; open: boolean }>({ userId: null, open: false })
  const premium = features.data?.includes('quantum_matching') ?? false

  return (
    <>
      <PageTitle
        title="Quantum Faith Matching"
        description="Members ranked by how closely your faith, values and the answers of your AI interview align."
      />
      {features.isSuccess &&
        (premium ? (
          <div className={cx(styles.banner, styles.active)} role="status">
            <Sparkles size={20} aria-hidden="true" />
            <p className={styles.bannerText}>
              <span className={styles.bannerTitle}>Premium Quantum Matching Active</span>
              <br />
              {matches.data ? `${matches.data.matches.length} divine connections found for you.` : 'Finding your divine connections…'}
            </p>
          </div>
        ) : (
          <div className={cx(styles.banner, styles.upgrade)}>
            <Sparkles size={20} aria-hidden="true" />
            <p className={styles.bannerText}>
              <span className={styles.bannerTitle}>Upgrade to Premium for unlimited quantum matches</span>
              <br />
              Faith Explorer shows your top {matches.data?.dailyLimit ?? 5} matches each day.
            </p>
            <UpgradeButton planId="premium">Upgrade to Premium</UpgradeButton>
          </div>
        ))}

      {matches.isPending ? (
        <div className={styles.grid} role="status" aria-busy="true" aria-label="Running quantum analysis">
          {placeholderKeys(6).map((key) => (
            <Skeleton key={key} className={styles.skeleton} />
          ))}
        </div>
      ) : matches.isError ? (
        <EmptyState
          role="alert"
          title="The analysis could not run"
          action={
            matches.error.data?.code === 'BAD_REQUEST' && (
              <Button asChild>
                <Link to="/profile">Complete your profile</Link>
              </Button>
            )
          }
        >
          {matches.error.message}
        </EmptyState>
      ) : matches.data.matches.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          iconSize={40}
          title="Quantum Analysis Complete"
          action={
            <Button onClick={() => window.location.reload()}>
              <RefreshCw size={16} aria-hidden="true" /> Re-run Quantum Analysis
            </Button>
          }
        >
          No new matches right now. New believers join every day, so check back soon.
        </EmptyState>
      ) : (
        <ul className={styles.grid} aria-label="Quantum matches">
          {matches.data.matches.map((match) => (
            <li key={match.id}>
              <QuantumCard match={match} interviewed={interviewed.data} onView={() => setViewing({ userId: match.user.id, open: true })} />
            </li>
          ))}
        </ul>
      )}
      <MemberProfileDialog
        userId={viewing.userId}
        open={viewing.open}
        onOpenChange={(open) => setViewing((current) => ({ ...current, open }))}
      />
    </>
  )
}

/** The two parts of the score a member can act on: shared faith, and shared interview answers. */
/** The spec's words for a like from this page: Send Interest, 'Interest Sent!'. */
const interestWording: LikeWording = { sent: { title: 'Interest Sent!' }, failed: 'Failed to send interest. Please try again.' }

function QuantumCard({ match, interviewed, onView }: { match: QuantumMatch; interviewed: boolean | undefined; onView: () => void }) {
  const like = useLike(interestWording)
  const { firstName } = match.user
  const nameId = `quantum-${match.id}`
  const gifts =
    match.spiritualGifts.length > SPIRITUAL_GIFTS_SHOWN ? `${match.spiritualGifts.slice(0, SPIRITUAL_GIFTS_SHOWN)}…` : match.spiritualGifts
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <div className={styles.head}>
        <MemberPhoto name={firstName} src={match.photoUrl} className={styles.photo} />
        <div className={styles.who}>
          <h2 id={nameId} className={styles.name}>
            {firstName}, {match.age}
            {match.isVerified && (
              <Badge variant="success" size="sm">
                <BadgeCheck size={12} aria-hidden="true" /> Verified
              </Badge>
            )}
          </h2>
          {match.city && (
            <p className={styles.meta}>
              <MapPin size={14} aria-hidden="true" /> {match.city}, {match.state}
            </p>
          )}
        </div>
      </div>
      <div className={styles.score}>
        <div className={styles.scoreRow}>
          <span className={styles.percent}>{match.compatibilityScore}%</span>
          <span className={styles.band}>{compatibilityBand(match.compatibilityScore)}</span>
        </div>
        <Progress value={match.compatibilityScore} aria-label={`Compatibility with ${firstName}`} />
        {match.reasons.length > 0 && <p className={styles.reasons}>{match.reasons.join(' · ')}</p>}
      </div>
      <div className={styles.facts}>
        {match.denomination && (
          <p className={styles.fact}>
            <Church size={14} aria-hidden="true" /> {denominationLabel(match.denomination)}
          </p>
        )}
        {match.faithJourney && (
          <p className={styles.fact}>
            <Sprout size={14} aria-hidden="true" /> {faithJourneyLabel(match.faithJourney)}
          </p>
        )}
        {gifts && (
          <p className={styles.fact}>
            <Gift size={14} aria-hidden="true" /> {gifts}
          </p>
        )}
      </div>
      <dl className={styles.insights}>
        <div className={styles.insight}>
          <dt className={styles.insightLabel}>
            <Church size={12} aria-hidden="true" /> Faith match
          </dt>
          <dd className={styles.insightValue}>{match.divineInsightScore}%</dd>
          <dd className={styles.insightHint}>Denomination, Sabbath, faith journey, church</dd>
        </div>
        <div className={styles.insight}>
          <dt className={styles.insightLabel}>
            <MessagesSquare size={12} aria-hidden="true" /> Interview answers
          </dt>
          {match.sharedAnswers > 0 ? (
            <>
              <dd className={styles.insightValue}>{match.personalityCompatibilityScore}%</dd>
              <dd className={styles.insightHint}>
                from {match.sharedAnswers} shared {match.sharedAnswers === 1 ? 'answer' : 'answers'}
              </dd>
            </>
          ) : interviewed === false ? (
            <dd className={styles.insightHint}>
              <Link to="/ai-interview" className={styles.interviewLink}>
                Take the AI interview to compare values
              </Link>
            </dd>
          ) : (
            <dd className={styles.insightHint}>No shared interview answers yet.</dd>
          )}
        </div>
      </dl>
      <div className={styles.actions}>
        <Button
          size="sm"
          onClick={() => like.mutate({ receiverId: match.user.id })}
          disabled={like.isPending}
          aria-label={like.isPending ? undefined : `Send Interest to ${firstName}`}
        >
          {like.isPending ? (
            'Sending...'
          ) : (
            <>
              <Heart size={16} aria-hidden="true" /> Send Interest
            </>
          )}
        </Button>
        <Button size="sm" variant="outline" onClick={onView} aria-label={`View ${firstName}'s profile`}>
          <Eye size={16} aria-hidden="true" /> View
        </Button>
      </div>
      <p className={styles.version}>Algorithm {match.quantumAlgorithmVersion}</p>
    </article>
  )
}
