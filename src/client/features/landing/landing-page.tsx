import { css } from 'styled-system/css'
import { SiteFooter } from '#client/components/layout/site-footer.tsx'
import { SiteHeader, VisitorActions } from '#client/components/layout/site-header.tsx'
import { MarriageBenefits } from '#client/features/faith-content/marriage-benefits.tsx'
import { LANDING_BENEFIT_COUNT } from '#client/lib/ui-timings.ts'
import { FeatureTiles } from './feature-tiles'
import { Hero } from './hero'
import { JoinPanel } from './join-panel'
import { LandingSection } from './landing-section'
import { PhotoGallery } from './photo-gallery'
import { ScriptureLoveStories } from './scripture-love-stories'
import { SpouseFinder } from './spouse-finder'
import { SuccessStories } from './success-stories'

const styles = {
  surfaceBand: css({ bg: 'bg.surface' }),
}

/**
 * The marketing page visitors see at `/`. Every part comes with the page's own code, the benefits and
 * stories below the fold included: the page arrives drawn (landing.html), and the app takes it over
 * in one pass, leaving no part drawn but not yet answering.
 */
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
          <MarriageBenefits limit={LANDING_BENEFIT_COUNT} />
        </LandingSection>
        <ScriptureLoveStories />
        <FeatureTiles />
      </main>
      <SiteFooter />
    </>
  )
}
