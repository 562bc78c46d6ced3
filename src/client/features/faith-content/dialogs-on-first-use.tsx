import type { ComponentProps, ReactElement } from 'react'
import { DialogOnFirstUse } from '#client/components/ui/dialog-on-first-use.tsx'
import { loadOnFirstUse } from '#client/lib/load-on-first-use.ts'
import type { MarriageBenefit } from '#shared/content/marriage-benefits.ts'
import type { ScriptureStory } from '#shared/content/scripture-stories.ts'

// The benefits and the stories show on the landing page and beside Discover's grid, where nobody has
// opened one yet: their dialogs load on first use.
const benefitDialog = loadOnFirstUse(() => import('./benefit-dialog'))
const storyDialog = loadOnFirstUse(() => import('./story-dialog'))

type Trigger = ReactElement<ComponentProps<'button'>>

/** `BenefitDialog`, loaded when its trigger is first used. */
export function BenefitDialogOnFirstUse({ benefit, trigger }: { benefit: MarriageBenefit; trigger: Trigger }) {
  return (
    <DialogOnFirstUse module={benefitDialog} trigger={trigger}>
      {(loaded, loadedTrigger, defaultOpen) => <loaded.BenefitDialog benefit={benefit} trigger={loadedTrigger} defaultOpen={defaultOpen} />}
    </DialogOnFirstUse>
  )
}

/** `StoryDialog`, loaded when its trigger is first used. */
export function StoryDialogOnFirstUse({ story, trigger }: { story: ScriptureStory; trigger: Trigger }) {
  return (
    <DialogOnFirstUse module={storyDialog} trigger={trigger}>
      {(loaded, loadedTrigger, defaultOpen) => <loaded.StoryDialog story={story} trigger={loadedTrigger} defaultOpen={defaultOpen} />}
    </DialogOnFirstUse>
  )
}
