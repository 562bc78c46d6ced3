import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { communicationModes, interviewPersonas } from '#shared/content/interview-personas.ts'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

/** A member's AI interview; at most one is open at a time, and a completed one feeds the matching engine. */
export const interviews = sqliteTable(
  'interviews',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aiPersona: text('ai_persona', { enum: interviewPersonas }).notNull(),
    communicationMode: text('communication_mode', { enum: communicationModes }).notNull(),
    startedAt: createdAt(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('interviews_user_idx').on(t.userId, t.startedAt)],
)

/** One answer per question per interview; the question bank lives in src/shared/content. */
export const interviewAnswers = sqliteTable(
  'interview_answers',
  {
    interviewId: text('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    response: text('response').notNull(),
    isVoice: integer('is_voice', { mode: 'boolean' }).notNull().default(false),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.questionId] }), index('interview_answers_user_idx').on(t.userId)],
)

export type Interview = typeof interviews.$inferSelect
export type InterviewAnswer = typeof interviewAnswers.$inferSelect
