import { css } from 'styled-system/css'
import { ScriptureStories } from '#client/features/faith-content/scripture-stories.tsx'
import { LandingSection } from './landing-section'

const styles = {
  band: css({ bg: 'bg.muted' }),
  more: css({ textStyle: 'h3', color: 'fg.default', mt: { base: '12', md: '16' }, mb: '6', textAlign: 'center' }),
}

/** The featured story, then the others passing by slowly for visitors who want to read on. */
export function ScriptureLoveStories() {
  return (
    <LandingSection className={styles.band}>
      <ScriptureStories variant="featured" />
      <h2 className={styles.more}>More Love Stories from Scripture</h2>
      <ScriptureStories variant="carousel" />
    </LandingSection>
  )
}
