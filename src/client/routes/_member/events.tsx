import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/events')({
  component: () => <PageTitle title="Community Events" description="Potlucks, services, Bible studies, retreats and Sabbath gatherings near you." />,
})
