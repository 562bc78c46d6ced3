import { css } from 'styled-system/css'
import { GRID_STAGGER_S } from '#client/lib/ui-timings.ts'
import { scriptureStories } from '#shared/content/scripture-stories.ts'
import { FeaturedStory } from './featured-story'
import { StoryCard } from './story-card'
import { StoryCarousel } from './story-carousel'

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    gap: '6',
  }),
  gridCard: css({ animation: 'riseIn' }),
}

export interface ScriptureStoriesProps {
  variant?: 'grid' | 'featured' | 'carousel'
  /** Show each story's category badge on its card. */
  showCategories?: boolean
  /** Only the first N stories. */
  limit?: number
}

/** Love stories of couples from Scripture; every card opens the whole story in a dialog. */
export function ScriptureStories({ variant = 'grid', showCategories = true, limit }: ScriptureStoriesProps) {
  const stories = scriptureStories.slice(0, limit)
  const [first] = stories
  if (variant === 'featured') return first ? <FeaturedStory story={first} showCategory={showCategories} /> : null
  if (variant === 'carousel') return <StoryCarousel stories={stories} showCategories={showCategories} />
  return (
    <div className={styles.grid}>
      {stories.map((story, index) => (
        <StoryCard
          key={story.id}
          story={story}
          showCategory={showCategories}
          layout="grid"
          className={styles.gridCard}
          style={{ animationDelay: `${index * GRID_STAGGER_S}s` }}
        />
      ))}
    </div>
  )
}
