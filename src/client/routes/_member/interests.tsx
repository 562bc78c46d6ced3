import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/interests')({
  component: () => (
    <PageTitle title="Send Thoughtful Interest" description="Choose someone from Discover to send them a thoughtful interest." />
  ),
})
