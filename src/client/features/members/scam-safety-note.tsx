import { Flag, ShieldAlert } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { describeScamSignals, SCAM_SAFETY_ADVICE } from '#shared/logic/scam-guard.ts'

const styles = {
  note: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    gap: '2',
    mt: '1.5',
    px: '3',
    py: '2',
    bg: 'warning.subtle',
    borderWidth: 'thin',
    borderColor: 'warning.border',
    borderRadius: 'lg',
    textStyle: 'small',
    color: 'fg.default',
  }),
  text: css({ display: 'flex', alignItems: 'flex-start', gap: '2', '& > svg': { flexShrink: 0, mt: '0.5', color: 'warning.fg' } }),
}

export interface ScamSafetyNoteProps {
  /** The ids of the rules the message met, as the server stored them. */
  signals: readonly { id: string }[]
  senderName: string
  onReport: () => void
}

/** Under words the scam guard flagged (a message, or a note with a like): what it met, the one rule to keep, and Report one tap away. */
export function ScamSafetyNote({ signals, senderName, onReport }: ScamSafetyNoteProps) {
  return (
    <div className={styles.note} role="note" aria-label="Safety note">
      <p className={styles.text}>
        <ShieldAlert size={16} aria-hidden="true" />
        <span>
          <strong>Be careful:</strong> {describeScamSignals(signals.map((signal) => signal.id))} {SCAM_SAFETY_ADVICE}
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onReport} aria-label={`Report ${senderName} for this message`}>
        <Flag size={14} aria-hidden="true" /> Report
      </Button>
    </div>
  )
}
