import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
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
import { LoginInput } from '#shared/schemas/auth.ts'

const styles = {
  password: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  forgot: css({ alignSelf: 'flex-end', textStyle: 'small' }),
}

export const Route = createFileRoute('/login')({
  validateSearch: visitorSearch,
  beforeLoad: redirectMembersHome,
  head: () => pageHead('Sign in'),
  component: LoginPage,
})

function LoginPage() {
  const { redirect, error } = Route.useSearch()
  const onSuccess = useSignInSuccess({ title: 'Welcome back!', description: 'You have been successfully logged in.' }, redirect)
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess,
      meta: {
        // Here a 401 is a wrong password and a 429 too many attempts, not an expired session or a plan's limit.
        ownCodes: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
        failure: (failure) => ({ title: 'Login failed', description: serverMessage(failure) ?? 'Please check your email and password.' }),
      },
    }),
  )
  const form = useForm({ resolver: zodResolver(LoginInput), defaultValues: { email: '', password: '' } })

  return (
    <AuthLayout title="Welcome Back" subtitle="Sign in to continue your journey toward a Christ-centred marriage.">
      {error && <FormAlert>{error}</FormAlert>}
      <form className={formStyles.form} noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <div className={styles.password}>
          <TextField control={form.control} name="password" label="Password" type="password" autoComplete="current-password" />
          <Link to="/forgot-password" className={cx(formStyles.link, styles.forgot)}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign In
        </Button>
      </form>
      <SocialSignIn />
      <p className={formStyles.switch}>
        Don't have an account?{' '}
        <Link to="/register" search={{ redirect }} className={formStyles.link}>
          Sign up
        </Link>
      </p>
    </AuthLayout>
  )
}
