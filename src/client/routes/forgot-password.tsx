import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { formStyles, RememberedItLink } from '#client/features/auth/form-parts.tsx'
import { redirectMembersHome } from '#client/features/auth/session.ts'
import { failureOnForm } from '#client/lib/form-errors.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { trpc } from '#client/lib/trpc.ts'
import { ForgotPasswordInput } from '#shared/schemas/auth.ts'

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: redirectMembersHome,
  head: () => pageHead('Forgot your password?'),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const form = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } })
  const forgot = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      meta: {
        // A 429 here is "asked too often for this address", not a plan's daily limit.
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: failureOnForm(form, 'Email not sent'),
      },
    }),
  )

  if (forgot.data) {
    return (
      <AuthLayout icon={MailCheck} title="Check your email" subtitle={forgot.data.message}>
        <Button asChild fullWidth>
          <Link to="/login">Back to Sign In</Link>
        </Button>
        <p className={formStyles.switch}>
          Nothing after a few minutes? Look in your spam folder, or check <strong>{forgot.variables?.email}</strong> and{' '}
          <button type="button" className={formStyles.link} onClick={() => forgot.reset()}>
            try again
          </button>
          .
        </p>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address you joined with and we will send you a link to choose a new one."
    >
      <form className={formStyles.form} noValidate onSubmit={form.handleSubmit((values) => forgot.mutate(values))}>
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          Send Reset Link
        </Button>
      </form>
      <RememberedItLink />
    </AuthLayout>
  )
}
