import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { BellOff, Link2Off, Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { formStyles } from '#client/features/auth/form-parts.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import type { EmailCategory } from '#shared/schemas/account.ts'

// Open to everyone: the link works from any inbox, signed in or not.
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: searchParams({ token: text() }),
  head: () => pageHead('Unsubscribe'),
  component: UnsubscribePage,
})

const styles = {
  pending: css({ display: 'flex', justifyContent: 'center', color: 'brand.fg' }),
}

/** What the member will no longer receive, in words. */
const stopped: Record<EmailCategory, string> = {
  match: 'emails about new matches',
  interest: 'emails about Thoughtful Interests',
  reminder: 'reminder emails',
  message: 'emails about new messages',
}

function UnsubscribePage() {
  const { token } = Route.useSearch()
  const unsubscribe = useMutation(
    trpc.account.unsubscribe.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.account.notificationPreferences.pathFilter()),
      meta: { failure: () => null, ownCodes: ['TOO_MANY_REQUESTS'] },
    }),
  )
  const { mutate } = unsubscribe
  // Posted once per page, even when Strict Mode runs the effect twice.
  const posted = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!token || posted.current === token) return
    posted.current = token
    mutate({ token })
  }, [token, mutate])

  if (!token || unsubscribe.isError) {
    return (
      <AuthLayout
        icon={Link2Off}
        tone="danger"
        title="We could not unsubscribe you"
        subtitle={unsubscribe.error?.message ?? 'This unsubscribe link is incomplete. You can choose your emails in your account settings.'}
      >
        <Button asChild fullWidth>
          <Link to="/settings">Open Email Settings</Link>
        </Button>
      </AuthLayout>
    )
  }
  if (!unsubscribe.data) {
    return (
      <AuthLayout icon={Mail} title="Unsubscribing" subtitle="One moment…">
        <div className={styles.pending}>
          <Spinner size="lg" label="Unsubscribing" />
        </div>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      icon={BellOff}
      tone="success"
      title="You are unsubscribed"
      subtitle={`You will no longer receive ${stopped[unsubscribe.data.category]} from Covenant. Everything else stays as it was.`}
    >
      <Button asChild fullWidth>
        <Link to="/settings">Choose Your Emails</Link>
      </Button>
      <p className={formStyles.switch}>Changed your mind? You can turn these emails back on in your account settings at any time.</p>
    </AuthLayout>
  )
}
