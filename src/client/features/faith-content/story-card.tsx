import { BookOpen } from 'lucide-react'
import { type CSSProperties, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { VERSE_EXCERPT_CHARS } from '#client/lib/ui-timings.ts'
import type { ScriptureStory } from '#shared/content/scripture-stories.ts'
import { truncate } from '#shared/logic/text.ts'
import { StoryDialogOnFirstUse } from './dialogs-on-first-use'
import { StoryCategoryBadge } from './story-category-badge'

const styles = {
  card: cx(
    card({ elevation: 'sm' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      h: 'full',
      p: { base: '5', md: '6' },
      transitionProperty: 'box-shadow, transform',
      transitionDuration: 'normal',
      _hover: { boxShadow: 'md' },
    }),
  ),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', textStyle: 'small', color: 'fg.muted' }),
  names: css({ textStyle: 'h4', color: 'fg.default' }),
  summary: css({ textStyle: 'small', color: 'fg.muted', lineClamp: '3' }),
  lesson: css({ p: '3', borderRadius: 'control', bg: 'accent.subtle', textStyle: 'small', color: 'fg.default' }),
  lessonLabel: css({ display: 'block', fontWeight: 'semibold', color: 'accent.fg', mb: '1' }),
  excerpt: css({ fontFamily: 'heading', fontStyle: 'italic', color: 'fg.default' }),
  excerptReference: css({ display: 'block', mt: '1', fontFamily: 'body', fontStyle: 'normal', textStyle: 'caption', color: 'fg.muted' }),
  footer: css({ mt: 'auto', pt: '2' }),
}

export interface StoryCardProps {
  story: ScriptureStory
  showCategory: boolean
  /** Grid cards carry the lesson and a verse excerpt; carousel cards stay short enough to scroll past. */
  layout: 'grid' | 'carousel'
  className?: string
  style?: CSSProperties
}

export function StoryCard({ story, showCategory, layout, className, style }: StoryCardProps) {
  const namesId = useId()
  return (
    <article className={cx(styles.card, className)} style={style} aria-labelledby={namesId}>
      <div className={styles.meta}>
        {showCategory && <StoryCategoryBadge category={story.category} />}
        <span>{story.reference}</span>
      </div>
      <h3 id={namesId} className={styles.names}>
        {story.names}
      </h3>
      <p className={styles.summary}>{story.story}</p>
      {layout === 'grid' && (
        <>
          <p className={styles.lesson}>
            <span className={styles.lessonLabel}>This could be you:</span>
            {story.lesson}
          </p>
          <blockquote className={styles.excerpt}>
            “{truncate(story.verse, VERSE_EXCERPT_CHARS)}”<cite className={styles.excerptReference}>{story.verseReference}</cite>
          </blockquote>
        </>
      )}
      <div className={styles.footer}>
        <StoryDialogOnFirstUse
          story={story}
          trigger={
            <Button variant="outline" size="sm" aria-describedby={namesId}>
              <BookOpen size={16} aria-hidden="true" /> Read Full Story
            </Button>
          }
        />
      </div>
    </article>
  )
}
