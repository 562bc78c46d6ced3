import { useMutation } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { ChurchVouchedBadge } from '#client/features/vouch/church-vouched-badge.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { VOUCH_LINK_DAYS } from '#shared/content/vouch.ts'
import type { VerificationOverview, VerificationRecord } from './verification-api'
import { formatDate, panel } from './verification-forms'

const styles = {
  heading: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'fg.default' }),
  text: css({ textStyle: 'body', color: 'fg.muted' }),
  action: css({ alignSelf: { base: 'stretch', sm: 'flex-start' } }),
}

/** Whether a faith record stands (pending review or verified), so its pastor can be asked to vouch. */
export function canAskForVouch(record: VerificationRecord) {
  return record.type === 'faith' && (record.status === 'pending' || record.status === 'verified')
}

/**
 * Under a standing faith verification: ask the pastor or elder it names to vouch by email, and see
 * where the request stands. A confirmation shows on the profile as "Vouched by their church".
 */
export function VouchPanel({ record, vouch }: { record: VerificationRecord; vouch: VerificationOverview['vouch'] }) {
  const named = record.details && 'pastorName' in record.details ? record.details : null
  const ask = useMutation(
    trpc.verification.requestVouch.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.verification.status.pathFilter())
        toast({
          title: 'Request sent',
          description: `We emailed ${named?.pastorName ?? 'your pastor'} a link to vouch for you.`,
          variant: 'success',
        })
      },
      meta: { failure: { title: 'Not sent' }, ownCodes: ['TOO_MANY_REQUESTS'] },
    }),
  )
  if (!named) return null
  const request = vouch.request
  const askButton = (label: string, variant: 'solid' | 'outline') => (
    <Button
      variant={variant}
      className={styles.action}
      onClick={() => ask.mutate(undefined)}
      aria-busy={ask.isPending}
      disabled={ask.isPending}
    >
      <Mail size={18} aria-hidden="true" /> {label}
    </Button>
  )

  let body: ReactNode
  if (vouch.churchVouched) {
    body = (
      <p className={styles.text}>
        {request?.pastorName ?? named.pastorName} confirmed {request?.decidedAt ? `on ${formatDate(request.decidedAt)}` : 'your membership'}
        . Members see “Vouched by their church” on your profile.
      </p>
    )
  } else if (request?.status === 'pending') {
    body = (
      <>
        <p className={styles.text}>
          We emailed {request.pastorName} on {formatDate(request.requestedAt)}. The link works for {VOUCH_LINK_DAYS} days; you will hear
          when they answer.
        </p>
        {askButton('Send Again', 'outline')}
      </>
    )
  } else {
    const news =
      request?.status === 'declined'
        ? `${request.pastorName} was not able to confirm this time. Your faith verification itself is unchanged.`
        : request?.status === 'revoked'
          ? `${request.pastorName} has withdrawn their confirmation.`
          : request?.status === 'expired'
            ? `Your last request to ${request.pastorName} expired without an answer.`
            : null
    body = (
      <>
        {news && <p className={styles.text}>{news}</p>}
        <p className={styles.text}>
          We email {named.pastorName} a one-time link (no account needed) to confirm that you are a member of {named.churchName}, a
          committed follower of Christ, unmarried and free to marry. If they confirm, your profile shows “Vouched by their church”.
        </p>
        {askButton(request ? 'Ask Again' : 'Ask My Pastor to Vouch', 'solid')}
      </>
    )
  }
  return (
    <section className={panel()} aria-label="Church vouch">
      <h3 className={styles.heading}>Your pastor's word {vouch.churchVouched && <ChurchVouchedBadge />}</h3>
      {body}
    </section>
  )
}
