import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { PASSWORDS_DO_NOT_MATCH } from '#client/features/auth/password-confirmation.ts'
import { usePasswordLink } from '#client/features/auth/use-password-link.ts'
import { failureOnForm } from '#client/lib/form-errors.ts'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { ChangePasswordInput } from '#shared/schemas/account.ts'
import { SettingsSection, settingsStyles } from './settings-section'

const ChangePasswordValues = ChangePasswordInput.extend({ confirmPassword: z.string() }).refine(
  (values) => values.newPassword === values.confirmPassword,
  { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] },
)

const blank = { currentPassword: '', newPassword: '', confirmPassword: '' }

function signedOutElsewhere(count: number): string {
  if (count === 0) return 'Your new password is set.'
  return `Your new password is set, and ${count === 1 ? '1 other device was' : `${count} other devices were`} signed out.`
}

export function PasswordSection() {
  const { data: user } = useSuspenseQuery(trpc.auth.user.queryOptions())
  return (
    <SettingsSection id="password" icon={KeyRound} title="Password">
      {user.hasPassword ? <ChangePasswordForm /> : <SetPassword email={user.email} />}
    </SettingsSection>
  )
}

function ChangePasswordForm() {
  const form = useForm({ resolver: zodResolver(ChangePasswordValues), defaultValues: blank })
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: ({ otherSessionsEnded }) => {
        form.reset(blank)
        void queryClient.invalidateQueries(trpc.account.sessions.pathFilter())
        toast({ title: 'Password changed', description: signedOutElsewhere(otherSessionsEnded), variant: 'success' })
      },
      // A 429 here is too many wrong current passwords, not a plan's daily limit.
      meta: { ownCodes: ['TOO_MANY_REQUESTS'], failure: failureOnForm(form, 'Password not changed') },
    }),
  )
  return (
    <>
      <p className={settingsStyles.text}>Changing your password signs you out on every other device.</p>
      <form
        className={settingsStyles.form}
        noValidate
        onSubmit={form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
      >
        <TextField control={form.control} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <TextField
          control={form.control}
          name="newPassword"
          label="New password"
          hint="At least 8 characters."
          type="password"
          autoComplete="new-password"
        />
        <TextField control={form.control} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
        <Button type="submit" className={settingsStyles.action} loading={change.isPending}>
          Change Password
        </Button>
      </form>
    </>
  )
}

/** A member who joined with Google or Facebook has no password to change; the reset link sets a first one. */
function SetPassword({ email }: { email: string }) {
  const link = usePasswordLink()
  return (
    <>
      <p className={settingsStyles.text}>
        You sign in with Google or Facebook, so your account has no password yet. To sign in with your email address too, we can email you a
        link to choose one.
      </p>
      <Button variant="outline" className={settingsStyles.action} loading={link.isPending} onClick={() => link.mutate({ email })}>
        Email Me a Link
      </Button>
    </>
  )
}
