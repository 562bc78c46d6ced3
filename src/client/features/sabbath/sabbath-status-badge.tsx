import { CalendarDays, type LucideIcon, Moon, Sun, Sunset } from 'lucide-react'
import { css } from 'styled-system/css'
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { type SabbathStatus, sabbathStatus } from '#shared/logic/sabbath-status.ts'
import { MINUTE_MS, useNow } from './use-now'

// The longest message is nearly a phone's width: smaller there, and free to wrap rather than push the page sideways.
const wrapping = css({ whiteSpace: 'normal', textAlign: 'start', fontSize: { base: 'xs', sm: 'sm' } })

const looks: Record<SabbathStatus['kind'], { icon: LucideIcon; variant: BadgeProps['variant'] }> = {
  current: { icon: Sun, variant: 'accent' },
  approaching: { icon: Sunset, variant: 'brand' },
  ending: { icon: Moon, variant: 'brand' },
  waiting: { icon: CalendarDays, variant: 'outline' },
}

/** The member's own clock decides, re-read every minute so the badge turns at sunset without a reload. */
export function SabbathStatusBadge() {
  const status = sabbathStatus(useNow(MINUTE_MS))
  const { icon: Icon, variant } = looks[status.kind]
  return (
    <Badge variant={variant} size="md" role="status" data-kind={status.kind} className={wrapping}>
      <Icon size={16} aria-hidden="true" />
      {status.message}
    </Badge>
  )
}
