import { Undo2, X } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'

const styles = {
  // Sticks to the bottom of the screen while the feed is in view, wherever the card was passed.
  bar: css({
    position: 'sticky',
    bottom: '4',
    zIndex: 'sticky',
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    w: 'fit-content',
    maxW: 'full',
    mx: 'auto',
    mt: '6',
    pl: '4',
    pr: '1.5',
    py: '1.5',
    borderRadius: 'full',
    bg: 'bg.inverse',
    color: 'fg.inverse',
    boxShadow: 'lg',
    textStyle: 'small',
  }),
  text: css({ minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  undo: css({ color: 'fg.inverse', _hover: { bg: 'ink.700' } }),
}

/** After a pass: who was passed, and a way to take it back (the newest pass only). */
export function UndoPassBar({
  firstName,
  onUndo,
  onDismiss,
  pending,
  disabled,
}: {
  firstName: string
  onUndo: () => void
  onDismiss: () => void
  pending: boolean
  disabled: boolean
}) {
  return (
    <div className={styles.bar} role="status">
      <span className={styles.text}>You passed on {firstName}.</span>
      <Button size="sm" variant="ghost" className={styles.undo} onClick={onUndo} loading={pending} disabled={disabled}>
        <Undo2 size={16} aria-hidden="true" /> Undo
      </Button>
      <Button size="sm" variant="ghost" className={styles.undo} onClick={onDismiss} aria-label="Dismiss">
        <X size={16} aria-hidden="true" />
      </Button>
    </div>
  )
}
