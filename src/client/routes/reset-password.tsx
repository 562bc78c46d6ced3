import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Link2Off } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { formStyles, RememberedItLink } from '#client/features/auth/form-parts.tsx'
import { PASSWORDS_DO_NOT_MATCH } from '#client/features/auth/password-confirmation.ts'
import { loadCurrentUser, useCurrentUser } from '#client/features/auth/session.ts'
import { usePasswordLink } from '#client/features/auth/use-password-link.ts'
import { useSignInSuccess } from '#client/features/auth/use-sign-in-success.ts'
import { failureOnForm } from '#client/lib/form-errors.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'
import { type MutationError, trpc } from '#client/lib/trpc.ts'
import { ResetPasswordInput } from '#shared/schemas/auth.ts'

// Open to members too: someone signed in on this device may still follow the link they asked for elsewhere.
export const Route = createFileRoute('/reset-password')({
  validateSearch: searchParams({ token: text() }),
  loader: ({ context }) => loadCurrentUser(context),
  head: () => pageHead('Choose a new password'),
  component: ResetPasswordPage,
})

const ResetPasswordForm = ResetPasswordInput.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] })

/** The server refused the link itself (bad, used or expired), not the password typed. */
function linkRefused(error: Pick<MutationError, 'message' | 'data'> | null): error is Pick<MutationError, 'message' | 'data'> {
  return error?.data?.code === 'BAD_REQUEST' && !error.data.fieldErrors?.password
}

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  const link = ResetPasswordInput.shape.token.safeParse(token)
  const form = useForm({ resolver: zodResolver(ResetPasswordForm), defaultValues: { password: '', confirmPassword: '' } })
  const onSuccess = useSignInSuccess(
    { title: 'Password updated', description: 'Your new password is set and you are signed in.' },
    undefined,
  )
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess,
      meta: {
        // A 429 here is too many tries with emailed links, not a plan's daily limit.
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: (error) => (linkRefused(error) ? null : failureOnForm(form, 'Password not updated')(error)),
      },
    }),
  )

  if (!link.success) return <RefusedLink message={link.error.issues[0]?.message ?? ''} />
  if (linkRefused(reset.error)) return <RefusedLink message={reset.error.message} />

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick one you have not used here before. You will be signed in once it is set.">
      <form
        className={formStyles.form}
        noValidate
        onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token: link.data, password }))}
      >
        <TextField
          control={form.control}
          name="password"
          label="New password"
          hint="At least 8 characters."
          type="password"
          autoComplete="new-password"
        />
        <TextField control={form.control} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
        <Button type="submit" fullWidth loading={reset.isPending || reset.isSuccess}>
          Set New Password
        </Button>
      </form>
      <RememberedItLink />
    </AuthLayout>
  )
}

/** A link that is missing, used, expired or made void, with the way to a fresh one. */
function RefusedLink({ message }: { message: string }) {
  const { user } = useCurrentUser()
  const resend = usePasswordLink()
  return (
    <AuthLayout icon={Link2Off} tone="danger" title="Let’s get you a new link" subtitle={message}>
      {user ? (
        // /forgot-password is for visitors; a signed-in member gets the new link at the address we know.
        <Button fullWidth loading={resend.isPending} onClick={() => resend.mutate({ email: user.email })}>
          Email Me a New Link
        </Button>
      ) : (
        <Button asChild fullWidth>
          <Link to="/forgot-password">Request a New Link</Link>
        </Button>
      )}
      <p className={formStyles.switch}>
        {user ? (
          <Link to="/" className={formStyles.link}>
            Back to Discover
          </Link>
        ) : (
          <>
            Remembered it?{' '}
            <Link to="/login" className={formStyles.link}>
              Sign in
            </Link>
          </>
        )}
      </p>
    </AuthLayout>
  )
}
