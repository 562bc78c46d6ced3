import { Check, X } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'

type ReviewVerdict = 'approve' | 'reject'

/** The shortest reason a rejection may carry: the server's schemas ask for the same. */
const REASON_MIN = 5

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  reason: css({ minH: '20' }),
  buttons: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
}

interface ReviewDecisionProps {
  /** The reason field's label, saying who reads the reason. */
  reasonLabel: string
  /** Shown under the field when Reject is pressed without a reason. */
  reasonRequired: string
  reasonMax: number
  /** The decision being saved, whose button spins while both wait. */
  pending: ReviewVerdict | undefined
  onDecide: (decision: ReviewVerdict, reason: string) => void
}

/** A moderator's Approve or Reject on one queued item, with a reason that a rejection must give. */
export function ReviewDecision({ reasonLabel, reasonRequired, reasonMax, pending, onDecide }: ReviewDecisionProps) {
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | undefined>()
  return (
    <div className={styles.root}>
      <Field label={reasonLabel} error={reasonError}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={reasonMax}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value)
              setReasonError(undefined)
            }}
            className={styles.reason}
          />
        )}
      </Field>
      <div className={styles.buttons}>
        <Button loading={pending === 'approve'} disabled={pending !== undefined} onClick={() => onDecide('approve', reason)}>
          <Check size={16} aria-hidden="true" /> Approve
        </Button>
        <Button
          variant="danger"
          loading={pending === 'reject'}
          disabled={pending !== undefined}
          onClick={() => {
            if (reason.trim().length < REASON_MIN) return setReasonError(reasonRequired)
            onDecide('reject', reason)
          }}
        >
          <X size={16} aria-hidden="true" /> Reject
        </Button>
      </div>
    </div>
  )
}
