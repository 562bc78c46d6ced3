import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { SelectOnFirstUse } from '#client/components/ui/select-on-first-use.tsx'
import { landingPreferences } from '#shared/content/preferences.ts'
import { chosenPreferences, fakeMatchCount, type PreferenceSelection } from '#shared/logic/match-preview.ts'
import { type MatchPreview, MatchPreviewPanel } from './match-preview-panel'

const styles = {
  band: css({ px: 'gutter', pb: 'section' }),
  card: cx(
    card({ elevation: 'lg' }).root,
    css({
      maxW: '6xl',
      mx: 'auto',
      p: { base: '5', md: '10' },
      scrollMarginTop: '20',
    }),
  ),
  intro: css({ maxW: '2xl', mb: '8' }),
  overline: css({ textStyle: 'overline', color: 'accent.fg' }),
  title: css({ textStyle: 'h2', color: 'fg.default', mt: '2' }),
  lead: css({ textStyle: 'body', color: 'fg.muted', mt: '2' }),
  // Seven dropdowns and the button fill a 2 × 4 or 4 × 2 grid exactly.
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '4', md: '5' },
    alignItems: 'end',
  }),
}

/** The landing page's 'Find Your Future Spouse' panel; the preview it reveals is computed in the browser only. */
export function SpouseFinder() {
  const [selection, setSelection] = useState<PreferenceSelection>({})
  const [preview, setPreview] = useState<MatchPreview | null>(null)

  function findMatches(event: FormEvent) {
    event.preventDefault()
    const chosen = chosenPreferences(selection)
    setPreview({ count: fakeMatchCount(chosen.length, Math.random), chosen })
  }

  return (
    <section className={styles.band} aria-labelledby="find-your-future-spouse-title">
      <div id="find-your-future-spouse" className={styles.card}>
        <div className={styles.intro}>
          <p className={styles.overline}>Start here</p>
          <h2 id="find-your-future-spouse-title" className={styles.title}>
            Find Your Future Spouse
          </h2>
          <p className={styles.lead}>Tell us what matters to you, and see how many believers could be waiting to meet you.</p>
        </div>
        <form className={styles.grid} onSubmit={findMatches}>
          {landingPreferences.map(({ key, label, options: choices }) => (
            <Field key={key} label={label}>
              {({ id }) => (
                <SelectOnFirstUse
                  id={id}
                  options={choices.map((choice) => ({ value: choice, label: choice }))}
                  value={selection[key] ?? choices[0]}
                  onValueChange={(value) => setSelection((current) => ({ ...current, [key]: value }))}
                />
              )}
            </Field>
          ))}
          <Button type="submit" size="md" fullWidth>
            <Search size={18} aria-hidden="true" /> Find My Matches
          </Button>
        </form>
        <div aria-live="polite">{preview && <MatchPreviewPanel preview={preview} />}</div>
      </div>
    </section>
  )
}
