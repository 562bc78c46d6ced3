import { createFileRoute } from '@tanstack/react-router'
import { QuantumPage } from '#client/features/quantum/quantum-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/quantum-matching')({
  head: () => pageHead('Quantum Faith Matching'),
  component: QuantumPage,
})
