import { BookHeart, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { css, cva, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { VERSE_REFRESH_MS } from '#client/lib/ui-timings.ts'
import { dailyVerses } from '#shared/content/daily-verses.ts'
import { pickDifferentVerse, verseOfDay } from '#shared/logic/daily-verse.ts'

const root = cva({
  base: { position: 'relative', borderRadius: 'card', borderWidth: 'thin', overflow: 'hidden' },
  variants: {
    variant: {
      full: {
        p: { base: '6', md: '10' },
        bgGradient: 'to-br',
        gradientFrom: 'brand.solid',
        gradientTo: 'brand.active',
        borderColor: 'brand.active',
        color: 'fg.onBrand',
        boxShadow: 'lg',
      },
      compact: { p: '5', bg: 'bg.surface', borderColor: 'accent.border', boxShadow: 'sm', color: 'fg.default' },
    },
  },
})

const styles = {
  top: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '4' }),
  label: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'overline' }),
  labelFull: css({ color: 'accent.solid' }),
  labelCompact: css({ color: 'accent.fg' }),
  refreshFull: css({ color: 'fg.onBrand', _hover: { bg: 'fg.onBrand/15' } }),
  spinning: css({ animation: 'spin' }),
  body: css({ transitionProperty: 'opacity', transitionDuration: 'normal', '&[aria-busy=true]': { opacity: 0.35 } }),
  verseFull: css({ textStyle: 'verse', fontSize: { base: 'xl', md: '2xl' } }),
  verseCompact: css({ fontFamily: 'heading', fontStyle: 'italic', fontSize: 'md', lineHeight: '1.6' }),
  reference: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '3', fontWeight: 'semibold', fontSize: 'sm' }),
  application: css({ mt: '5', p: '4', borderRadius: 'control', bg: 'fg.onBrand/10', textStyle: 'small' }),
  applicationLabel: css({ display: 'block', fontWeight: 'semibold', color: 'accent.solid', mb: '1' }),
}

export interface DailyVerseProps {
  /** Full: a feature block with the verse's application; compact: a small card for a sidebar. */
  variant?: 'full' | 'compact'
}

/** The verse of the day (day of year modulo 10); the refresh control shows a different one. */
export function DailyVerse({ variant = 'full' }: DailyVerseProps) {
  const [index, setIndex] = useState(() => verseOfDay(new Date()).index)
  const [refreshing, setRefreshing] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  // The index always comes from verseOfDay or pickDifferentVerse, so it is in range.
  const verse = dailyVerses[index]!
  const full = variant === 'full'

  // The button stays enabled while a refresh runs, so keyboard focus is not lost; extra presses are ignored.
  function refresh() {
    if (refreshing) return
    setRefreshing(true)
    timer.current = setTimeout(() => {
      setIndex((current) => pickDifferentVerse(current, Math.random))
      setRefreshing(false)
    }, VERSE_REFRESH_MS)
  }

  return (
    <section className={root({ variant })} aria-label="Verse of the Day">
      <div className={styles.top}>
        <p className={cx(styles.label, full ? styles.labelFull : styles.labelCompact)}>
          <BookHeart size={16} aria-hidden="true" /> Verse of the Day
        </p>
        <Button
          variant="ghost"
          size="sm"
          className={full ? styles.refreshFull : undefined}
          onClick={refresh}
          aria-label="Show another verse"
        >
          <RefreshCw size={16} aria-hidden="true" className={refreshing ? styles.spinning : undefined} />
        </Button>
      </div>
      <div className={styles.body} aria-live="polite" aria-busy={refreshing}>
        <blockquote className={full ? styles.verseFull : styles.verseCompact}>“{verse.verse}”</blockquote>
        <p className={styles.reference}>
          {verse.reference}
          <Badge variant={full ? 'accent' : 'neutral'}>{verse.theme}</Badge>
        </p>
        {full && (
          <p className={styles.application}>
            <span className={styles.applicationLabel}>Living it today</span>
            {verse.application}
          </p>
        )}
      </div>
    </section>
  )
}
