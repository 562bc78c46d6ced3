import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { CircleCheck, Link2Off, Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { formStyles } from '#client/features/auth/form-parts.tsx'
import { loadCurrentUser, useCurrentUser } from '#client/features/auth/session.ts'
import { useResendVerification } from '#client/features/auth/use-resend-verification.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { VerifyEmailInput } from '#shared/schemas/auth.ts'

// Open to visitors and members alike: the link may be opened on a device where nobody is signed in.
export const Route = createFileRoute('/verify-email')({
  validateSearch: searchParams({ token: text() }),
  loader: ({ context }) => loadCurrentUser(context),
  head: () => pageHead('Confirm your email'),
  component: VerifyEmailPage,
})

const styles = {
  pending: css({ display: 'flex', justifyContent: 'center', color: 'brand.fg' }),
  // On a line of its own, so a long address never strands its punctuation.
  email: css({ display: 'block', color: 'fg.default', overflowWrap: 'anywhere' }),
}

function VerifyEmailPage() {
  const { token } = Route.useSearch()
  const link = VerifyEmailInput.shape.token.safeParse(token)
  const linkToken = link.success ? link.data : undefined
  const { user } = useCurrentUser()
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      // The member's address, or whether it is verified, has just changed.
      onSuccess: () => queryClient.invalidateQueries(trpc.auth.pathFilter()),
      // Every failure, a 429 for too many tries with links included, is told on the page itself.
      meta: { ownCodes: ['TOO_MANY_REQUESTS'] },
    }),
  )
  const { mutate } = verify

  // A token is single use: post it once per page, even when Strict Mode runs the effect twice.
  const posted = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!linkToken || posted.current === linkToken) return
    posted.current = linkToken
    mutate({ token: linkToken })
  }, [linkToken, mutate])

  if (!link.success) return <RefusedLink message={link.error.issues[0]?.message ?? ''} signedIn={Boolean(user)} />
  if (verify.isError) return <RefusedLink message={verify.error.message} signedIn={Boolean(user)} />
  if (!verify.data) {
    return (
      <AuthLayout icon={Mail} title="Confirming your email" subtitle="One moment…">
        <div className={styles.pending}>
          <Spinner size="lg" label="Confirming your email" />
        </div>
      </AuthLayout>
    )
  }

  const { email, changed } = verify.data
  return (
    <AuthLayout
      icon={CircleCheck}
      tone="success"
      title={changed ? 'Your new email address is confirmed' : 'Email verified'}
      subtitle={
        <>
          {changed ? 'From now on you sign in with' : 'Thank you. If you ever lose your password, we will send the way back to'}
          <strong className={styles.email}>{email}</strong>
        </>
      }
    >
      <Button asChild fullWidth>
        {user ? <Link to="/">Continue to Discover</Link> : <Link to="/login">Continue to Sign In</Link>}
      </Button>
    </AuthLayout>
  )
}

function RefusedLink({ message, signedIn }: { message: string; signedIn: boolean }) {
  const resend = useResendVerification()
  return (
    <AuthLayout icon={Link2Off} tone="danger" title="We could not confirm your email" subtitle={message}>
      {signedIn ? (
        <>
          <Button fullWidth loading={resend.isPending} onClick={() => resend.mutate()}>
            Send a New Link
          </Button>
          <p className={formStyles.switch}>
            <Link to="/" className={formStyles.link}>
              Back to Discover
            </Link>
          </p>
        </>
      ) : (
        <>
          <Button asChild fullWidth>
            <Link to="/login">Sign In</Link>
          </Button>
          <p className={formStyles.switch}>Once you are signed in, you can ask for a new link from the notice at the top of the page.</p>
        </>
      )}
    </AuthLayout>
  )
}
