import { useMutation, useQuery } from '@tanstack/react-query'
import { BadgeCheck, Church, HeartHandshake, Link2Off, Undo2 } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { FormAlert, formStyles } from '#client/features/auth/form-parts.tsx'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { CHURCH_VOUCHED_LABEL } from '#shared/content/vouch.ts'
import type { VouchDecision } from '#shared/schemas/vouch.ts'

type Vouch = RouterOutputs['verification']['vouch']

const styles = {
  pending: css({ display: 'flex', justifyContent: 'center', color: 'brand.fg' }),
  statement: css({
    m: '0',
    mb: '6',
    pl: '4',
    py: '1',
    borderLeftWidth: 'thick',
    borderLeftColor: 'brand.solid',
    textStyle: 'body',
    fontFamily: 'heading',
    fontStyle: 'italic',
    color: 'fg.default',
  }),
  actions: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' }),
  note: css({ textStyle: 'small', color: 'fg.muted', mt: '5', textAlign: 'center' }),
  revoke: css({
    mt: '6',
    pt: '5',
    borderTopWidth: 'thin',
    borderTopColor: 'border.default',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
  }),
  revokeText: css({ textStyle: 'small', color: 'fg.muted' }),
}

function Statement({ vouch }: { vouch: Vouch }) {
  return (
    <blockquote className={styles.statement} aria-label="The statement">
      “{vouch.statement}”
    </blockquote>
  )
}

/** The page behind the link in a vouch email: the pastor confirms or declines once, and may revoke a confirmation later. */
export function VouchPage({ token }: { token: string | undefined }) {
  const options = trpc.verification.vouch.queryOptions({ token: token ?? '' })
  const vouch = useQuery({ ...options, enabled: Boolean(token) })
  const [confirmingRevoke, setConfirmingRevoke] = useState(false)
  const decide = useMutation(
    trpc.verification.decideVouch.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(options.queryKey, next)
        setConfirmingRevoke(false)
      },
      // Answered elsewhere meanwhile (another tab, a colleague): show where it stands now.
      onError: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
      // The answer shows on the page, beside the buttons.
      meta: { failure: () => null, ownCodes: ['TOO_MANY_REQUESTS'] },
    }),
  )
  const answer = (decision: VouchDecision) => token && decide.mutate({ token, decision })
  const busy = (decision: VouchDecision) => decide.isPending && decide.variables?.decision === decision

  if (!token || vouch.isError) {
    return (
      <AuthLayout
        icon={Link2Off}
        tone="danger"
        title="This link does not work"
        subtitle={vouch.error?.message ?? 'This vouch link is incomplete. Please open it again from the email.'}
      />
    )
  }
  if (!vouch.data) {
    return (
      <AuthLayout icon={Church} title="Opening the request" subtitle="One moment…">
        <div className={styles.pending}>
          <Spinner size="lg" label="Loading" />
        </div>
      </AuthLayout>
    )
  }
  const data = vouch.data
  const failure = decide.error && <FormAlert>{decide.error.message}</FormAlert>

  if (data.status === 'pending') {
    return (
      <AuthLayout
        icon={Church}
        title={`Would you vouch for ${data.memberName}?`}
        subtitle={`${data.memberFirstName} named you, ${data.pastorName}, as their pastor or elder at ${data.churchName}, and asks you to confirm:`}
      >
        {failure}
        <Statement vouch={data} />
        <div className={styles.actions}>
          <Button onClick={() => answer('confirm')} disabled={decide.isPending} aria-busy={busy('confirm')}>
            <BadgeCheck size={18} aria-hidden="true" /> Confirm
          </Button>
          <Button variant="outline" onClick={() => answer('decline')} disabled={decide.isPending} aria-busy={busy('decline')}>
            Decline
          </Button>
        </div>
        <p className={styles.note}>
          Confirm only what is true to your knowledge. If you confirm, {data.memberFirstName}'s profile shows “{CHURCH_VOUCHED_LABEL}”; if
          you decline, we let them know gently. Your answer counts once, and you need no account.
        </p>
      </AuthLayout>
    )
  }
  if (data.status === 'confirmed') {
    return (
      <AuthLayout
        icon={HeartHandshake}
        tone="success"
        title="Thank you for vouching"
        subtitle={`${data.memberFirstName}'s profile now shows “${CHURCH_VOUCHED_LABEL}”.`}
      >
        {failure}
        <Statement vouch={data} />
        <div className={styles.revoke}>
          <p className={styles.revokeText}>
            If this is no longer true, you can revoke your confirmation here at any time: keep this email. The badge then disappears from
            their profile.
          </p>
          {confirmingRevoke ? (
            <div className={styles.actions}>
              <Button variant="danger" onClick={() => answer('revoke')} disabled={decide.isPending} aria-busy={busy('revoke')}>
                Yes, Revoke
              </Button>
              <Button variant="ghost" onClick={() => setConfirmingRevoke(false)} disabled={decide.isPending}>
                Keep It
              </Button>
            </div>
          ) : (
            <Button variant="outline" onClick={() => setConfirmingRevoke(true)}>
              <Undo2 size={18} aria-hidden="true" /> Revoke My Confirmation
            </Button>
          )}
        </div>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      icon={data.status === 'revoked' ? Undo2 : Church}
      title={data.status === 'revoked' ? 'Your confirmation is revoked' : 'Thank you for answering'}
      subtitle={
        data.status === 'revoked'
          ? `${data.memberFirstName}'s profile no longer shows “${CHURCH_VOUCHED_LABEL}”.`
          : `We have let ${data.memberFirstName} know that you were not able to confirm. Nothing is shown on their profile.`
      }
    >
      {failure}
      <p className={formStyles.switch}>Nothing more is needed. You can close this page.</p>
    </AuthLayout>
  )
}
