import { createFileRoute } from '@tanstack/react-router'
import { QuantumPage } from '#client/features/quantum/quantum-page.tsx'

export const Route = createFileRoute('/_member/quantum-matching')({
  component: QuantumPage,
})
