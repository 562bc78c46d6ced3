import type { ReactNode } from 'react'
import { type Control, type FieldValues, type Path, useFormState } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { Input, type InputProps } from '#client/components/ui/input.tsx'

export interface TextFieldProps<Values extends FieldValues> extends Omit<InputProps, 'name' | 'id' | 'form'> {
  control: Control<Values>
  name: Path<Values>
  label: string
  hint?: ReactNode
  required?: boolean
  /** Rendered after the input, e.g. the datalist its `list` names. */
  children?: ReactNode
}

/** A labelled input registered with a react-hook-form field, with its hint and validation message. */
export function TextField<Values extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  children,
  ...input
}: TextFieldProps<Values>) {
  const formState = useFormState({ control, name })
  const { error } = control.getFieldState(name, formState)
  return (
    <Field label={label} hint={hint} required={required} error={error?.message}>
      {(props) => (
        <>
          <Input {...props} {...input} {...control.register(name)} />
          {children}
        </>
      )}
    </Field>
  )
}
