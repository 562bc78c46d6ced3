import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { VerificationPage, verificationTabs } from '#client/features/verification/verification-page.tsx'

const searchSchema = z.object({ tab: z.enum(verificationTabs).optional().catch(undefined) })

export const Route = createFileRoute('/_member/verification')({
  validateSearch: searchSchema,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
    ]),
  component: VerificationRoute,
})

function VerificationRoute() {
  const { tab = 'overview' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <VerificationPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === 'overview' ? undefined : next }, resetScroll: false })}
    />
  )
}
