import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { FormAlert, formStyles } from '#client/features/auth/form-parts.tsx'
import { redirectMembersHome } from '#client/features/auth/session.ts'
import { SocialSignIn } from '#client/features/auth/social-sign-in.tsx'
import { serverMessage, useSignInSuccess } from '#client/features/auth/use-sign-in-success.ts'
import { visitorSearch } from '#client/features/auth/visitor-search.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { trpc } from '#client/lib/trpc.ts'
import { RegisterInput } from '#shared/schemas/auth.ts'

export const Route = createFileRoute('/register')({
  validateSearch: visitorSearch,
  beforeLoad: redirectMembersHome,
  head: () => pageHead('Create your account'),
  component: RegisterPage,
})

function RegisterPage() {
  const { redirect, error } = Route.useSearch()
  const onSuccess = useSignInSuccess(
    { title: 'Welcome to Covenant!', description: 'Your account has been created successfully.' },
    redirect,
  )
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess,
      meta: {
        // A 429 here is too many sign-ups from one address, not a plan's limit.
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: (failure) => ({
          title: 'Registration failed',
          description: serverMessage(failure) ?? 'Something went wrong. Please try again.',
        }),
      },
    }),
  )
  const form = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })

  return (
    <AuthLayout title="Join Covenant" subtitle="Create your account and meet believers who share your faith and your hope for marriage.">
      {error && <FormAlert>{error}</FormAlert>}
      <form className={formStyles.form} noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
        <div className={formStyles.row}>
          <TextField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          hint="At least 8 characters."
          type="password"
          autoComplete="new-password"
        />
        <p className={formStyles.agreement}>
          By creating an account you agree to the{' '}
          <Link to="/terms" className={formStyles.link}>
            Terms of Use
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={formStyles.link}>
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" fullWidth loading={register.isPending}>
          Create Account
        </Button>
      </form>
      <SocialSignIn />
      <p className={formStyles.switch}>
        Already have an account?{' '}
        <Link to="/login" search={{ redirect }} className={formStyles.link}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  )
}
