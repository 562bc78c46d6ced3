import { asc, eq, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Database } from '#db/client.ts'
import {
  blocks,
  conversations,
  interests,
  interviewAnswers,
  interviews,
  likes,
  matches,
  messages,
  notifications,
  oauthAccounts,
  photos,
  profiles,
  reports,
  sessions,
  users,
  verifications,
  vouchRequests,
} from '#db/schema/index.ts'
import { interestNoteColumns } from './likes.ts'
import { photoUrl } from './photo-urls.ts'
import { verificationRecordColumns } from './verification.ts'
import { vouchStandingColumns } from './vouches.ts'

const other = alias(users, 'other')

/**
 * Everything stored about the member, as one JSON document. Other members appear only by user id
 * and first name; session tokens appear only as dates (their stored hashes are no use to anyone).
 */
export async function exportAccount(db: Database, userId: string, now = new Date()) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      plan: users.plan,
      planRenewsAt: users.planRenewsAt,
      status: users.status,
      lastActiveAt: users.lastActiveAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))

  const [profile] = await db
    .select({
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      country: profiles.country,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
      denomination: profiles.denomination,
      isSabbathKeeper: profiles.isSabbathKeeper,
      faithJourney: profiles.faithJourney,
      spiritualGifts: profiles.spiritualGifts,
      churchName: profiles.churchName,
      bio: profiles.bio,
      isVerified: profiles.isVerified,
      mainPhotoId: profiles.photoId,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))

  const photoRows = await db
    .select({ id: photos.id, width: photos.width, height: photos.height, createdAt: photos.createdAt })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.createdAt))

  const signInMethods = await db
    .select({ provider: oauthAccounts.provider, providerUserId: oauthAccounts.providerUserId, createdAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))

  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt))

  const likesSent = await db
    .select({ userId: likes.receiverId, firstName: other.firstName, likedAt: likes.createdAt })
    .from(likes)
    .innerJoin(other, eq(other.id, likes.receiverId))
    .where(eq(likes.senderId, userId))
    .orderBy(asc(likes.createdAt))

  const otherInMatch = sql<string>`case when ${matches.userLowId} = ${userId} then ${matches.userHighId} else ${matches.userLowId} end`
  const matchRows = await db
    .select({
      id: matches.id,
      userId: other.id,
      firstName: other.firstName,
      matchedAt: matches.createdAt,
      endedAt: matches.endedAt,
      conversationId: conversations.id,
      conversationClosedAt: conversations.closedAt,
    })
    .from(matches)
    .innerJoin(other, eq(other.id, otherInMatch))
    .leftJoin(conversations, eq(conversations.matchId, matches.id))
    .where(or(eq(matches.userLowId, userId), eq(matches.userHighId, userId)))
    .orderBy(asc(matches.createdAt))

  const messagesSent = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      content: messages.content,
      messageType: messages.messageType,
      sentAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.createdAt))

  const interestColumns = { id: interests.id, ...interestNoteColumns, createdAt: interests.createdAt }
  const interestsSent = await db
    .select({ ...interestColumns, userId: interests.receiverId, firstName: other.firstName })
    .from(interests)
    .innerJoin(other, eq(other.id, interests.receiverId))
    .where(eq(interests.senderId, userId))
    .orderBy(asc(interests.createdAt))
  const interestsReceived = await db
    .select({ ...interestColumns, userId: interests.senderId, firstName: other.firstName })
    .from(interests)
    .innerJoin(other, eq(other.id, interests.senderId))
    .where(eq(interests.receiverId, userId))
    .orderBy(asc(interests.createdAt))

  const blockRows = await db
    .select({ userId: blocks.blockedId, firstName: other.firstName, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(other, eq(other.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt))

  const reportsFiled = await db
    .select({
      id: reports.id,
      userId: reports.reportedId,
      firstName: other.firstName,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(other, eq(other.id, reports.reportedId))
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt))

  const notificationRows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      fromUserId: notifications.actorId,
      payload: notifications.payload,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt))

  // What the member submitted and where each record stands. Not the documents themselves (the member
  // sent them and can open them from the Verification page), nor where they are stored.
  const verificationRows = await db
    .select(verificationRecordColumns)
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(asc(verifications.submittedAt), asc(verifications.type))

  // The pastors the member asked to vouch, and their answers; never the link's token.
  const vouchRows = await db
    .select({
      ...vouchStandingColumns,
      pastorEmail: vouchRequests.pastorEmail,
      requestedAt: vouchRequests.createdAt,
      revokedAt: vouchRequests.revokedAt,
    })
    .from(vouchRequests)
    .where(eq(vouchRequests.userId, userId))
    .orderBy(asc(vouchRequests.createdAt))

  const interviewRows = await db
    .select({ id: interviews.id, aiPersona: interviews.aiPersona, startedAt: interviews.startedAt, completedAt: interviews.completedAt })
    .from(interviews)
    .where(eq(interviews.userId, userId))
    .orderBy(asc(interviews.startedAt))
  const answerRows = await db
    .select({
      interviewId: interviewAnswers.interviewId,
      questionId: interviewAnswers.questionId,
      response: interviewAnswers.response,
      answeredAt: interviewAnswers.answeredAt,
    })
    .from(interviewAnswers)
    .where(eq(interviewAnswers.userId, userId))

  return {
    exportedAt: now,
    account: account ?? null,
    profile: profile ?? null,
    photos: photoRows.map((photo) => ({ ...photo, url: photoUrl(photo.id) })),
    signInMethods,
    sessions: sessionRows,
    likesSent,
    matches: matchRows,
    messagesSent,
    interestsSent,
    interestsReceived,
    blocks: blockRows,
    reportsFiled,
    notifications: notificationRows,
    verifications: verificationRows,
    churchVouches: vouchRows,
    interviews: interviewRows.map((interview) => ({
      ...interview,
      answers: answerRows.filter((answer) => answer.interviewId === interview.id),
    })),
  }
}
