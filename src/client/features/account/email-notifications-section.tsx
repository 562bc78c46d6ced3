import { useMutation, useQuery } from '@tanstack/react-query'
import { BellRing } from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { Label } from '#client/components/ui/label.tsx'
import { RadioCardGroup } from '#client/components/ui/radio-group.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import type { NotificationPreferencesInput } from '#shared/schemas/account.ts'
import { SettingsSection, settingsStyles } from './settings-section'

type Preferences = Required<NotificationPreferencesInput>
type SwitchKey = 'matchEmails' | 'interestEmails' | 'reminderEmails'

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  row: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' }),
  rowLabel: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  group: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
}

const switches: { key: SwitchKey; label: string; hint: string }[] = [
  { key: 'matchEmails', label: 'New matches', hint: 'When someone you liked likes you back.' },
  { key: 'interestEmails', label: 'Thoughtful Interests', hint: 'When someone sends you a Thoughtful Interest.' },
  {
    key: 'reminderEmails',
    label: 'Reminders',
    hint: 'Sabbath gatherings you asked to be reminded of, events you are attending, and cancellations.',
  },
]

const messageOptions = [
  {
    value: 'digest',
    label: 'A summary',
    description: 'One email per conversation every few hours at most, only for what you have not read.',
  },
  { value: 'off', label: 'No message emails', description: 'You will see new messages when you visit.' },
] as const

/** Emails come only while the member is away; each kind can be turned off here or from the email itself. */
export function EmailNotificationsSection() {
  const preferences = useQuery(trpc.account.notificationPreferences.queryOptions())
  const messagesLabel = useId()
  const save = useMutation(
    trpc.account.setNotificationPreferences.mutationOptions({
      onMutate: (next) => queryClient.setQueryData(trpc.account.notificationPreferences.queryKey(), next as Preferences),
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.account.notificationPreferences.queryKey(), saved)
        toast({ title: 'Email preferences saved', variant: 'success' })
      },
      onError: () => queryClient.invalidateQueries(trpc.account.notificationPreferences.pathFilter()),
      meta: { failure: { title: 'Not saved' } },
    }),
  )
  const current = preferences.data
  const change = (patch: Partial<Preferences>) => current && save.mutate({ ...current, ...patch })

  return (
    <SettingsSection id="email-notifications" icon={BellRing} title="Email notifications">
      <p className={settingsStyles.text}>
        We email you only when you are away from Covenant, never while you are here. Every email has a link to stop that kind.
      </p>
      {!current ? (
        <Skeleton className={css({ h: '40', borderRadius: 'control' })} />
      ) : (
        <>
          <div className={styles.list}>
            {switches.map((item) => (
              <div key={item.key} className={styles.row}>
                <div className={styles.rowLabel}>
                  <Label htmlFor={`email-${item.key}`}>{item.label}</Label>
                  <span className={settingsStyles.hint}>{item.hint}</span>
                </div>
                <Switch
                  id={`email-${item.key}`}
                  checked={current[item.key]}
                  onCheckedChange={(checked) => change({ [item.key]: checked })}
                />
              </div>
            ))}
          </div>
          <div className={styles.group}>
            <Label id={messagesLabel}>New messages</Label>
            <RadioCardGroup
              aria-labelledby={messagesLabel}
              orientation="horizontal"
              options={messageOptions}
              value={current.messageEmails}
              onValueChange={(value) => change({ messageEmails: value as Preferences['messageEmails'] })}
            />
          </div>
        </>
      )}
    </SettingsSection>
  )
}
