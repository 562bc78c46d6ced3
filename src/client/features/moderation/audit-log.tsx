import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { trpc } from '#client/lib/trpc.ts'

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
const dayOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

const actionLabels: Record<string, string> = {
  dismiss: 'Dismissed a report about',
  warn: 'Warned',
  suspend: 'Suspended',
  ban: 'Banned',
  approve_photo: 'Approved a photo of',
  reject_photo: 'Rejected a photo of',
  approve_verification: 'Approved a verification of',
  reject_verification: 'Rejected a verification of',
}

const styles = {
  list: css({ display: 'grid', gap: '3' }),
  entry: css({
    display: 'grid',
    gap: '1',
    p: '4',
    bg: 'bg.surface',
    borderRadius: 'card',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  line: css({ textStyle: 'body', color: 'fg.default' }),
  reason: css({ textStyle: 'small', color: 'fg.muted', wordBreak: 'break-word' }),
}

/** Every moderator action, newest first: who did what to whom, when and why. It cannot be edited. */
export function AuditLog() {
  const log = useQuery(trpc.moderation.auditLog.queryOptions())
  if (log.isPending) return <PageLoading />
  if (!log.data || log.data.length === 0) return <p className={styles.reason}>No moderator actions yet.</p>
  return (
    <ol className={styles.list} aria-label="Audit log">
      {log.data.map((entry) => (
        <li key={entry.id} className={styles.entry}>
          <p className={styles.line}>
            <strong>{entry.moderator.firstName ? `${entry.moderator.firstName} ${entry.moderator.lastName}` : 'A former moderator'}</strong>{' '}
            {actionLabels[entry.action] ?? entry.action} {entry.target.firstName} {entry.target.lastName}
            {entry.until ? ` until ${dayOnly.format(entry.until)}` : ''}
          </p>
          <p className={styles.reason}>
            {when.format(entry.createdAt)} · {entry.reason}
          </p>
        </li>
      ))}
    </ol>
  )
}
