import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/quantum-matching')({
  component: () => <PageTitle title="Quantum Faith Matching" description="Your most compatible matches, scored from your faith and values." />,
})
