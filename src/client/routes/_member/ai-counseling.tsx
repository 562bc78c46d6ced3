import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/ai-counseling')({
  component: () => <PageTitle title="AI Marriage Counseling" description="Biblical guidance for your relationship." />,
})
