import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { LandingSection } from './landing-section'

// Near the foot of the page: the stories' text and dialogs load after the page's own code.
const ScriptureStories = lazy(() =>
  import('#client/features/faith-content/scripture-stories.tsx').then((module) => ({ default: module.ScriptureStories })),
)

const styles = {
  band: css({ bg: 'bg.muted' }),
  more: css({ textStyle: 'h3', color: 'fg.default', mt: { base: '12', md: '16' }, mb: '6', textAlign: 'center' }),
}

/** The featured story, then the others passing by slowly for visitors who want to read on. */
export function ScriptureLoveStories() {
  return (
    <LandingSection className={styles.band}>
      <Suspense fallback={null}>
        <ScriptureStories variant="featured" />
        <h2 className={styles.more}>More Love Stories from Scripture</h2>
        <ScriptureStories variant="carousel" />
      </Suspense>
    </LandingSection>
  )
}
