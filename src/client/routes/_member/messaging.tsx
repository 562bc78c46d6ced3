import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/messaging')({
  component: () => <PageTitle title="Messages" description="Your conversations with your matches." />,
})
