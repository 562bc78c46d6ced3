import { createFileRoute, Link } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { RegisterInput } from '#shared/schemas/auth.ts'
import { Button } from '../components/ui/button'
import { Field } from '../components/ui/field'
import { Input } from '../components/ui/input'
import { AuthLayout } from '../features/auth/auth-layout'
import { FormAlert, formStyles } from '../features/auth/form-parts'
import { redirectMembersHome, visitorSearch } from '../features/auth/session'
import { SocialSignIn } from '../features/auth/social-sign-in'
import { serverMessage, useSignInSuccess } from '../features/auth/use-sign-in-success'
import { trpc } from '../lib/trpc'
import { toast } from '../lib/toast'

export const Route = createFileRoute('/register')({
  validateSearch: visitorSearch,
  beforeLoad: redirectMembersHome,
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
      onError: (failure) =>
        toast({
          title: 'Registration failed',
          description: serverMessage(failure) ?? 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    }),
  )
  const form = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })
  const { errors } = form.formState

  return (
    <AuthLayout title="Join Covenant" subtitle="Create your account and meet believers who share your faith and your hope for marriage.">
      {error && <FormAlert>{error}</FormAlert>}
      <form className={formStyles.form} noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
        <div className={formStyles.row}>
          <Field label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
          </Field>
        </div>
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label="Password" hint="At least 8 characters." error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </Field>
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
