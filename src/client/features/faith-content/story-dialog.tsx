import { BookOpen, HandHeart, Lightbulb, type LucideIcon, ScrollText } from 'lucide-react'
import type { ReactElement, ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx'
import type { ScriptureStory } from '#shared/content/scripture-stories.ts'
import { StoryCategoryBadge } from './story-category-badge'

const styles = {
  meta: css({ display: 'flex', alignItems: 'center', gap: '2', mb: '5' }),
  section: css({ '& + &': { mt: '6', pt: '6', borderTopWidth: 'thin', borderColor: 'border.subtle' } }),
  heading: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'brand.fg', mb: '3' }),
  icon: css({ w: '5', h: '5', flexShrink: 0, color: 'accent.fg' }),
  paragraphs: css({ display: 'flex', flexDirection: 'column', gap: '3', textStyle: 'body', color: 'fg.default' }),
  verse: css({ textStyle: 'verse', color: 'fg.default', ps: '4', borderInlineStartWidth: 'accent', borderColor: 'accent.solid' }),
  cite: css({ display: 'block', mt: '2', textStyle: 'small', fontStyle: 'normal', fontWeight: 'semibold', color: 'fg.muted' }),
  text: css({ textStyle: 'body', color: 'fg.default' }),
}

function StorySection({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.heading}>
        <Icon className={styles.icon} aria-hidden="true" />
        {title}
      </h3>
      {children}
    </section>
  )
}

export interface StoryDialogProps {
  story: ScriptureStory
  /** The button that opens the story: 'Read Full Story' on cards, 'Read Complete Story' on the featured one. */
  trigger: ReactElement
  /** Open as it mounts: the trigger was pressed before this code arrived (`StoryDialogOnFirstUse`). */
  defaultOpen?: boolean
}

export function StoryDialog({ story, trigger, defaultOpen }: StoryDialogProps) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size="lg" focusableBody title={story.names} description={story.reference}>
        <div className={styles.meta}>
          <StoryCategoryBadge category={story.category} />
        </div>
        <StorySection icon={BookOpen} title="The Complete Story">
          <div className={styles.paragraphs}>
            {story.fullStory.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </StorySection>
        <StorySection icon={ScrollText} title="Key Scripture">
          <blockquote className={styles.verse}>
            “{story.verse}”<cite className={styles.cite}>{story.verseReference}</cite>
          </blockquote>
        </StorySection>
        <StorySection icon={Lightbulb} title="God's Truth for You">
          <p className={styles.text}>{story.lesson}</p>
        </StorySection>
        <StorySection icon={HandHeart} title="Practical Application">
          <p className={styles.text}>{story.practicalApplication}</p>
        </StorySection>
      </DialogContent>
    </Dialog>
  )
}
