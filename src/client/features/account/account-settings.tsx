import { useMutation, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Download, EyeOff, ShieldOff, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { refreshDiscover } from '#client/features/members/member-updates.ts'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { EmailNotificationsSection } from './email-notifications-section'
import { EmailSection } from './email-section'
import { IncognitoSection } from './incognito-section'
import { PasswordSection } from './password-section'
import { PlanSection } from './plan-section'
import { SessionsSection } from './sessions-section'
import { SettingsSection, settingsStyles } from './settings-section'

/** What the member types to confirm deleting their account. */
const DELETE_CONFIRMATION = 'DELETE'

const styles = {
  sections: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  row: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' }),
  rowLabel: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  status: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.default' }),
  blocked: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  blockedRow: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    p: '3',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
    borderRadius: 'control',
  }),
  blockedName: css({ flex: '1', fontWeight: 'medium', color: 'fg.default' }),
  list: css({
    ps: '5',
    listStyleType: 'disc',
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    textStyle: 'small',
    color: 'fg.muted',
    mb: '4',
  }),
}

export function AccountSettings() {
  return (
    <div className={styles.sections}>
      <PlanSection />
      <EmailSection />
      <PasswordSection />
      <SessionsSection />
      <EmailNotificationsSection />
      <VisibilitySection />
      <IncognitoSection />
      <BlockedMembersSection />
      <DataSection />
      <DeleteAccountSection />
    </div>
  )
}

/** Pause hides the member from Discover and from profile views until they resume (Discover says so too). */
function VisibilitySection() {
  const status = useQuery({ ...trpc.account.status.queryOptions(), select: (data) => data.status })
  const switchId = useId()
  const onChanged = ({ status: next }: { status: 'active' | 'paused' }) => {
    queryClient.setQueryData(trpc.account.status.queryKey(), { status: next })
    void refreshDiscover()
    toast(
      next === 'paused'
        ? { title: 'Profile paused', description: 'Other members will not see you until you resume.', variant: 'success' }
        : { title: 'Profile visible again', description: 'Other members can discover you again.', variant: 'success' },
    )
  }
  const meta = { failure: { title: 'Not saved' } }
  const pause = useMutation(trpc.account.pause.mutationOptions({ onSuccess: onChanged, meta }))
  const resume = useMutation(trpc.account.resume.mutationOptions({ onSuccess: onChanged, meta }))
  const visible = status.data !== 'paused'

  return (
    <SettingsSection id="visibility" icon={EyeOff} title="Visibility">
      <div className={styles.row}>
        <div className={styles.rowLabel}>
          <Label htmlFor={switchId}>Show my profile to other members</Label>
          <span className={settingsStyles.hint}>
            Taking a break? Pause your profile: you disappear from Discover, and your matches and messages stay as they are.
          </span>
        </div>
        {status.isPending ? (
          <Skeleton className={css({ w: '11', h: '6', borderRadius: 'full' })} />
        ) : (
          <Switch
            id={switchId}
            checked={visible}
            disabled={pause.isPending || resume.isPending}
            onCheckedChange={(checked) => (checked ? resume.mutate() : pause.mutate())}
          />
        )}
      </div>
      {!status.isPending && (
        <p className={styles.status} aria-live="polite">
          {visible ? 'Your profile is visible.' : 'Your profile is paused.'}
        </p>
      )}
    </SettingsSection>
  )
}

function BlockedMembersSection() {
  const blocks = useQuery(trpc.safety.blocks.queryOptions())
  const unblock = useMutation(
    trpc.safety.unblock.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.safety.blocks.pathFilter())
        void refreshDiscover()
        toast({ title: 'Member unblocked', description: 'You may see each other in Discover again.', variant: 'success' })
      },
      meta: { failure: { title: 'Unblock failed' } },
    }),
  )
  return (
    <SettingsSection id="blocked-members" icon={ShieldOff} title="Blocked members">
      {blocks.isPending ? (
        <Skeleton className={css({ h: '14', borderRadius: 'control' })} />
      ) : !blocks.data?.length ? (
        <p className={settingsStyles.hint}>You have not blocked anyone.</p>
      ) : (
        <ul className={styles.blocked}>
          {blocks.data.map((member) => (
            <li key={member.userId} className={styles.blockedRow}>
              <Avatar name={member.firstName} src={member.profileImageUrl} />
              <span className={styles.blockedName}>{member.firstName}</span>
              <Button
                variant="outline"
                size="sm"
                loading={unblock.isPending && unblock.variables?.userId === member.userId}
                onClick={() => unblock.mutate({ userId: member.userId })}
                aria-label={`Unblock ${member.firstName}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  )
}

function DataSection() {
  return (
    <SettingsSection id="your-data" icon={Download} title="Your data">
      <p className={settingsStyles.text}>
        Download everything Covenant stores about you (your profile, photos, likes, matches and messages) as one file.
      </p>
      <Button asChild variant="outline" className={settingsStyles.action}>
        <a href="/api/account/export" download>
          <Download size={18} aria-hidden="true" /> Download My Data
        </a>
      </Button>
    </SettingsSection>
  )
}

function DeleteAccountSection() {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const navigate = useNavigate()
  const remove = useMutation(
    trpc.account.remove.mutationOptions({
      onSuccess: async () => {
        setOpen(false)
        queryClient.clear()
        queryClient.setQueryData(trpc.auth.me.queryKey(), null)
        toast({ title: 'Account deleted', description: 'Your account and all your data have been deleted. May God bless your journey.' })
        await navigate({ to: '/' })
      },
      meta: { failure: { title: 'Account not deleted' } },
    }),
  )
  const confirmed = typed.trim() === DELETE_CONFIRMATION
  return (
    <SettingsSection id="delete-account" icon={Trash2} title="Delete account" danger>
      <p className={settingsStyles.text}>
        Deleting your account removes your profile, photos, matches and messages for good. This cannot be undone.
      </p>
      <Button variant="danger" className={settingsStyles.action} onClick={() => setOpen(true)}>
        Delete My Account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) setTyped('')
        }}
      >
        <DialogContent
          title="Delete your account?"
          description="This cannot be undone."
          footer={
            <>
              <DialogClose asChild>
                <Button variant="ghost">Cancel</Button>
              </DialogClose>
              <Button type="submit" form="delete-account-form" variant="danger" disabled={!confirmed} loading={remove.isPending}>
                Delete Forever
              </Button>
            </>
          }
        >
          <ul className={styles.list}>
            <li>Your profile disappears from Discover at once.</li>
            <li>Your matches end and your conversations close.</li>
            <li>Your photos and messages are deleted.</li>
          </ul>
          <form
            id="delete-account-form"
            onSubmit={(event) => {
              event.preventDefault()
              if (confirmed) remove.mutate()
            }}
          >
            <Field label={`Type ${DELETE_CONFIRMATION} to confirm`}>
              {(control) => <Input {...control} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />}
            </Field>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsSection>
  )
}
