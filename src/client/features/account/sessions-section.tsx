import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react'
import { css } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { deviceName, isPhone, whenAgo } from './device-format'
import { SettingsSection, settingsStyles } from './settings-section'

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  row: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '3',
    p: '3',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
    borderRadius: 'control',
  }),
  icon: css({ color: 'fg.muted', flexShrink: 0, mt: '0.5' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  name: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontWeight: 'medium', color: 'fg.default' }),
  when: css({ textStyle: 'small', color: 'fg.muted' }),
}

function endedDescription(ended: number): string {
  if (ended === 0) return 'No other device was signed in.'
  return `You are signed out on ${ended === 1 ? '1 other device' : `${ended} other devices`}. This one stays signed in.`
}

export function SessionsSection() {
  const { data: sessions } = useSuspenseQuery(trpc.account.sessions.queryOptions())
  const signOutOthers = useMutation(
    trpc.account.signOutOthers.mutationOptions({
      onSuccess: ({ ended }) => {
        void queryClient.invalidateQueries(trpc.account.sessions.pathFilter())
        toast({ title: 'Signed out everywhere else', description: endedDescription(ended), variant: 'success' })
      },
      meta: { failure: { title: 'Not signed out' } },
    }),
  )
  // The current device first, then the most recently used.
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.getTime() - a.lastUsedAt.getTime())
  const others = sessions.filter((session) => !session.current).length

  return (
    <SettingsSection id="signed-in-devices" icon={MonitorSmartphone} title="Signed-in devices">
      <p className={settingsStyles.text}>
        Where your account is signed in now. If you see a device you do not know, sign out everywhere else and change your password.
      </p>
      <ul className={styles.list} aria-label="Signed-in devices">
        {ordered.map((session) => {
          const Icon = isPhone(session.userAgent) ? Smartphone : Monitor
          return (
            <li key={session.id} className={styles.row}>
              <Icon size={20} aria-hidden="true" className={styles.icon} />
              <div className={styles.body}>
                <span className={styles.name}>
                  {deviceName(session.userAgent)}
                  {session.current && <Badge variant="success">This device</Badge>}
                </span>
                <span className={styles.when}>
                  {session.current ? 'Active now' : `Last active ${whenAgo(session.lastUsedAt)}`} · Signed in {whenAgo(session.createdAt)}
                </span>
              </div>
            </li>
          )
        })}
      </ul>
      <Button
        variant="outline"
        className={settingsStyles.action}
        disabled={others === 0}
        loading={signOutOthers.isPending}
        onClick={() => signOutOthers.mutate()}
      >
        <LogOut size={18} aria-hidden="true" /> Sign Out Everywhere Else
      </Button>
      {others === 0 && <p className={settingsStyles.hint}>You are not signed in anywhere else.</p>}
    </SettingsSection>
  )
}
