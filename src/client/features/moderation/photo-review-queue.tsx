import { useMutation, useQuery } from '@tanstack/react-query'
import { ImageOff } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { ReviewDecision } from '#client/components/form/review-decision.tsx'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { PHOTO_REVIEW_REASON_MAX } from '#shared/schemas/photo-review.ts'

const REASON_REQUIRED = 'Please say why the photo is rejected (at least 5 characters)'
const uploadedAt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

const styles = {
  list: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '6' }),
  card: cx(card({ elevation: 'sm' }).root, css({ display: 'flex', flexDirection: 'column', overflow: 'hidden' })),
  photo: css({ w: 'full', aspectRatio: '4 / 5', objectFit: 'cover', bg: 'bg.muted' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4' }),
  name: css({ textStyle: 'h4', color: 'fg.default' }),
  when: css({ textStyle: 'small', color: 'fg.muted' }),
}

type QueuedPhoto = RouterOutputs['moderation']['photoQueue'][number]

/** Moderators' queue of photos waiting for review (PHOTO_REVIEW=1), oldest first: approve, or reject with a reason. */
export function PhotoReviewQueue() {
  const queue = useQuery(trpc.moderation.photoQueue.queryOptions())
  if (queue.isPending) return <PageLoading />
  if (!queue.data || queue.data.length === 0) {
    return (
      <EmptyState icon={ImageOff} title="No photos waiting for review">
        New photos appear here, oldest first, while photo review is on.
      </EmptyState>
    )
  }
  return (
    <ul className={styles.list} aria-label="Photos waiting for review">
      {queue.data.map((photo) => (
        <li key={photo.photoId}>
          <PhotoCard photo={photo} />
        </li>
      ))}
    </ul>
  )
}

function PhotoCard({ photo }: { photo: QueuedPhoto }) {
  const fullName = `${photo.firstName} ${photo.lastName}`
  const review = useMutation(
    trpc.moderation.reviewPhoto.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries(trpc.moderation.photoQueue.pathFilter())
        const approved = result.reviewStatus === 'approved'
        toast({
          title: approved ? 'Photo approved' : 'Photo rejected',
          description: approved
            ? `Members can now see ${photo.firstName}'s photo.`
            : `${photo.firstName}'s photo stays hidden from members.`,
          variant: approved ? 'success' : 'default',
        })
      },
      meta: { failure: { title: 'Decision not saved' } },
    }),
  )
  return (
    <article className={styles.card} aria-label={`Photo from ${fullName}`}>
      <img src={photo.url} alt={`Uploaded by ${fullName}`} className={styles.photo} />
      <div className={styles.body}>
        <div>
          <h3 className={styles.name}>{fullName}</h3>
          <p className={styles.when}>Uploaded {uploadedAt.format(photo.uploadedAt)}</p>
        </div>
        <ReviewDecision
          reasonLabel="Reason (required to reject)"
          reasonRequired={REASON_REQUIRED}
          reasonMax={PHOTO_REVIEW_REASON_MAX}
          pending={review.isPending ? review.variables?.decision : undefined}
          onDecide={(decision, reason) => review.mutate({ photoId: photo.photoId, decision, reason })}
        />
      </div>
    </article>
  )
}
