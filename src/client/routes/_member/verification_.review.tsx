import { createFileRoute, redirect } from '@tanstack/react-router'

/** The verification queue moved into the moderator console; old links land on its tab. */
export const Route = createFileRoute('/_member/verification_/review')({
  beforeLoad: () => {
    throw redirect({ to: '/moderation', search: { tab: 'verifications' } })
  },
})
