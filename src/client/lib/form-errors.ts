import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { MutationError } from './trpc'

type ErrorCode = NonNullable<MutationError['data']>['code']

/**
 * A form mutation's `meta.failure`: the server's messages for the form's own fields (`data.fieldErrors`)
 * go under those fields, the first one focused, and so does a code the form words as a field (a taken
 * address belongs under the email field); anything else is a toast titled `title` with the server's message.
 */
export function failureOnForm<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  title: string,
  fieldForCode: Partial<Record<ErrorCode, Path<Values>>> = {},
) {
  return (error: MutationError) => {
    const names = new Set(Object.keys(form.getValues()))
    const messages: [Path<Values>, string][] = []
    for (const [name, [message]] of Object.entries(error.data?.fieldErrors ?? {})) {
      if (names.has(name) && message) messages.push([name as Path<Values>, message])
    }
    const codeField = error.data?.code && fieldForCode[error.data.code]
    if (messages.length === 0 && codeField) messages.push([codeField, error.message])
    messages.forEach(([name, message], index) => {
      form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 })
    })
    return messages.length > 0 ? null : { title }
  }
}
