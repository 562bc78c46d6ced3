import { and, desc, eq, isNull, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Database } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { orderedId } from '#db/ids.ts'
import { preparedOnce, preparedWrite } from '#db/prepared.ts'
import { conversations, messages, profiles, users } from '#db/schema/index.ts'
import { ForbiddenError, LimitReachedError, NotFoundError } from '#server/errors.ts'
import { messageDigestFor } from '#server/jobs/schedules.ts'
import type { Bus } from '#server/realtime/bus.ts'
import type { MessageType } from '#shared/content/message-types.ts'
import { hasFeature, limitsOf } from '#shared/logic/entitlements.ts'
import { explainScamSignals } from '#shared/logic/scam-guard.ts'
import { DAILY_MESSAGES_REACHED, type MessageView } from '#shared/schemas/messaging.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { type Activity, recordActivity } from './achievements.ts'
import { blockedEitherWay, orderedPair } from './members.ts'
import { photoUrl } from './photo-urls.ts'
import { reportRepeatedScamSignals, ScamConfirmationNeededError, signalsFor } from './scam-guard.ts'

const CONVERSATION_NOT_FOUND = 'Conversation not found'
const NOT_MATCHED = 'You can message a member once you have matched with each other.'

const DAY_MS = 86_400_000

export interface Sender {
  id: string
  plan: PlanId
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  messageType: messages.messageType,
  clientMessageId: messages.clientMessageId,
  scamSignals: messages.scamSignals,
  createdAt: messages.createdAt,
  deliveredAt: messages.deliveredAt,
  readAt: messages.readAt,
}

type MessageRow = { [K in keyof typeof messageColumns]: (typeof messages.$inferSelect)[K] }

function toView(row: MessageRow, viewer: Sender): MessageView {
  const { deliveredAt, readAt, scamSignals, ...rest } = row
  const ownMessage = row.senderId === viewer.id
  return {
    ...rest,
    isDelivered: deliveredAt !== null,
    isRead: readAt !== null && (!ownMessage || hasFeature(viewer.plan, 'read_receipts')),
    ...(scamSignals?.length ? { scamSignals: explainScamSignals(scamSignals) } : {}),
  }
}

/** True in SQL for a conversation the member is part of, still open, with nobody blocked. */
function openConversationOf(userId: string | Placeholder) {
  const otherId = sql`case when ${conversations.participant1Id} = ${userId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`
  return and(
    or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)),
    isNull(conversations.closedAt),
    sql`not ${blockedEitherWay(userId, otherId)}`,
  )!
}

export interface ConversationAccess {
  id: string
  otherId: string
  participants: [string, string]
}

/** Every message, read mark and thread page asks it, so drizzle builds it once. */
const openConversation = preparedOnce((db) =>
  db
    .select({ id: conversations.id, participant1Id: conversations.participant1Id, participant2Id: conversations.participant2Id })
    .from(conversations)
    .where(and(eq(conversations.id, sql.placeholder('conversationId')), openConversationOf(sql.placeholder('userId'))))
    .prepare(),
)

/** The member's open conversation, or NOT_FOUND (another pair's conversation looks like no conversation). */
export async function requireConversation(db: Database, userId: string, conversationId: string): Promise<ConversationAccess> {
  const [row] = await openConversation(db).all({ conversationId, userId })
  if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND)
  return {
    id: row.id,
    otherId: row.participant1Id === userId ? row.participant2Id : row.participant1Id,
    participants: [row.participant1Id, row.participant2Id],
  }
}

/** The open conversation with a matched member, for the spec's `POST /api/messages {receiverId}`. */
export async function conversationWith(db: Database, userId: string, receiverId: string): Promise<string> {
  const [low, high] = orderedPair(userId, receiverId)
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.participant1Id, low), eq(conversations.participant2Id, high), openConversationOf(userId)))
  if (!row) throw new ForbiddenError(NOT_MATCHED)
  return row.id
}

/** Every socket asks it as it opens and as it closes, so drizzle builds it once. */
const openConversationsOf = preparedOnce((db) =>
  db
    .select({ participant1Id: conversations.participant1Id, participant2Id: conversations.participant2Id })
    .from(conversations)
    .where(openConversationOf(sql.placeholder('userId')))
    .prepare(),
)

/** The members who share an open conversation with this member: who hears their presence. */
export async function conversationPartners(db: Database, userId: string): Promise<string[]> {
  const rows = await openConversationsOf(db).all({ userId })
  return rows.map((row) => (row.participant1Id === userId ? row.participant2Id : row.participant1Id))
}

const participant1 = alias(users, 'participant1')
const participant2 = alias(users, 'participant2')
const participant1Profile = alias(profiles, 'participant1_profile')
const participant2Profile = alias(profiles, 'participant2_profile')

/**
 * A suspended or banned member's messages that had not reached the other member are held back:
 * never shown, counted or marked delivered to them (the sender still sees their own).
 */
export function notHeldBackFrom(viewerId: string): SQL {
  return sql`(${messages.senderId} = ${viewerId} or ${messages.deliveredAt} is not null
    or not exists (select 1 from ${users} sender where sender.id = ${messages.senderId} and sender.status in ('suspended', 'banned')))`
}

/** The spec's Conversation list, newest activity first, with the member's unread count and each member's main photo. */
export async function listConversations(db: Database, userId: string, now = new Date()) {
  await markDelivered(db, userId, now)
  const lastMessage = sql<string | null>`(select ${messages.content} from ${messages} where ${messages.conversationId} = ${conversations.id}
    and ${notHeldBackFrom(userId)} order by ${messages.createdAt} desc, ${messages.id} desc limit 1)`
  const unread = sql<number>`(select count(*) from ${messages} where ${messages.conversationId} = ${conversations.id}
    and ${messages.senderId} <> ${userId} and ${messages.readAt} is null and ${notHeldBackFrom(userId)})`
  const rows = await db
    .select({
      id: conversations.id,
      participant1: conversations.participant1Id,
      participant2: conversations.participant2Id,
      participant1User: { id: participant1.id, firstName: participant1.firstName, lastName: participant1.lastName },
      participant2User: { id: participant2.id, firstName: participant2.firstName, lastName: participant2.lastName },
      participant1PhotoId: participant1Profile.photoId,
      participant2PhotoId: participant2Profile.photoId,
      lastMessage,
      lastMessageAt: conversations.lastMessageAt,
      prayerRequestActive: conversations.prayerRequestActive,
      unreadCount: unread,
    })
    .from(conversations)
    .innerJoin(participant1, eq(participant1.id, conversations.participant1Id))
    .innerJoin(participant2, eq(participant2.id, conversations.participant2Id))
    .leftJoin(participant1Profile, eq(participant1Profile.userId, conversations.participant1Id))
    .leftJoin(participant2Profile, eq(participant2Profile.userId, conversations.participant2Id))
    .where(openConversationOf(userId))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`))
  const imageOf = (photoId: string | null) => (photoId ? photoUrl(photoId) : null)
  return rows.map(({ lastMessage: content, participant1PhotoId, participant2PhotoId, ...row }) => ({
    ...row,
    participant1User: { ...row.participant1User, profileImageUrl: imageOf(participant1PhotoId) },
    participant2User: { ...row.participant2User, profileImageUrl: imageOf(participant2PhotoId) },
    lastMessage: content === null ? null : { content },
  }))
}

/** One page of a thread in reading order, and the cursor for the page before it. */
export async function listMessages(
  db: Database,
  viewer: Sender,
  input: { conversationId: string; cursor?: string | null; limit: number },
  now = new Date(),
) {
  await requireConversation(db, viewer.id, input.conversationId)
  await markDelivered(db, viewer.id, now, input.conversationId)
  const before = input.cursor
    ? sql`(${messages.createdAt}, ${messages.id}) < (select ${messages.createdAt}, ${messages.id} from ${messages} where ${messages.id} = ${input.cursor} and ${messages.conversationId} = ${input.conversationId})`
    : undefined
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, input.conversationId), before, notHeldBackFrom(viewer.id)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit + 1)
  const page = rows.slice(0, input.limit).reverse()
  return { messages: page.map((row) => toView(row, viewer)), nextCursor: rows.length > input.limit ? (page[0]?.id ?? null) : null }
}

/** Messages to this member reached their device: everything waiting in their open conversations (or one). */
async function markDelivered(db: Database, userId: string, now: Date, conversationId?: string) {
  const inScope = conversationId
    ? eq(messages.conversationId, conversationId)
    : sql`${messages.conversationId} in (select ${conversations.id} from ${conversations} where ${openConversationOf(userId)})`
  await db
    .update(messages)
    .set({ deliveredAt: now })
    .where(and(isNull(messages.deliveredAt), ne(messages.senderId, userId), inScope, notHeldBackFrom(userId)))
}

/** Deliveries to open sockets are written together, at most this long after the push. */
const DELIVERY_FLUSH_MS = 25
const pendingDeliveries = new Map<Database, Set<string>>()

/**
 * A message pushed to its receiver's open socket has been delivered. Pushes come in bursts, so the
 * marks are gathered and written in one statement shortly after, off the sender's path.
 */
export function recordDelivery(db: Database, messageId: string) {
  const pending = pendingDeliveries.get(db)
  if (pending) return void pending.add(messageId)
  pendingDeliveries.set(db, new Set([messageId]))
  setTimeout(() => {
    const ids = [...(pendingDeliveries.get(db) ?? [])]
    pendingDeliveries.delete(db)
    commitTogether(db, [markPushedDelivered(db, { ids: JSON.stringify(ids), at: Date.now() })]).catch(() => {
      // The database closing at shutdown: the next read of the thread marks them instead.
    })
  }, DELIVERY_FLUSH_MS)
}

/** Built once, as every burst of pushes runs it: the ids come as one JSON array, however many there are. */
const markPushedDelivered = preparedWrite((db) =>
  db.run(sql`update messages set delivered_at = ${sql.placeholder('at')}
    where id in (select value from json_each(${sql.placeholder('ids')})) and delivered_at is null`),
)

const activityFor: Record<MessageType, Activity> = { text: 'message_sent', prayer_request: 'prayer_shared', verse_share: 'verse_shared' }

export interface NewMessage {
  conversationId: string
  content: string
  messageType: MessageType
  clientMessageId?: string
  /** The sender chose to send a message the scam guard flagged. */
  confirmed?: boolean
}

/** How long an identical message without a clientMessageId counts as the same send (docs/decisions/010). */
export const DOUBLE_SEND_WINDOW_MS = 5_000

/**
 * Stores a message with its conversation's last-message time and its receiver's digest, in one batch
 * (docs/decisions/005) that shares its commit with the writes arriving alongside it
 * (docs/decisions/029): the INSERT … SELECT stores it only into the
 * sender's open conversation and within the free tier's daily count, so parallel sends cannot
 * overshoot; the same clientMessageId twice stores one row, and so does the spec client's double
 * send (docs/decisions/010). It is committed before this returns, so an acknowledged message
 * survives a crash, and published to both members once stored (a repeat returns the stored message
 * and publishes nothing). A message the scam guard flags is refused until its sender confirms it,
 * then stored with its signals, so the recipient sees a safety note under it.
 */
export async function sendMessage(db: Database, bus: Bus, sender: Sender, message: NewMessage, now = new Date()): Promise<MessageView> {
  const access = await requireConversation(db, sender.id, message.conversationId)
  const signals = await signalsFor(db, access.id, message.content)
  if (signals.length > 0 && !message.confirmed) throw new ScamConfirmationNeededError(signals)
  const at = now.getTime()
  const id = orderedId(at)
  const stored = {
    id,
    conversationId: access.id,
    senderId: sender.id,
    content: message.content,
    messageType: message.messageType,
    clientMessageId: message.clientMessageId ?? null,
    scamSignals: signals.length > 0 ? signals : null,
    createdAt: now,
    deliveredAt: null,
    readAt: null,
  }
  const send: SendValues = {
    ...stored,
    scamSignals: stored.scamSignals && JSON.stringify(stored.scamSignals),
    at,
    dayAgo: at - DAY_MS,
    messagesPerDay: limitsOf(sender.plan).messagesPerDay,
    twinSince: at - DOUBLE_SEND_WINDOW_MS,
  }
  // A receiver away gets one email for the conversation later, if it is still unread then.
  const digest = messageDigestFor(db, { userId: access.otherId, conversationId: access.id, messageId: id, at })
  const [inserted] = await commitTogether(db, [storeMessage(db, send), noteLastMessage(db, send), digest])
  if (inserted.rowsAffected === 0) {
    // Not stored: a repeat of a stored send answers with that message; otherwise the daily count is spent.
    const [twin] = await storedTwin(db).all(send)
    if (!twin) throw new LimitReachedError(DAILY_MESSAGES_REACHED, await retryAfterSeconds(db, sender.id, now))
    return toView(twin, sender)
  }
  const view = toView(stored, sender)
  // Delivery first; the achievements the message may earn come after.
  bus.publish({ type: 'message', recipients: access.participants, conversationId: access.id, message: view })
  await Promise.all([
    signals.length > 0 ? reportRepeatedScamSignals(db, sender.id, access.id, now) : null,
    recordActivity(db, bus, sender.id, activityFor[message.messageType], now),
  ])
  return view
}

/** The values of one send, for the statements below (built once, as every message runs them). */
type SendValues = Pick<MessageView, 'id' | 'conversationId' | 'senderId' | 'content' | 'messageType' | 'clientMessageId'> & {
  scamSignals: string | null
  at: number
  dayAgo: number
  /** Null on plans without a daily count. */
  messagesPerDay: number | null
  twinSince: number
}

const value = (name: keyof SendValues) => sql.placeholder(name)

/**
 * The message already stored for this send, in SQL over `messages`: the same clientMessageId; or,
 * where one of the two carries none (the spec client posts over HTTP and sends `send_message` too),
 * the same sender, conversation, content and type within DOUBLE_SEND_WINDOW_MS.
 */
const sameSend = sql`(sender_id = ${value('senderId')} and client_message_id = ${value('clientMessageId')})
  or (sender_id = ${value('senderId')} and conversation_id = ${value('conversationId')} and content = ${value('content')}
    and message_type = ${value('messageType')} and created_at > ${value('twinSince')}
    and (${value('clientMessageId')} is null or client_message_id is null))`

/** Stored only into the sender's open conversation's and within the daily count, and never twice for one send. */
const storeMessage = preparedWrite((db) =>
  db.run(sql`insert into messages (id, conversation_id, sender_id, content, message_type, client_message_id, scam_signals, created_at)
    select ${value('id')}, ${value('conversationId')}, ${value('senderId')}, ${value('content')}, ${value('messageType')},
      ${value('clientMessageId')}, ${value('scamSignals')}, ${value('at')}
    where (${value('messagesPerDay')} is null
        or (select count(*) from messages where sender_id = ${value('senderId')} and created_at > ${value('dayAgo')}) < ${value('messagesPerDay')})
      and not exists (select 1 from messages where ${sameSend})
    on conflict do nothing`),
)

/**
 * A prayer request stays active until the other member answers it. Most conversations have none
 * active, and for those the latest request is not looked for (it walks the conversation's messages).
 */
const noteLastMessage = preparedWrite((db) =>
  db.run(sql`update conversations set last_message_at = ${value('at')},
    prayer_request_active = case
      when ${value('messageType')} = 'prayer_request' then 1
      when prayer_request_active = 0 then 0
      when (select sender_id from messages where conversation_id = ${value('conversationId')} and message_type = 'prayer_request'
        order by created_at desc limit 1) <> ${value('senderId')} then 0
      else prayer_request_active end
    where id = ${value('conversationId')} and exists (select 1 from messages where id = ${value('id')})`),
)

const storedTwin = preparedOnce((db) =>
  db.select(messageColumns).from(messages).where(sameSend).orderBy(messages.createdAt).limit(1).prepare(),
)

/** When the oldest message of the last 24 hours leaves the window, one more fits. */
async function retryAfterSeconds(db: Database, senderId: string, now: Date) {
  const [row] = await db
    .select({ oldest: sql<number | null>`min(${messages.createdAt})` })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), sql`${messages.createdAt} > ${now.getTime() - DAY_MS}`))
  const oldest = row?.oldest ?? now.getTime()
  return Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000))
}

/** The member has read the thread: every message to them in it is read (and so delivered). */
export async function markConversationRead(db: Database, userId: string, conversationId: string, now = new Date()) {
  const access = await requireConversation(db, userId, conversationId)
  const updated = await db
    .update(messages)
    .set({ readAt: now, deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.getTime()})` })
    .where(
      and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), isNull(messages.readAt), notHeldBackFrom(userId)),
    )
    .returning({ id: messages.id })
  return { access, marked: updated.length }
}

/** Whether the member is told when their messages are read: read receipts come with the paid plans. */
export async function seesReadReceipts(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId))
  return row ? hasFeature(row.plan, 'read_receipts') : false
}

/** Unread messages across the member's open conversations: the navigation's badge. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(openConversationOf(userId), ne(messages.senderId, userId), isNull(messages.readAt), notHeldBackFrom(userId)))
  return row?.count ?? 0
}

/** Messages to the member after a point in time (a reconnecting feed catching up), oldest first. */
export async function messagesSince(db: Database, viewer: Sender, after: { at: number; id: string }, conversationId?: string) {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        openConversationOf(viewer.id),
        conversationId ? eq(messages.conversationId, conversationId) : undefined,
        sql`(${messages.createdAt}, ${messages.id}) > (${after.at}, ${after.id})`,
        notHeldBackFrom(viewer.id),
      ),
    )
    .orderBy(messages.createdAt, messages.id)
    .limit(200)
  return rows.map((row) => toView(row, viewer))
}
