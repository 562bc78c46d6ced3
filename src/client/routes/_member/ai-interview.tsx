import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/ai-interview')({
  component: () => <PageTitle title="AI Relationship Interview" description="Tell us about your faith and your hopes for marriage." />,
})
