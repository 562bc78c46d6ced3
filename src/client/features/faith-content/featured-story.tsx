import { BookOpenText, Quote } from 'lucide-react'
import { useId } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import type { ScriptureStory } from '#shared/content/scripture-stories.ts'
import { StoryDialogOnFirstUse } from './dialogs-on-first-use'
import { StoryCategoryBadge } from './story-category-badge'

const styles = {
  root: cx(
    card({ elevation: 'lg' }).root,
    css({
      display: 'grid',
      gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
      overflow: 'hidden',
      animation: 'featuredIn',
    }),
  ),
  verseSide: css({
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: '4',
    p: { base: '6', md: '10' },
    bgGradient: 'to-br',
    gradientFrom: 'brand.solid',
    gradientTo: 'brand.active',
    color: 'fg.onBrand',
  }),
  quoteIcon: css({ w: '10', h: '10', color: 'accent.solid' }),
  verse: css({ textStyle: 'verse' }),
  verseReference: css({ display: 'block', mt: '3', textStyle: 'overline', fontStyle: 'normal', color: 'accent.solid' }),
  storySide: css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '6', md: '10' } }),
  overline: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'overline', color: 'accent.fg' }),
  heading: css({ textStyle: 'h2', color: 'fg.default' }),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', textStyle: 'small', color: 'fg.muted' }),
  names: css({ textStyle: 'h3', color: 'brand.fg' }),
  summary: css({ textStyle: 'body', color: 'fg.muted' }),
  lesson: css({ textStyle: 'body', color: 'fg.default', ps: '4', borderInlineStartWidth: 'accent', borderColor: 'accent.solid' }),
  action: css({ alignSelf: 'flex-start', mt: '2' }),
}

/** The first story on its own, fading in once: the landing page's scripture love-story feature. */
export function FeaturedStory({ story, showCategory }: { story: ScriptureStory; showCategory: boolean }) {
  const headingId = useId()
  return (
    <article className={styles.root} aria-labelledby={headingId}>
      <div className={styles.verseSide}>
        <Quote className={styles.quoteIcon} aria-hidden="true" />
        <blockquote className={styles.verse}>
          “{story.verse}”<cite className={styles.verseReference}>{story.verseReference}</cite>
        </blockquote>
      </div>
      <div className={styles.storySide}>
        <p className={styles.overline}>
          <BookOpenText size={16} aria-hidden="true" /> Love stories from Scripture
        </p>
        <h2 id={headingId} className={styles.heading}>
          Biblical Love Story
        </h2>
        <div className={styles.meta}>
          {showCategory && <StoryCategoryBadge category={story.category} />}
          <span>{story.reference}</span>
        </div>
        <h3 className={styles.names}>{story.names}</h3>
        <p className={styles.summary}>{story.story}</p>
        <p className={styles.lesson}>{story.lesson}</p>
        <StoryDialogOnFirstUse
          story={story}
          trigger={
            <Button size="lg" className={styles.action}>
              Read Complete Story
            </Button>
          }
        />
      </div>
    </article>
  )
}
