import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { AtSign } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { TextField } from '#client/components/form/text-field.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useResendVerification } from '#client/features/auth/use-resend-verification.ts'
import { failureOnForm } from '#client/lib/form-errors.ts'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'
import { ChangeEmailInput } from '#shared/schemas/account.ts'
import { SettingsSection, settingsStyles } from './settings-section'

const styles = {
  current: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '3', rowGap: '2' }),
  address: css({ fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere' }),
  resend: css({ textStyle: 'small' }),
  pending: css({ textStyle: 'small', color: 'info.fg', bg: 'info.subtle', borderRadius: 'control', px: '3', py: '2' }),
  subheading: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.default', mt: '2' }),
}

const blank = { email: '', password: '' }

export function EmailSection() {
  const { data: user } = useSuspenseQuery(trpc.auth.user.queryOptions())
  const resend = useResendVerification()
  // The server keeps the requested address to itself until it is confirmed; this page remembers what it asked for.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(ChangeEmailInput), defaultValues: blank })
  const change = useMutation(
    trpc.account.changeEmail.mutationOptions({
      onSuccess: ({ pendingEmail: email }) => {
        form.reset(blank)
        setPendingEmail(email)
        toast({
          title: 'Check your new inbox',
          description: `We sent a confirmation link to ${email}. Your address changes once you confirm it.`,
          variant: 'success',
        })
      },
      meta: {
        // A 429 here is too many wrong passwords, not a plan's daily limit.
        ownCodes: ['TOO_MANY_REQUESTS'],
        // A taken address (409) or the current one (400 without a field) belongs under the address typed.
        failure: failureOnForm(form, 'Email not changed', { CONFLICT: 'email', BAD_REQUEST: 'email' }),
      },
    }),
  )

  return (
    <SettingsSection id="email-address" icon={AtSign} title="Email address">
      <div className={styles.current}>
        <span className={styles.address}>{user.email}</span>
        {user.emailVerified ? (
          <Badge variant="success">Verified</Badge>
        ) : (
          <>
            <Badge variant="warning">Not verified</Badge>
            <Button variant="link" size="sm" className={styles.resend} loading={resend.isPending} onClick={() => resend.mutate()}>
              Resend confirmation email
            </Button>
          </>
        )}
      </div>
      {pendingEmail && (
        <p className={styles.pending} role="status">
          Waiting for you to confirm {pendingEmail}. Until then you keep signing in with {user.email}.
        </p>
      )}
      {user.hasPassword ? (
        <form className={settingsStyles.form} noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
          <h3 className={styles.subheading}>Change your address</h3>
          <TextField control={form.control} name="email" label="New email address" type="email" autoComplete="email" />
          <TextField
            control={form.control}
            name="password"
            label="Current password"
            hint="To be sure it is you."
            type="password"
            autoComplete="current-password"
          />
          <Button type="submit" className={settingsStyles.action} loading={change.isPending}>
            Change Email
          </Button>
        </form>
      ) : (
        <p className={settingsStyles.hint}>To change your address, first set a password below.</p>
      )}
    </SettingsSection>
  )
}
