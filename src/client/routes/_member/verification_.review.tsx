import { createFileRoute } from '@tanstack/react-router'
import { ReviewPage } from '#client/features/verification/review-page.tsx'

export const Route = createFileRoute('/_member/verification_/review')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
  component: ReviewPage,
})
