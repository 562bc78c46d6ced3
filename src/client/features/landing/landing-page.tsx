import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { SiteFooter } from '#client/components/layout/site-footer.tsx'
import { SiteHeader, VisitorActions } from '#client/components/layout/site-header.tsx'
import { LANDING_BENEFIT_COUNT } from '#client/lib/ui-timings.ts'
import { FeatureTiles } from './feature-tiles'
import { Hero } from './hero'
import { JoinPanel } from './join-panel'
import { LandingSection } from './landing-section'
import { PhotoGallery } from './photo-gallery'
import { ScriptureLoveStories } from './scripture-love-stories'
import { SpouseFinder } from './spouse-finder'
import { SuccessStories } from './success-stories'

// Below the fold: the benefits (their research text and dialogs) load after the page's own code.
const MarriageBenefits = lazy(() =>
  import('#client/features/faith-content/marriage-benefits.tsx').then((module) => ({ default: module.MarriageBenefits })),
)

const styles = {
  surfaceBand: css({ bg: 'bg.surface' }),
}

/** The marketing page visitors see at `/`. */
export function LandingPage() {
  return (
    <>
      <SiteHeader actions={<VisitorActions />} />
      <main>
        <Hero />
        <SpouseFinder />
        <JoinPanel />
        <SuccessStories />
        <div className={styles.surfaceBand}>
          <PhotoGallery />
        </div>
        <LandingSection
          overline="Research-backed"
          title="The Blessings of Christian Marriage"
          lead="What decades of research and the Word of God say about a marriage built on faith."
        >
          <Suspense fallback={null}>
            <MarriageBenefits limit={LANDING_BENEFIT_COUNT} />
          </Suspense>
        </LandingSection>
        <ScriptureLoveStories />
        <FeatureTiles />
      </main>
      <SiteFooter />
    </>
  )
}
