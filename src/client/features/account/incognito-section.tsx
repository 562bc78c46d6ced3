import { useMutation, useQuery } from '@tanstack/react-query'
import { Lock, VenetianMask } from 'lucide-react'
import { css } from 'styled-system/css'
import { Label } from '#client/components/ui/label.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { UpgradeNote } from '#client/features/billing/upgrade-note.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { planName } from '#shared/content/plans.ts'
import { planUnlocking } from '#shared/logic/entitlements.ts'
import { SettingsSection, settingsStyles } from './settings-section'

const incognitoPlan = planUnlocking('incognito')

const styles = {
  row: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' }),
  rowLabel: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
}

/** Incognito browsing (Quantum Soul and up): only members one has liked see them. */
export function IncognitoSection() {
  const incognito = useQuery(trpc.account.incognito.queryOptions())
  const save = useMutation(
    trpc.account.setIncognito.mutationOptions({
      onMutate: ({ incognito: next }) =>
        queryClient.setQueryData(trpc.account.incognito.queryKey(), (current) => current && { ...current, incognito: next }),
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.account.incognito.queryKey(), saved)
        void queryClient.invalidateQueries(trpc.members.pathFilter())
        toast({
          title: saved.incognito ? 'Incognito is on' : 'Incognito is off',
          description: saved.incognito ? 'Only members you have liked can see you.' : 'Members can find you in Discover again.',
          variant: 'success',
        })
      },
      onError: () => queryClient.invalidateQueries(trpc.account.incognito.pathFilter()),
      meta: { failure: { title: 'Not saved' } },
    }),
  )
  const current = incognito.data

  return (
    <SettingsSection id="incognito" icon={VenetianMask} title="Incognito">
      {!current ? (
        <Skeleton className={css({ h: '16', borderRadius: 'control' })} />
      ) : (
        <>
          <div className={styles.row}>
            <div className={styles.rowLabel}>
              <Label htmlFor="incognito-switch">Browse incognito</Label>
              <span className={settingsStyles.hint}>Only members you have liked can see you in Discover and on your profile.</span>
            </div>
            <Switch
              id="incognito-switch"
              checked={current.incognito}
              disabled={!current.available}
              onCheckedChange={(checked) => save.mutate({ incognito: checked })}
            />
          </div>
          {!current.available && (
            <UpgradeNote icon={Lock} planId={incognitoPlan}>
              Incognito browsing comes with {planName(incognitoPlan)}.
            </UpgradeNote>
          )}
        </>
      )}
    </SettingsSection>
  )
}
