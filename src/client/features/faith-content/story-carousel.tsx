import { css, cx } from 'styled-system/css'
import type { ScriptureStory } from '#shared/content/scripture-stories.ts'
import { StoryCard } from './story-card'

const styles = {
  // Members who prefer reduced motion get a still row they can scroll themselves.
  viewport: css({
    overflow: 'hidden',
    py: '2',
    maskImage: 'linear-gradient(to right, transparent, black token(spacing.10), black calc(100% - token(spacing.10)), transparent)',
    _motionReduce: { overflowX: 'auto', maskImage: 'none' },
  }),
  track: css({
    display: 'flex',
    w: 'max-content',
    animation: 'marquee',
    _hover: { animationPlayState: 'paused' },
    _focusWithin: { animationPlayState: 'paused' },
    _motionReduce: { animation: 'none' },
  }),
  // Each copy ends with the gap it starts with, so shifting by half the track lands on the seam exactly.
  copy: css({ display: 'flex', gap: '5', pe: '5' }),
  duplicate: css({ _motionReduce: { display: 'none' } }),
  card: css({ w: { base: '72', md: '80' }, flexShrink: 0 }),
}

/** A slow linear loop of the list repeated twice; the second copy is only scenery for the loop. */
export function StoryCarousel({ stories, showCategories }: { stories: readonly ScriptureStory[]; showCategories: boolean }) {
  const cards = stories.map((story) => (
    <StoryCard key={story.id} story={story} showCategory={showCategories} layout="carousel" className={styles.card} />
  ))
  return (
    <div className={styles.viewport}>
      <div className={styles.track}>
        <div className={styles.copy}>{cards}</div>
        <div className={cx(styles.copy, styles.duplicate)} aria-hidden="true" inert>
          {cards}
        </div>
      </div>
    </div>
  )
}
