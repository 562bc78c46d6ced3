import { Quote } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { successStories } from './landing-content'
import { LandingSection } from './landing-section'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, gap: '6' }),
  card: cx(
    card({ elevation: 'md' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      overflow: 'hidden',
    }),
  ),
  image: css({ display: 'block', w: 'full', aspectRatio: { base: '16 / 9', md: '4 / 3' }, objectFit: 'cover' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '6', flex: '1' }),
  quoteIcon: css({ color: 'accent.solid' }),
  quote: css({ fontFamily: 'heading', fontSize: 'lg', lineHeight: '1.5', color: 'fg.default', flex: '1' }),
  names: css({ textStyle: 'h4', color: 'brand.fg' }),
  detail: css({ textStyle: 'small', color: 'fg.muted' }),
  note: css({ textStyle: 'caption', color: 'fg.muted', textAlign: 'center', mt: '6' }),
}

export function SuccessStories() {
  return (
    <LandingSection overline="Success stories" title="Love stories that began here" lead="Couples who prayed, waited and found each other.">
      <div className={styles.grid}>
        {successStories.map((story) => (
          <figure key={story.names} className={styles.card}>
            <img className={styles.image} src={story.image} alt={story.alt} width={800} height={600} loading="lazy" />
            <div className={styles.body}>
              <Quote size={24} className={styles.quoteIcon} aria-hidden="true" />
              <blockquote className={styles.quote}>{story.quote}</blockquote>
              <figcaption>
                <p className={styles.names}>{story.names}</p>
                <p className={styles.detail}>{story.detail}</p>
              </figcaption>
            </div>
          </figure>
        ))}
      </div>
      <p className={styles.note}>Illustrative stories: the couples and their pictures are fictional.</p>
    </LandingSection>
  )
}
