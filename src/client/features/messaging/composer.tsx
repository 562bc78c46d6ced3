import { useMutation, useMutationState, useQuery } from '@tanstack/react-query'
import { BookOpen, HandHeart, Hourglass, MessageCircle, SendHorizontal } from 'lucide-react'
import { ToggleGroup } from 'radix-ui'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { UpgradeNote } from '#client/features/billing/upgrade-note.tsx'
import { refreshAllowance } from '#client/features/members/member-updates.ts'
import { ScamConfirmation, scamGuardQuestion } from '#client/features/members/scam-confirmation.tsx'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'
import type { MessageType } from '#shared/content/message-types.ts'
import { hasFeature, planUnlocking } from '#shared/logic/entitlements.ts'
import { DAILY_MESSAGES_REACHED, MESSAGE_MAX_LENGTH, PostMessageInput } from '#shared/schemas/messaging.ts'
import { refreshConversations, refreshThread, showSentMessage } from './messaging-events'

/** While the member keeps typing, the other side is reminded this often; silence this long ends it. */
const TYPING_REPEAT_MS = 3000
const TYPING_IDLE_MS = 4000

const modes: { value: MessageType; label: string; placeholder: string; Icon: typeof MessageCircle }[] = [
  { value: 'text', label: 'Message', placeholder: 'Write a message…', Icon: MessageCircle },
  { value: 'prayer_request', label: 'Prayer', placeholder: 'Share a prayer request…', Icon: HandHeart },
  {
    value: 'verse_share',
    label: 'Verse',
    placeholder: 'Share a verse, e.g. “Love is patient, love is kind.” 1 Corinthians 13:4',
    Icon: BookOpen,
  },
]

const styles = {
  form: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    px: { base: '3', md: '4' },
    py: '3',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
    bg: 'bg.surface',
  }),
  modes: css({ display: 'flex', gap: '1' }),
  mode: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '3',
    py: '1',
    borderRadius: 'full',
    textStyle: 'small',
    fontWeight: 'medium',
    color: 'fg.muted',
    borderWidth: 'thin',
    borderColor: 'transparent',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted', color: 'fg.default' },
    '&[data-state=on]': { bg: 'brand.subtle', color: 'brand.fg', borderColor: 'brand.border' },
    focusVisibleRing: 'outside',
  }),
  row: css({ display: 'flex', alignItems: 'flex-end', gap: '2' }),
  // Grows with what the member writes, up to its maximum, so a message that wraps is seen whole (where the browser can).
  input: css({ minH: '11', maxH: '40', resize: 'none', flex: '1', fieldSizing: 'content' }),
  footer: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  hint: css({ textStyle: 'caption', color: 'fg.subtle', display: { base: 'none', md: 'block' } }),
  left: css({ textStyle: 'caption', color: 'fg.muted', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
}

/**
 * What the member has sent in a conversation and the server has not yet answered, in the order written (each
 * conversation's messages are one mutation scope): the thread shows them as they leave.
 */
export function useMessagesOnTheirWay(conversationId: string): PostMessageInput[] {
  const onTheirWay = useMutationState({
    filters: { mutationKey: trpc.messaging.post.mutationKey(), status: 'pending' },
    select: (mutation) => mutation.state.variables as PostMessageInput,
  })
  return onTheirWay.filter((input) => input.conversationId === conversationId)
}

/** A message waiting for its sender's "Send anyway", and why the scam guard asked. */
interface PendingConfirmation {
  input: PostMessageInput
  /** What the composer's own check found; empty when only the server's did. */
  description: string
}

export function Composer({ conversationId, earlierMessages }: { conversationId: string; earlierMessages: number }) {
  const [content, setContent] = useState('')
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  /** What the composer was given back by the last message that failed to send. */
  const returned = useRef('')
  const [messageType, setMessageType] = useState<MessageType>('text')
  const typingSentAt = useRef(0)
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // A member with a daily message limit is told here, beside what they typed, and offered the plan without one.
  const { user } = useCurrentUser()
  const limited = user ? !hasFeature(user.plan, 'unlimited_messages') : false
  const [limitReached, setLimitReached] = useState<string | null>(null)
  const allowance = useQuery({ ...trpc.premium.allowance.queryOptions(), enabled: limited })
  const messagesLeft = limited ? (allowance.data?.messagesLeft ?? null) : null
  const limitNotice = limitReached ?? (messagesLeft === 0 ? DAILY_MESSAGES_REACHED : null)
  const typing = useMutation(trpc.messaging.typing.mutationOptions())
  const send = useMutation(
    trpc.messaging.post.mutationOptions({
      // The composer empties as a message leaves, so the member may send the next before this one is answered:
      // one conversation's messages are posted one after another, in the order they were written.
      scope: { id: `messages:${conversationId}` },
      onSuccess: (message) => {
        showSentMessage(message)
        if (limited) void refreshAllowance()
        void refreshThread(conversationId)
        void refreshConversations()
      },
      onError: (error, input) => {
        // What could not be sent comes back to the composer, unless the member has started on something else. A
        // later message that fails too joins what came back before it, so none of the member's words are lost.
        const current = textarea.current?.value ?? ''
        if (!current.trim()) {
          returned.current = input.content
          setContent(input.content)
          setMessageType(input.messageType ?? 'text')
        } else if (current === returned.current) {
          returned.current = `${current}\n\n${input.content}`
          setContent(returned.current)
        }
        // The server's scam guard flagged what the composer's own check let through (e.g. a young conversation's first page).
        if (error.data?.code === 'PRECONDITION_FAILED' && !input.confirmed) setConfirmation({ input, description: '' })
        if (limited && error.data?.code === 'TOO_MANY_REQUESTS') {
          setLimitReached(error.message)
          void refreshAllowance()
        }
      },
      meta: {
        ownCodes: limited ? ['TOO_MANY_REQUESTS'] : [],
        failure: (error) =>
          error.data?.code === 'TOO_MANY_REQUESTS' || error.data?.code === 'PRECONDITION_FAILED'
            ? null
            : { title: 'Message Failed', description: 'Unable to send message. Please try again.' },
      },
    }),
  )

  const stopTyping = () => {
    clearTimeout(idleTimer.current)
    if (typingSentAt.current === 0) return
    typingSentAt.current = 0
    typing.mutate({ conversationId, isTyping: false })
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a pending typing notice belongs to the conversation it was typed in
  useEffect(() => () => clearTimeout(idleTimer.current), [conversationId])

  const onChange = (value: string) => {
    setContent(value)
    setConfirmation(null)
    if (!value.trim()) return stopTyping()
    if (Date.now() - typingSentAt.current > TYPING_REPEAT_MS) {
      typingSentAt.current = Date.now()
      typing.mutate({ conversationId, isTyping: true })
    }
    clearTimeout(idleTimer.current)
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS)
  }

  const post = (input: PostMessageInput) => {
    setConfirmation(null)
    setContent('')
    setMessageType('text')
    send.mutate(input)
  }

  const blank = !content.trim()
  const submit = () => {
    if (blank) return
    const input = PostMessageInput.safeParse({ conversationId, content, messageType, clientMessageId: crypto.randomUUID() })
    if (!input.success) return toast({ title: 'Message Failed', description: input.error.issues[0]?.message, variant: 'destructive' })
    clearTimeout(idleTimer.current)
    typingSentAt.current = 0
    const question = scamGuardQuestion(input.data.content, earlierMessages)
    if (question) return setConfirmation({ input: input.data, description: question })
    post(input.data)
  }

  const editMessage = () => {
    setConfirmation(null)
    textarea.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter makes a new line (and a composing IME keeps its Enter).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const mode = modes.find((candidate) => candidate.value === messageType)!
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <ToggleGroup.Root
        type="single"
        value={messageType}
        onValueChange={(value) => value && setMessageType(value as MessageType)}
        className={styles.modes}
        aria-label="Message type"
      >
        {modes.map(({ value, label, Icon }) => (
          <ToggleGroup.Item key={value} value={value} className={styles.mode}>
            <Icon size={14} aria-hidden="true" /> {label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      {confirmation && (
        <ScamConfirmation
          description={confirmation.description}
          editLabel="Edit message"
          onEdit={editMessage}
          onSendAnyway={() => post({ ...confirmation.input, confirmed: true })}
          sending={send.isPending}
        />
      )}
      {limitNotice && (
        <UpgradeNote icon={Hourglass} planId={planUnlocking('unlimited_messages')} role="alert">
          {limitNotice}
        </UpgradeNote>
      )}
      <div className={styles.row}>
        <Textarea
          ref={textarea}
          aria-label="Message"
          className={styles.input}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={mode.placeholder}
          value={content}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={blank} loading={send.isPending} aria-label="Send">
          <SendHorizontal size={18} aria-hidden="true" />
        </Button>
      </div>
      <div className={styles.footer}>
        <p className={styles.hint}>Enter to send · Shift+Enter for a new line</p>
        {messagesLeft !== null && messagesLeft > 0 && (
          <p className={styles.left} role="status">
            {messagesLeft === 1 ? '1 message left today' : `${messagesLeft} messages left today`}
          </p>
        )}
      </div>
    </form>
  )
}
