import { Link } from '@tanstack/react-router'
import { HeartHandshake, UserPlus } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import type { ChosenPreference } from '#shared/logic/match-preview.ts'

const styles = {
  panel: cx(
    card({ variant: 'brand' }).root,
    css({
      display: 'grid',
      gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'auto minmax(0, 1fr)' },
      gap: { base: '4', md: '6' },
      alignItems: 'start',
      mt: '8',
      p: { base: '4', md: '8' },
      animation: 'riseIn',
    }),
  ),
  icon: css({ display: 'grid', placeItems: 'center', w: '14', h: '14', borderRadius: 'full', bg: 'brand.solid', color: 'accent.solid' }),
  count: css({ textStyle: 'h3', color: 'fg.default' }),
  number: css({ color: 'brand.fg', fontVariantNumeric: 'tabular-nums' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' }),
  // Long choices ('Denomination: Seventh-day Adventist') wrap inside the pill on phones.
  badge: css({ whiteSpace: 'normal' }),
  none: css({ textStyle: 'small', color: 'fg.muted', mt: '3' }),
  prompt: css({ textStyle: 'body', color: 'fg.default', mt: '5' }),
  actions: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    gap: '3',
    mt: '4',
  }),
  signUp: css({ whiteSpace: 'normal', textAlign: 'center', h: 'auto', minH: '11', py: '2' }),
  note: css({ textStyle: 'caption', color: 'fg.muted' }),
}

export interface MatchPreview {
  count: number
  chosen: readonly ChosenPreference[]
}

/** What 'Find My Matches' reveals: a marketing estimate, never a search of real members. */
export function MatchPreviewPanel({ preview }: { preview: MatchPreview }) {
  return (
    <div className={styles.panel}>
      <span className={styles.icon} aria-hidden="true">
        <HeartHandshake size={28} />
      </span>
      <div>
        <h3 className={styles.count}>
          <span className={styles.number}>{preview.count.toLocaleString('en-US')}</span> believers could be your match
        </h3>
        {preview.chosen.length > 0 ? (
          <ul className={styles.badges} aria-label="Your preferences">
            {preview.chosen.map(({ key, label, value }) => (
              <li key={key}>
                <Badge variant="outline" size="md" className={styles.badge}>
                  {label}: {value}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.none}>No preferences chosen yet: this counts everyone.</p>
        )}
        <p className={styles.prompt}>Create your free account to see their profiles, send a like and start a conversation.</p>
        <div className={styles.actions}>
          <Button asChild className={styles.signUp}>
            <Link to="/register">
              <UserPlus size={18} aria-hidden="true" /> Sign Up to See Your Matches
            </Link>
          </Button>
          <span className={styles.note}>An illustrative estimate, not a search of real members.</span>
        </div>
      </div>
    </div>
  )
}
