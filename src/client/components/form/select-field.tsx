import { type Control, type FieldValues, type Path, useController } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { Select, type SelectOption } from '#client/components/ui/select.tsx'

export interface SelectFieldProps<Values extends FieldValues> {
  control: Control<Values>
  name: Path<Values>
  label: string
  options: readonly SelectOption[]
  placeholder?: string
  disabled?: boolean
  /** Runs after the form value changes, e.g. to clear fields that depend on this one. */
  onChange?: (value: string) => void
}

/** A labelled Radix select bound to a react-hook-form field, with its validation message. */
export function SelectField<Values extends FieldValues>({ control, name, label, onChange, ...select }: SelectFieldProps<Values>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <Field label={label} error={fieldState.error?.message}>
      {(props) => (
        <Select
          {...select}
          id={props.id}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
          name={field.name}
          value={field.value ?? ''}
          onValueChange={(value) => {
            field.onChange(value)
            onChange?.(value)
          }}
        />
      )}
    </Field>
  )
}
