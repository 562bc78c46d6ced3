import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { SelectField } from '#client/components/form/select-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { MAX_PROFILE_PROMPTS, PROMPT_ANSWER_MAX_LENGTH, type ProfilePromptId, profilePrompts } from '#shared/content/profile-prompts.ts'
import { ProfilePromptsInput } from '#shared/schemas/prompts.ts'
import { FormSection } from './form-section'

type SavedPrompts = RouterOutputs['profile']['prompts']

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  item: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: { base: '3', sm: '4' },
    borderRadius: 'card',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
    bg: 'bg.subtle',
  }),
  tools: css({ display: 'flex', justifyContent: 'space-between', gap: '1' }),
  order: css({ display: 'flex', gap: '1' }),
  empty: css({ textStyle: 'small', color: 'fg.muted' }),
  error: css({ textStyle: 'small', color: 'danger.fg', fontWeight: 'medium' }),
  footer: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '3' }),
}

const formValues = (prompts: SavedPrompts) => ({ prompts: prompts.map(({ promptId, answer }) => ({ promptId, answer })) })

/** Up to three prompts the member answers, in the order others see them on their profile. */
export function PromptsEditor() {
  const saved = useQuery(trpc.profile.prompts.queryOptions())
  return (
    <FormSection
      title="Prompts"
      description={`Answer up to ${MAX_PROFILE_PROMPTS} prompts. Others can like an answer and leave you a note.`}
    >
      {saved.data ? <PromptsForm saved={saved.data} /> : <p className={styles.empty}>Loading your prompts…</p>}
    </FormSection>
  )
}

function PromptsForm({ saved }: { saved: SavedPrompts }) {
  const form = useForm({ resolver: zodResolver(ProfilePromptsInput), defaultValues: formValues(saved) })
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'prompts' })
  const chosen = useWatch({ control: form.control, name: 'prompts' }) ?? []
  const { errors } = form.formState
  const save = useMutation(
    trpc.profile.setPrompts.mutationOptions({
      onSuccess: (prompts) => {
        queryClient.setQueryData(trpc.profile.prompts.queryKey(), prompts)
        void queryClient.invalidateQueries(trpc.members.byId.pathFilter())
        form.reset(formValues(prompts))
        toast({ title: 'Prompts saved', description: 'Your answers are on your profile.', variant: 'success' })
      },
      meta: { failure: { title: 'Prompts not saved' } },
    }),
  )
  return (
    <form noValidate className={styles.form} onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {fields.length === 0 ? (
        <p className={styles.empty}>No prompts yet. A prompt gives others an easy way to start a conversation.</p>
      ) : (
        <ol className={styles.list} aria-label="Your prompts">
          {fields.map((field, index) => {
            const answer = chosen[index]?.answer ?? ''
            const takenElsewhere = new Set(chosen.filter((_, other) => other !== index).map((item) => item.promptId))
            return (
              <li key={field.id} className={styles.item}>
                <SelectField
                  control={form.control}
                  name={`prompts.${index}.promptId`}
                  label={`Prompt ${index + 1}`}
                  placeholder="Choose a prompt"
                  options={profilePrompts.map((prompt) => ({
                    value: prompt.id,
                    label: prompt.text,
                    disabled: takenElsewhere.has(prompt.id),
                  }))}
                />
                <Field
                  label="Your answer"
                  hint={`${answer.length}/${PROMPT_ANSWER_MAX_LENGTH}`}
                  error={errors.prompts?.[index]?.answer?.message}
                >
                  {(control) => <Textarea {...control} rows={3} {...form.register(`prompts.${index}.answer`)} />}
                </Field>
                <div className={styles.tools}>
                  <div className={styles.order}>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={`Move prompt ${index + 1} up`}
                    >
                      <ArrowUp size={16} aria-hidden="true" /> Up
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={`Move prompt ${index + 1} down`}
                    >
                      <ArrowDown size={16} aria-hidden="true" /> Down
                    </Button>
                  </div>
                  <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove prompt ${index + 1}`}>
                    <Trash2 size={16} aria-hidden="true" /> Remove
                  </Button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      {errors.prompts?.message && <p className={styles.error}>{errors.prompts.message}</p>}
      <div className={styles.footer}>
        <Button
          type="button"
          variant="outline"
          disabled={fields.length >= MAX_PROFILE_PROMPTS}
          // The member picks the prompt; until then the form says "Please choose a prompt".
          onClick={() => append({ promptId: '' as ProfilePromptId, answer: '' })}
        >
          <Plus size={18} aria-hidden="true" /> Add a prompt
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save Prompts
        </Button>
      </div>
    </form>
  )
}
