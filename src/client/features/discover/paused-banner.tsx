import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EyeOff } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { trpc } from '#client/lib/trpc.ts'

const styles = {
  banner: cx(
    card({ variant: 'outline' }).root,
    css({
      display: 'flex',
      flexDirection: { base: 'column', sm: 'row' },
      alignItems: { base: 'stretch', sm: 'center' },
      gap: '3',
      p: '4',
      mb: '6',
      bg: 'warning.subtle',
      borderColor: 'warning.border',
    }),
  ),
  text: css({
    flex: '1',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    textStyle: 'small',
    color: 'fg.default',
    '& svg': { color: 'warning.fg', flexShrink: 0, mt: '0.5' },
  }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  title: css({ fontWeight: 'semibold' }),
}

/** A paused member still browses, but nobody sees them: Discover says so and leads to the switch that resumes. */
export function PausedBanner() {
  const status = useQuery(trpc.account.status.queryOptions())
  if (status.data?.status !== 'paused') return null
  return (
    <div className={styles.banner} role="status">
      <p className={styles.text}>
        <EyeOff size={16} aria-hidden="true" />
        <span className={styles.body}>
          <span className={styles.title}>Your profile is paused</span>
          <span>Other members can't see you in Discover or open your profile until you show it again.</span>
        </span>
      </p>
      <Button asChild size="sm" variant="outline">
        <Link to="/settings" hash="visibility">
          Show my profile
        </Link>
      </Button>
    </div>
  )
}
