import { createFileRoute } from '@tanstack/react-router'
import { QuantumPage } from '../../features/quantum/quantum-page'

export const Route = createFileRoute('/_member/quantum-matching')({
  component: QuantumPage,
})
