import { type ReactNode, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { Label } from './label'

interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
  'aria-required'?: true
}

export interface FieldProps {
  label: ReactNode
  error?: string
  hint?: ReactNode
  required?: boolean
  id?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  required: css({ color: 'danger.fg', ms: '0.5' }),
  hint: css({ textStyle: 'small', color: 'fg.muted' }),
  error: css({ textStyle: 'small', color: 'danger.fg', fontWeight: 'medium' }),
}

// Usage: <Field label="Email" error={errors.email?.message}>{(p) => <Input {...p} {...register('email')} />}</Field>
export function Field({ label, error, hint, required, id, className, children }: FieldProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={cx(styles.root, className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span aria-hidden="true" className={styles.required}>
            *
          </span>
        )}
      </Label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
