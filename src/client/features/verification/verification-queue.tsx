import { useMutation, useQuery } from '@tanstack/react-query'
import { ExternalLink, Inbox } from 'lucide-react'
import { css } from 'styled-system/css'
import { ReviewDecision } from '#client/components/form/review-decision.tsx'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { incomeTiers } from '#shared/content/income-tiers.ts'
import { type DegreeType, degreeTypeLabels, membershipYearsLabel, verificationTypeLabels } from '#shared/content/verification.ts'
import { REVIEW_REASON_MAX } from '#shared/schemas/verification.ts'
import type { ReviewItem } from './verification-api'
import { formatDate, panel } from './verification-forms'

const itemStyle = css.raw({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' } })
const emptyStyle = css.raw({ alignItems: 'center', py: '12', textAlign: 'center', color: 'fg.muted' })

const styles = {
  list: css({ display: 'grid', gap: '6' }),
  head: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  name: css({ textStyle: 'h3', color: 'fg.default' }),
  submitted: css({ textStyle: 'small', color: 'fg.muted' }),
  details: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '4',
    rowGap: '2',
    textStyle: 'small',
    '& dt': { color: 'fg.muted' },
    '& dd': { color: 'fg.default', fontWeight: 'medium', wordBreak: 'break-word' },
  }),
  document: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  preview: css({
    w: 'full',
    h: { base: '80', md: '96' },
    objectFit: 'contain',
    bg: 'bg.muted',
    borderRadius: 'control',
    borderWidth: 'thin',
    borderColor: 'border.default',
  }),
  open: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'brand.fg', textStyle: 'small', fontWeight: 'semibold' }),
  notFound: css({ maxW: '2xl', mx: 'auto', py: 'section', textAlign: 'center' }),
  notFoundTitle: css({ textStyle: 'h1', color: 'brand.fg' }),
  notFoundText: css({ textStyle: 'lead', color: 'fg.muted', mt: '3', mb: '8' }),
}

/** Submissions waiting for a moderator, oldest first: here and in the moderator console. */
export function VerificationQueue() {
  const queue = useQuery(trpc.verification.reviewQueue.queryOptions())
  if (queue.isPending) return <PageLoading />
  return queue.data && queue.data.length > 0 ? (
    <ul className={styles.list} aria-label="Submissions waiting for review">
      {queue.data.map((item) => (
        <li key={item.id}>
          <ReviewCard item={item} />
        </li>
      ))}
    </ul>
  ) : (
    <div className={panel(emptyStyle)}>
      <Inbox size={36} aria-hidden="true" />
      <p className={css({ textStyle: 'h4', color: 'fg.default' })}>Nothing waiting for review</p>
      <p>New submissions appear here, oldest first.</p>
    </div>
  )
}

function detailRows(item: ReviewItem): [string, string][] {
  const details = item.details as Record<string, string | number>
  switch (item.type) {
    case 'faith':
      return [
        ['Church', String(details.churchName)],
        ['Pastor/elder', String(details.pastorName)],
        ["Pastor's email", String(details.pastorEmail)],
        ['Membership', membershipYearsLabel(Number(details.membershipYears))],
      ]
    case 'education':
      return [
        ['Institution', String(details.institution)],
        ['Degree', degreeTypeLabels[details.degreeType as DegreeType] ?? String(details.degreeType)],
        ['Graduation year', String(details.graduationYear)],
      ]
    case 'income': {
      // Only documents reach review: a commitment bypass is active once its fee is paid at checkout.
      const tier = incomeTiers.find((candidate) => candidate.id === details.tier)?.label ?? String(details.tier)
      return [
        ['Income tier', tier],
        ['Method', 'Documents'],
      ]
    }
  }
}

const refreshQueue = () => queryClient.invalidateQueries({ queryKey: trpc.verification.reviewQueue.queryKey() })

function ReviewCard({ item }: { item: ReviewItem }) {
  const fullName = `${item.member.firstName} ${item.member.lastName}`
  const typeLabel = verificationTypeLabels[item.type]
  const review = useMutation(
    trpc.verification.review.mutationOptions({
      onSuccess: (result) => {
        void refreshQueue()
        const approved = result.status !== 'rejected'
        toast({
          title: approved ? 'Approved' : 'Rejected',
          description: `${fullName}'s ${typeLabel.toLowerCase()} verification was ${approved ? 'approved' : 'rejected'}.`,
          variant: approved ? 'success' : 'default',
        })
      },
      // Another moderator may have decided it first: the queue is read again, so the card does not linger.
      onError: () => void refreshQueue(),
      meta: { failure: { title: 'Review not saved' } },
    }),
  )
  return (
    <article className={panel(itemStyle)} aria-label={`${typeLabel} verification from ${fullName}`}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div>
          <div className={styles.head}>
            <h2 className={styles.name}>{fullName}</h2>
            <Badge variant="brand" size="md">
              {typeLabel}
            </Badge>
          </div>
          <p className={styles.submitted}>Submitted {formatDate(item.submittedAt)}</p>
        </div>
        <dl className={styles.details}>
          {detailRows(item).map(([term, value]) => (
            <div key={term} className={css({ display: 'contents' })}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <ReviewDecision
          reasonLabel="Reason (shown to the member when rejecting)"
          reasonRequired="Please tell the member why (at least 5 characters)"
          reasonMax={REVIEW_REASON_MAX}
          pending={review.isPending ? review.variables?.decision : undefined}
          onDecide={(decision, reason) => review.mutate({ verificationId: item.id, decision, reason })}
        />
      </div>
      <div className={styles.document}>
        {item.documentUrl ? (
          <>
            {item.documentType === 'application/pdf' ? (
              <iframe
                src={`${item.documentUrl}#navpanes=0&view=FitH`}
                title={`Submitted ${typeLabel.toLowerCase()} document`}
                className={styles.preview}
              />
            ) : (
              <img src={item.documentUrl} alt={`Submitted ${typeLabel.toLowerCase()} document`} className={styles.preview} />
            )}
            <a className={styles.open} href={item.documentUrl} target="_blank" rel="noreferrer">
              <ExternalLink size={14} aria-hidden="true" /> Open the document in a new tab
            </a>
          </>
        ) : (
          <p className={styles.submitted}>No document was attached.</p>
        )}
      </div>
    </article>
  )
}
