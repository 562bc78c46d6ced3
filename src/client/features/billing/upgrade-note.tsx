import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Notice } from '#client/components/ui/notice.tsx'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { UpgradeButton } from './upgrade-button'

export interface UpgradeNoteProps {
  icon: LucideIcon
  /** A short first line, in bold, above the text. */
  title?: string
  children: ReactNode
  /** The plan that lifts the lock or limit; none (or free) shows no button. */
  planId: PlanId | null
  /** `alert` for a refusal the member just met; `status` for what the screen already knew. */
  role?: 'alert' | 'status'
  className?: string
}

/** Every locked feature and used-up allowance: what the member's plan lacks, and the plan that has it. */
export function UpgradeNote({ planId, ...note }: UpgradeNoteProps) {
  return <Notice {...note} action={planId && planId !== 'free' && <UpgradeButton planId={planId} size="sm" variant="accent" />} />
}
