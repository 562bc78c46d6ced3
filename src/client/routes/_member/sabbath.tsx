import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/sabbath')({
  component: () => <PageTitle title="Sabbath Corner" description="Rest, worship and fellowship with Sabbath keepers around the world." />,
})
