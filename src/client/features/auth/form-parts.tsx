import { Link } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export const formStyles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  row: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  switch: css({ textStyle: 'small', color: 'fg.muted', textAlign: 'center', mt: '6' }),
  link: css({ color: 'brand.fg', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px' }),
  agreement: css({ textStyle: 'small', color: 'fg.muted' }),
}

const alertStyle = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  p: '3',
  mb: '4',
  borderRadius: 'control',
  bg: 'danger.subtle',
  color: 'danger.fg',
  borderWidth: 'thin',
  borderColor: 'danger.border',
  textStyle: 'small',
})

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={alertStyle}>
      <CircleAlert size={18} aria-hidden="true" />
      <span>{children}</span>
    </div>
  )
}

/** Under the forgot and reset password forms: the way back for a member who remembered. */
export function RememberedItLink() {
  return (
    <p className={formStyles.switch}>
      Remembered it?{' '}
      <Link to="/login" className={formStyles.link}>
        Sign in
      </Link>
    </p>
  )
}
