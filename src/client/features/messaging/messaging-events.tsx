import { useQuery } from '@tanstack/react-query'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useRef, useSyncExternalStore } from 'react'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'

/** Typing dots go away on their own if the "stopped typing" event never comes (a closed tab). */
const TYPING_TIMEOUT_MS = 6000

interface LiveState {
  /** Members seen coming online since the page loaded, and those gone offline. */
  online: ReadonlyMap<string, boolean>
  /** conversationId → the member typing in it. */
  typing: ReadonlyMap<string, string>
}

let state: LiveState = { online: new Map(), typing: new Map() }
const listeners = new Set<() => void>()
const typingTimers = new Map<string, ReturnType<typeof setTimeout>>()

function update(next: Partial<LiveState>) {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function setTyping(conversationId: string, userId: string, isTyping: boolean) {
  clearTimeout(typingTimers.get(conversationId))
  const typing = new Map(state.typing)
  if (isTyping) {
    typing.set(conversationId, userId)
    typingTimers.set(
      conversationId,
      setTimeout(() => setTyping(conversationId, userId, false), TYPING_TIMEOUT_MS),
    )
  } else typing.delete(conversationId)
  update({ typing })
}

export function refreshConversations() {
  return Promise.all([
    queryClient.invalidateQueries(trpc.messaging.conversations.pathFilter()),
    queryClient.invalidateQueries(trpc.messaging.unreadCount.pathFilter()),
  ])
}

export function refreshThread(conversationId: string) {
  return queryClient.invalidateQueries(trpc.messaging.messages.infiniteQueryFilter({ conversationId }))
}

/**
 * A message the member has just sent, put at the end of its open thread as the server answered it, so
 * it takes the place of its "Sending..." bubble at once instead of after the thread is fetched again.
 */
export function showSentMessage(message: RouterOutputs['messaging']['post']) {
  queryClient.setQueryData(trpc.messaging.messages.infiniteQueryKey({ conversationId: message.conversationId }), (thread) => {
    if (!thread || thread.pages.some((page) => page.messages.some((shown) => shown.id === message.id))) return thread
    // The first page is the newest, each page oldest first.
    const [newest, ...older] = thread.pages
    return newest && { ...thread, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] }
  })
}

/**
 * The member's live feed, opened once for every member screen: new messages refresh the lists
 * and the unread badge, typing and presence feed the messaging screen. The socket reconnects by
 * itself and, from the last message it saw, catches up on what it missed.
 */
export function MessagingEvents() {
  const warned = useRef(false)
  useSubscription(
    trpc.messaging.events.subscriptionOptions(
      {},
      {
        onStarted: () => {
          warned.current = false
          void refreshConversations()
        },
        onData: (envelope) => {
          // New messages come tracked ({ id, data }), so a reconnect resumes after the last one.
          const event = 'type' in envelope ? envelope : envelope.data
          switch (event.type) {
            case 'message':
              if (state.typing.get(event.conversationId) === event.message.senderId)
                setTyping(event.conversationId, event.message.senderId, false)
              void refreshConversations()
              void refreshThread(event.conversationId)
              break
            case 'read':
              void refreshThread(event.conversationId)
              break
            case 'typing':
              setTyping(event.conversationId, event.userId, event.isTyping)
              break
            case 'presence':
              update({ online: new Map(state.online).set(event.userId, event.online) })
              break
          }
        },
        onError: (error) => {
          // Signed out is not a connection problem: the route guard sends the member to sign in.
          if (warned.current || error.data?.code === 'UNAUTHORIZED') return
          warned.current = true
          toast({ title: 'Connection Error', description: 'Real-time messaging temporarily unavailable.', variant: 'destructive' })
        },
      },
    ),
  )
  return null
}

/** Whether a conversation partner is online: what this page has heard, else who was online when it loaded. */
export function useIsOnline(userId: string | undefined): boolean {
  const online = useQuery(trpc.messaging.online.queryOptions())
  const heard = useSyncExternalStore(subscribe, () => state.online)
  if (!userId) return false
  return heard.get(userId) ?? online.data?.includes(userId) ?? false
}

export function useTypingIn(conversationId: string | undefined): string | undefined {
  const typing = useSyncExternalStore(subscribe, () => state.typing)
  return conversationId ? typing.get(conversationId) : undefined
}

/** The unread badge: refetched whenever the feed says something changed. */
export function useUnreadCount(): number {
  return useQuery(trpc.messaging.unreadCount.queryOptions()).data ?? 0
}
