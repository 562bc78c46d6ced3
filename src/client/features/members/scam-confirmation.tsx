import { ShieldAlert } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { describeScamSignals, SCAM_CONFIRMATION_NEEDED, scamSignals } from '#shared/logic/scam-guard.ts'

const styles = {
  actions: css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexShrink: 0 }),
  actionsBelow: css({ display: 'flex', gap: '2', justifyContent: 'flex-end', mt: '2' }),
}

/**
 * What the scam guard would say of these words, or null when they meet none of its rules: the same
 * rules the server applies, so the sender is asked before the round trip.
 */
export function scamGuardQuestion(text: string, earlierMessages: number): string | null {
  const signals = scamSignals(text, { earlierMessages })
  return signals.length > 0 ? describeScamSignals(signals) : null
}

export interface ScamConfirmationProps {
  /** What the guard found; empty when only the server's check asked. */
  description: string
  editLabel: string
  onEdit: () => void
  onSendAnyway: () => void
  sending: boolean
  /** In a narrow place (a dialog): the buttons go under the text at every width. */
  stacked?: boolean
}

/** The scam guard's question to a sender: change the words, or send them with a safety note for the recipient. */
export function ScamConfirmation({ description, editLabel, onEdit, onSendAnyway, sending, stacked = false }: ScamConfirmationProps) {
  const buttons = (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={onEdit}>
        {editLabel}
      </Button>
      <Button type="button" variant="outline" size="sm" loading={sending} onClick={onSendAnyway}>
        Send anyway
      </Button>
    </>
  )
  const text = `${description} If you send it, the other member will see a safety note under it.`.trim()
  return (
    <Notice
      icon={ShieldAlert}
      tone="warning"
      role="alert"
      title={SCAM_CONFIRMATION_NEEDED}
      action={stacked ? undefined : <span className={styles.actions}>{buttons}</span>}
    >
      {text}
      {stacked && <span className={styles.actionsBelow}>{buttons}</span>}
    </Notice>
  )
}
