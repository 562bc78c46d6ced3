import { css, cx } from 'styled-system/css'
import { galleryPhotos } from './landing-content'
import { LandingSection } from './landing-section'

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '3', md: '5' },
  }),
  figure: css({ position: 'relative', overflow: 'hidden', borderRadius: 'card', boxShadow: 'sm' }),
  image: css({
    display: 'block',
    w: 'full',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    transitionProperty: 'transform',
    transitionDuration: 'slow',
    transitionTimingFunction: 'emphasized',
    _groupHover: { transform: 'scale(1.04)' },
  }),
  // A dark foot under the caption keeps it legible on light and dark pictures alike.
  caption: css({
    position: 'absolute',
    insetInline: '0',
    bottom: '0',
    px: { base: '3', md: '4' },
    pt: '8',
    pb: { base: '2', md: '3' },
    bgGradient: 'to-t',
    gradientFrom: 'bg.inverse/80',
    gradientTo: 'transparent',
    color: 'fg.inverse',
    fontFamily: 'heading',
    fontSize: { base: 'sm', md: 'lg' },
    fontWeight: 'semibold',
  }),
}

export function PhotoGallery() {
  return (
    <LandingSection overline="Gallery" title="Moments worth waiting for" lead="Illustrations of the life our members are praying toward.">
      <div className={styles.grid}>
        {galleryPhotos.map((photo) => (
          <figure key={photo.src} className={cx('group', styles.figure)}>
            <img className={styles.image} src={photo.src} alt={photo.alt} width={800} height={600} loading="lazy" />
            <figcaption className={styles.caption}>{photo.caption}</figcaption>
          </figure>
        ))}
      </div>
    </LandingSection>
  )
}
