import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Check, Eraser, Send } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { SelectField } from '#client/components/form/select-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { RadioCardGroup } from '#client/components/ui/radio-group.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { showMatch } from '#client/features/matches/match-moment.ts'
import { dropFromDiscover, refreshAllowance, refreshMatches, refreshMember } from '#client/features/members/member-updates.ts'
import { ScamConfirmation, scamGuardQuestion } from '#client/features/members/scam-confirmation.tsx'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'
import { promptsFor } from '#shared/content/conversation-prompts.ts'
import {
  DEFAULT_INTEREST_TYPE,
  hasActivity,
  INTEREST_MESSAGE_MAX_LENGTH,
  type InterestType,
  interestTypes,
  SUGGESTED_ACTIVITY_MAX_LENGTH,
  timePreferences,
} from '#shared/content/interest-types.ts'
import { MESSAGE_REQUIRED, SendInterestInput } from '#shared/schemas/interests.ts'
import { interestSentDescription, isBlankMessage, messageFromPrompt } from './interest-message'
import type { InterestTargetProfile } from './interest-target'

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  section: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: { base: '5', md: '6' },
    }),
  ),
  sectionTitle: css({ textStyle: 'h4', color: 'fg.default' }),
  sectionText: css({ textStyle: 'small', color: 'fg.muted', mt: '-2' }),
  types: css({ '&[data-orientation=horizontal]': { gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } } }),
  prompts: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  prompt: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    alignItems: 'start',
    gap: '3',
    w: 'full',
    p: '3',
    textAlign: 'start',
    textStyle: 'small',
    color: 'fg.default',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.default',
    borderRadius: 'control',
    cursor: 'pointer',
    transitionProperty: 'border-color, background-color',
    transitionDuration: 'normal',
    _hover: { borderColor: 'brand.border', bg: 'brand.subtle' },
    '&[aria-pressed=true]': { borderColor: 'brand.solid', bg: 'brand.subtle' },
    focusVisibleRing: 'outside',
  }),
  promptMark: css({
    display: 'grid',
    placeItems: 'center',
    w: '5',
    h: '5',
    mt: '0.5',
    borderRadius: 'full',
    borderWidth: 'thin',
    borderColor: 'border.strong',
    color: 'fg.onBrand',
    '[aria-pressed=true] > &': { bg: 'brand.solid', borderColor: 'brand.solid' },
  }),
  promptActions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  counter: css({ textStyle: 'caption', color: 'fg.muted', textAlign: 'end', fontVariantNumeric: 'tabular-nums', mt: '-2' }),
  activity: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '3fr 2fr' }, gap: '4', alignItems: 'start' }),
  activityText: css({ minH: '20' }),
  submit: css({ alignSelf: { base: 'stretch', sm: 'flex-end' } }),
}

const typeOptions = interestTypes.map((type) => ({ value: type.value, label: type.label, description: type.description }))

function blankValues(receiverId: string): SendInterestInput {
  return { receiverId, interestType: DEFAULT_INTEREST_TYPE, message: '', suggestedActivity: '', timePreference: null }
}

export interface InterestFormProps {
  profile: InterestTargetProfile
  onSent: () => void
  /** Shown just above the send button (the tips, on narrow screens). */
  beforeSend?: ReactNode
}

export function InterestForm({ profile, onSent, beforeSend }: InterestFormProps) {
  const prompts = promptsFor(profile.isSabbathKeeper)
  const [promptId, setPromptId] = useState<string | null>(null)
  // The scam guard's question about the message, while it waits for an answer ('' when only the server asked).
  const [question, setQuestion] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(SendInterestInput), defaultValues: blankValues(profile.userId) })
  const { errors } = form.formState
  const [interestType, message] = useWatch({ control: form.control, name: ['interestType', 'message'] })

  const send = useMutation(
    trpc.interests.create.mutationOptions({
      onSuccess: (result, input) => {
        toast({
          title: 'Thoughtful Interest Sent!',
          description: interestSentDescription(input.interestType, profile.firstName, result.isMutual),
          variant: 'success',
        })
        if (result.isMutual) {
          void refreshMatches()
          if (result.member && result.matchId) {
            showMatch({ matchId: result.matchId, conversationId: result.conversationId ?? null, member: result.member })
          }
        }
        void dropFromDiscover(profile.userId)
        void refreshMember(profile.userId)
        form.reset(blankValues(profile.userId))
        setPromptId(null)
        setQuestion(null)
        onSent()
      },
      onError: (error, input) => {
        if (error.data?.code === 'PRECONDITION_FAILED' && !input.confirmed) setQuestion('')
      },
      // A Thoughtful Interest is a like: it counts against today's likes.
      onSettled: () => void refreshAllowance(),
      meta: {
        failure: (error) =>
          error.data?.code === 'PRECONDITION_FAILED'
            ? null
            : {
                title: 'Failed to Send',
                // A conflict (already sent), a vanished member or a paused sender has a message worth reading; anything else gets the spec's words.
                description:
                  error.data?.code === 'CONFLICT' || error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN'
                    ? error.message
                    : 'There was an error sending your interest. Please try again.',
              },
      },
    }),
  )

  const choosePrompt = (id: string, text: string) => {
    if (promptId === id) {
      setPromptId(null)
      form.setValue('message', '', { shouldValidate: false })
      return
    }
    setPromptId(id)
    form.setValue('message', messageFromPrompt(text), { shouldDirty: true })
    form.setFocus('message')
  }

  const startBlank = () => {
    setPromptId(null)
    form.setValue('message', '')
    form.setFocus('message')
  }

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={form.handleSubmit(
        (values) => {
          const asked = scamGuardQuestion(values.message, 0)
          if (asked) return setQuestion(asked)
          send.mutate(values)
        },
        (invalid) => {
          if (invalid.message?.message === MESSAGE_REQUIRED) {
            toast({ title: 'Message Required', description: MESSAGE_REQUIRED, variant: 'destructive' })
          }
        },
      )}
    >
      <section className={styles.section} aria-labelledby="interest-type">
        <h2 id="interest-type" className={styles.sectionTitle}>
          How would you like to connect?
        </h2>
        <Controller
          control={form.control}
          name="interestType"
          render={({ field }) => (
            <RadioCardGroup
              aria-labelledby="interest-type"
              name={field.name}
              orientation="horizontal"
              className={styles.types}
              options={typeOptions}
              value={field.value}
              onValueChange={(value) => field.onChange(value as InterestType)}
            />
          )}
        />
      </section>

      <section className={styles.section} aria-labelledby="conversation-starters">
        <h2 id="conversation-starters" className={styles.sectionTitle}>
          Conversation starters
        </h2>
        <p className={styles.sectionText}>
          {profile.isSabbathKeeper
            ? `${profile.firstName} keeps the Sabbath: these starters are chosen for Sabbath keepers.`
            : 'Pick one to begin your message, then make it your own.'}
        </p>
        <fieldset className={styles.prompts} aria-labelledby="conversation-starters">
          {prompts.map((prompt) => (
            <button
              key={prompt.id}
              type="button"
              className={styles.prompt}
              aria-pressed={promptId === prompt.id}
              onClick={() => choosePrompt(prompt.id, prompt.prompt)}
            >
              <span className={styles.promptMark} aria-hidden="true">
                {promptId === prompt.id && <Check size={12} />}
              </span>
              {prompt.prompt}
            </button>
          ))}
        </fieldset>
        <div className={styles.promptActions}>
          <Button type="button" variant="ghost" size="sm" onClick={startBlank}>
            <Eraser size={16} aria-hidden="true" /> Start with blank message
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="personal-message">
        <h2 id="personal-message" className={styles.sectionTitle}>
          Your message
        </h2>
        <Field label="Personal Message" error={errors.message?.message === MESSAGE_REQUIRED ? undefined : errors.message?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={6}
              maxLength={INTEREST_MESSAGE_MAX_LENGTH}
              placeholder={`Write a few warm, personal words to ${profile.firstName}…`}
              {...form.register('message', { onChange: () => setQuestion(null) })}
            />
          )}
        </Field>
        <p className={styles.counter}>
          {(message ?? '').length}/{INTEREST_MESSAGE_MAX_LENGTH}
        </p>
        {hasActivity(interestType) && (
          <div className={styles.activity}>
            <Field label="Suggested Activity" hint="Optional" error={errors.suggestedActivity?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  className={styles.activityText}
                  maxLength={SUGGESTED_ACTIVITY_MAX_LENGTH}
                  placeholder={
                    interestType === 'potluck' ? 'e.g. the fellowship lunch after service' : 'e.g. tea at a café near your church'
                  }
                  {...form.register('suggestedActivity')}
                />
              )}
            </Field>
            <SelectField
              control={form.control}
              name="timePreference"
              label="Time Preference"
              placeholder="Any time (optional)"
              options={timePreferences}
            />
          </div>
        )}
      </section>

      {question !== null && (
        <ScamConfirmation
          description={question}
          editLabel="Edit message"
          onEdit={() => {
            setQuestion(null)
            form.setFocus('message')
          }}
          onSendAnyway={() => send.mutate({ ...form.getValues(), confirmed: true })}
          sending={send.isPending}
        />
      )}
      {beforeSend}
      <Button type="submit" size="lg" className={styles.submit} disabled={isBlankMessage(message)} loading={send.isPending}>
        <Send size={18} aria-hidden="true" /> Send Thoughtful Interest
      </Button>
    </form>
  )
}
