import { createFileRoute } from '@tanstack/react-router'
import { ReviewPage } from '../../features/verification/review-page'

export const Route = createFileRoute('/_member/verification_/review')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
  component: ReviewPage,
})
