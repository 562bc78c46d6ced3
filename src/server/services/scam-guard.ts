import { and, count, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { messages } from '#db/schema/index.ts'
import { DomainError } from '#server/errors.ts'
import {
  dependsOnConversationAge,
  EARLY_CONVERSATION_MESSAGES,
  explainScamSignals,
  SCAM_CONFIRMATION_NEEDED,
  type ScamSignalId,
  scamSignals,
} from '#shared/logic/scam-guard.ts'

const HOUR_MS = 3_600_000

/** When the guard puts a sender in the moderators' queue: this many flagged messages in a day, or flagged messages to this many members in a week. */
const SCAM_REPORT_THRESHOLD = { messages: 3, withinMs: 24 * HOUR_MS, members: 2, membersWithinMs: 7 * 24 * HOUR_MS }

/** A flagged message its sender has not confirmed: nothing is stored, and the client asks "Send it anyway?". */
export class ScamConfirmationNeededError extends DomainError {
  constructor(readonly signals: ScamSignalId[]) {
    super('PRECONDITION_FAILED', SCAM_CONFIRMATION_NEEDED)
  }
}

/**
 * The rules a new message meets in its conversation. Most messages meet none and cost no query;
 * the conversation's length is read only when a rule depends on how young it is.
 */
export async function signalsFor(db: Database, conversationId: string, content: string): Promise<ScamSignalId[]> {
  const possible = scamSignals(content, { earlierMessages: 0 })
  if (!dependsOnConversationAge(possible)) return possible
  const [row] = await db
    .select({ earlier: count() })
    .from(
      sql`(select 1 from ${messages} where ${messages.conversationId} = ${conversationId} limit ${EARLY_CONVERSATION_MESSAGES}) as earlier`,
    )
  return scamSignals(content, { earlierMessages: row?.earlier ?? 0 })
}

/**
 * After a flagged message is stored: when the sender has now sent enough of them (counted since a
 * moderator last closed a scam-guard report on them), one open report goes to the moderators'
 * queue, about the latest conversation. One statement checks and inserts, so parallel sends
 * cannot file two; a sender never has more than one open scam-guard report.
 */
export async function reportRepeatedScamSignals(db: Database, senderId: string, conversationId: string, now = new Date()) {
  const at = now.getTime()
  const since = sql`max(${at - SCAM_REPORT_THRESHOLD.membersWithinMs}, coalesce((select max(resolved_at) from reports
    where reported_id = ${senderId} and origin = 'scam_guard' and status = 'resolved'), 0))`
  const [hits] = await db
    .select({
      lastDay: sql<number>`coalesce(sum(case when ${messages.createdAt} > ${at - SCAM_REPORT_THRESHOLD.withinMs} then 1 else 0 end), 0)`,
      members: sql<number>`count(distinct case when c.participant1_id = ${senderId} then c.participant2_id else c.participant1_id end)`,
      total: count(),
      signals: sql<string>`coalesce(group_concat(${messages.scamSignals}, ''), '')`,
    })
    .from(messages)
    .innerJoin(sql`conversations c`, sql`c.id = ${messages.conversationId}`)
    .where(and(eq(messages.senderId, senderId), sql`${messages.scamSignals} is not null`, sql`${messages.createdAt} > ${since}`))
  if (!hits) return false
  const repeated = hits.lastDay >= SCAM_REPORT_THRESHOLD.messages || hits.members >= SCAM_REPORT_THRESHOLD.members
  if (!repeated) return false
  const met = explainScamSignals([...hits.signals.matchAll(/"([a-z_]+)"/g)].map((match) => match[1]!))
  const details =
    `The scam guard flagged ${hits.total} messages from this member to ${hits.members} ` +
    `${hits.members === 1 ? 'member' : 'members'}: ${met.map((signal) => signal.id.replaceAll('_', ' ')).join(', ')}.`
  const filed =
    await db.run(sql`insert into reports (id, reporter_id, reported_id, reason, details, status, origin, conversation_id, created_at)
    select ${randomId()}, null, ${senderId}, 'scam', ${details}, 'open', 'scam_guard', ${conversationId}, ${at}
    where not exists (select 1 from reports where reported_id = ${senderId} and origin = 'scam_guard' and status = 'open')`)
  return filed.rowsAffected > 0
}
