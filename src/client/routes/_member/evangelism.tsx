import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/evangelism')({
  component: () => <PageTitle title="Evangelism Hub" description="Resources for seekers, new believers and mature Christians." />,
})
