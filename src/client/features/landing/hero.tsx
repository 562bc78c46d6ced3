import { Search } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'

const styles = {
  hero: css({
    px: 'gutter',
    pt: { base: '10', md: '16' },
    pb: { base: '12', md: '20' },
    bgGradient: 'to-b',
    gradientFrom: 'bg.surface',
    gradientTo: 'bg.canvas',
  }),
  inner: css({
    maxW: '6xl',
    mx: 'auto',
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
    alignItems: 'center',
    gap: { base: '10', lg: '16' },
  }),
  overline: css({
    display: 'inline-flex',
    px: '3',
    py: '1',
    borderRadius: 'full',
    bg: 'brand.subtle',
    color: 'brand.fg',
    textStyle: 'overline',
  }),
  title: css({ textStyle: 'display', color: 'fg.default', mt: '4' }),
  accent: css({ color: 'brand.fg' }),
  lead: css({ textStyle: 'lead', color: 'fg.muted', mt: '5', maxW: 'xl' }),
  quote: css({ mt: '8', ps: '5', borderInlineStartWidth: 'accent', borderColor: 'accent.solid', maxW: 'lg' }),
  verse: css({ textStyle: 'verse', color: 'fg.default' }),
  cite: css({ display: 'block', mt: '2', textStyle: 'overline', fontStyle: 'normal', color: 'accent.fg' }),
  actions: css({ mt: '8' }),
  // Room on the end and bottom for the offset frame, so it never pokes past the screen edge.
  figure: css({ position: 'relative', me: '3', mb: '3' }),
  // The gold frame sits behind the picture, offset, like a mount behind a print.
  frame: css({
    position: 'absolute',
    inset: '0',
    transform: 'translate(token(spacing.3), token(spacing.3))',
    borderRadius: 'card',
    borderWidth: 'thick',
    borderColor: 'accent.border',
  }),
  image: css({
    position: 'relative',
    display: 'block',
    w: 'full',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    borderRadius: 'card',
    boxShadow: 'xl',
  }),
}

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <div>
          <p className={styles.overline}>Christian dating with purpose</p>
          <h1 id="hero-title" className={styles.title}>
            Find the one <span className={styles.accent}>God has prepared</span> for you
          </h1>
          <p className={styles.lead}>
            Covenant brings together marriage-minded believers who want a Christ-centred home, with a special place for Sabbath keepers.
          </p>
          <blockquote className={styles.quote}>
            <p className={styles.verse}>“Two are better than one; because they have a good reward for their labour.”</p>
            <cite className={styles.cite}>Ecclesiastes 4:9</cite>
          </blockquote>
          <div className={styles.actions}>
            <Button asChild size="lg">
              <a href="#find-your-future-spouse">
                <Search size={18} aria-hidden="true" /> Start your search
              </a>
            </Button>
          </div>
        </div>
        <figure className={styles.figure}>
          <span className={styles.frame} aria-hidden="true" />
          <img
            className={styles.image}
            src="/images/hero-couple-sunset.svg"
            alt="Illustration of a couple holding hands on a hill at sunset, a small chapel in the distance"
            width={1200}
            height={900}
            fetchPriority="high"
          />
        </figure>
      </div>
    </section>
  )
}
