import { createFileRoute, Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { css } from 'styled-system/css'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { AccountSettings } from '#client/features/account/account-settings.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/settings')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.auth.user.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.billing.subscription.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.account.sessions.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.account.status.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.safety.blocks.queryOptions()),
    ]),
  head: () => pageHead('Account Settings'),
  component: SettingsPage,
})

function SettingsPage() {
  return (
    <div className={css({ maxW: '3xl', mx: 'auto' })}>
      <Button asChild variant="ghost" size="sm" className={css({ mb: '4' })}>
        <Link to="/profile">
          <ArrowLeft size={16} aria-hidden="true" /> Your Profile
        </Link>
      </Button>
      <PageTitle
        title="Account Settings"
        description="Your membership, how you sign in, where you are signed in, who sees you, and your data."
      />
      <AccountSettings />
    </div>
  )
}
