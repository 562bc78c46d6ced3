import { css } from 'styled-system/css'
import type { InterestAbout } from '#shared/schemas/interests.ts'

const styles = {
  quote: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    ps: '3',
    borderStartWidth: 'thick',
    borderColor: 'brand.muted',
    textStyle: 'caption',
    color: 'fg.muted',
  }),
  prompt: css({ fontWeight: 'semibold' }),
  answer: css({ lineClamp: 2 }),
}

/** The member's own prompt and answer that a like's note answers, quoted above the note as it read then. */
export function PromptQuote({ about }: { about: Extract<InterestAbout, { kind: 'prompt' }> }) {
  return (
    <span className={styles.quote}>
      <span className={styles.prompt}>{about.prompt}</span>
      <span className={styles.answer}>{about.answer}</span>
    </span>
  )
}

/** How a like with a note introduces itself: what it answered, or simply the like. */
export function likeWithNoteLabel(about: InterestAbout | null): string {
  if (about?.kind === 'prompt') return 'Liked your answer'
  if (about?.kind === 'photo') return 'Liked your photo'
  return 'Liked you and left a note'
}
