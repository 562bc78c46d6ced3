import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/verification')({
  component: () => <PageTitle title="Verification Center" description="Verify your faith, income and education so other members can trust who you are." />,
})
