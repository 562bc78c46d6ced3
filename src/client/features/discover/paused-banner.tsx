import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EyeOff } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { trpc } from '#client/lib/trpc.ts'

/** A paused member still browses, but nobody sees them: Discover says so and leads to the switch that resumes. */
export function PausedBanner() {
  const status = useQuery(trpc.account.status.queryOptions())
  if (status.data?.status !== 'paused') return null
  return (
    <Notice
      icon={EyeOff}
      tone="warning"
      role="status"
      title="Your profile is paused"
      className={css({ mb: '6' })}
      action={
        <Button asChild size="sm" variant="outline">
          <Link to="/settings" hash="visibility">
            Show my profile
          </Link>
        </Button>
      }
    >
      Other members can't see you in Discover or open your profile until you show it again.
    </Notice>
  )
}
