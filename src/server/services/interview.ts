import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { interviewAnswers, interviews } from '#db/schema/index.ts'
import { InvalidInputError, NotFoundError } from '#server/errors.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { type InterviewPersonaId, interviewPersonaById } from '#shared/content/interview-personas.ts'
import { findInterviewQuestion, type InterviewQuestion, interviewQuestions } from '#shared/content/interview-questions.ts'
import { recordActivity } from './achievements.ts'

const INTERVIEW_NOT_FOUND = 'Interview not found'
const INTERVIEW_ALREADY_COMPLETE = 'This interview is already complete.'
const UNKNOWN_QUESTION = 'Unknown question'
const CHOOSE_AN_OPTION = 'Please choose one of the options'
const INTERVIEW_COMPLETE_MESSAGE =
  'Thank you for your honest answers. They now shape your compatibility with every member, and your matches are ready.'

const TOTAL_QUESTIONS = interviewQuestions.length

/** The spec's Interview question: what the screen shows. */
function questionView(question: InterviewQuestion) {
  return {
    id: question.id,
    question: question.question,
    type: question.type,
    options: question.type === 'choice' ? [...question.options] : undefined,
    importance: question.importance,
  }
}

function progressOf(answered: number) {
  return { progress: Math.round((answered / TOTAL_QUESTIONS) * 100), questionsRemaining: TOTAL_QUESTIONS - answered }
}

async function answeredIds(db: Database, interviewId: string): Promise<Set<string>> {
  const rows = await db
    .select({ questionId: interviewAnswers.questionId })
    .from(interviewAnswers)
    .where(eq(interviewAnswers.interviewId, interviewId))
  return new Set(rows.map((row) => row.questionId))
}

function nextQuestion(answered: Set<string>) {
  const next = interviewQuestions.find((question) => !answered.has(question.id))
  return next ? questionView(next) : null
}

async function openInterview(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.userId, userId), isNull(interviews.completedAt)))
    .orderBy(desc(interviews.startedAt))
    .limit(1)
  return row
}

/** The spec's status ({completed}) and, when one is under way, where the member left off. */
export async function interviewStatus(db: Database, userId: string) {
  const [completed] = await db
    .select({ completedAt: interviews.completedAt })
    .from(interviews)
    .where(and(eq(interviews.userId, userId), isNotNull(interviews.completedAt)))
    .orderBy(desc(interviews.completedAt))
    .limit(1)
  const open = await openInterview(db, userId)
  const answered = open ? await answeredIds(db, open.id) : null
  return {
    completed: Boolean(completed),
    completedAt: completed?.completedAt ?? null,
    inProgress: open && answered ? { interviewId: open.id, ...progressOf(answered.size) } : null,
  }
}

/** Starts an interview, or resumes the one under way (its answers are kept). */
export async function startInterview(
  db: Database,
  userId: string,
  input: { aiPersona: InterviewPersonaId; communicationMode: 'chat' | 'voice' },
) {
  let interview = await openInterview(db, userId)
  if (interview) {
    await db
      .update(interviews)
      .set({ aiPersona: input.aiPersona, communicationMode: input.communicationMode })
      .where(eq(interviews.id, interview.id))
  } else {
    interview = (
      await db
        .insert(interviews)
        .values({ id: randomId(), userId, ...input })
        .returning()
    )[0]!
  }
  const answered = await answeredIds(db, interview.id)
  return {
    interviewId: interview.id,
    firstQuestion: nextQuestion(answered),
    aiPersona: interviewPersonaById[input.aiPersona],
    totalQuestions: TOTAL_QUESTIONS,
    ...progressOf(answered.size),
  }
}

/**
 * Stores an answer (answering a question again replaces it). A choice answer must be one of the
 * options. The last answer completes the interview, which from then on feeds the matching engine.
 */
export async function answerQuestion(
  db: Database,
  bus: Bus,
  userId: string,
  input: { interviewId: string; questionId: string; response: string; isVoice: boolean },
  now = new Date(),
) {
  const [interview] = await db
    .select({ id: interviews.id, completedAt: interviews.completedAt })
    .from(interviews)
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.userId, userId)))
  if (!interview) throw new NotFoundError(INTERVIEW_NOT_FOUND)
  if (interview.completedAt) throw new InvalidInputError(INTERVIEW_ALREADY_COMPLETE)
  const question = findInterviewQuestion(input.questionId)
  if (!question) throw new InvalidInputError(UNKNOWN_QUESTION)
  if (question.type === 'choice' && !question.options.includes(input.response)) {
    throw new InvalidInputError(CHOOSE_AN_OPTION)
  }

  const answer = {
    interviewId: interview.id,
    userId,
    questionId: question.id,
    response: input.response,
    isVoice: input.isVoice,
    answeredAt: now,
  }
  const [, [counted]] = await db.batch([
    db
      .insert(interviewAnswers)
      .values(answer)
      .onConflictDoUpdate({
        target: [interviewAnswers.interviewId, interviewAnswers.questionId],
        set: { response: answer.response, isVoice: answer.isVoice, answeredAt: now },
      }),
    db.select({ answered: sql<number>`count(*)` }).from(interviewAnswers).where(eq(interviewAnswers.interviewId, interview.id)),
  ])
  const answeredCount = counted?.answered ?? 0
  if (answeredCount < TOTAL_QUESTIONS) {
    const answered = await answeredIds(db, interview.id)
    return {
      completed: false,
      message: 'Thank you. Here is the next question.',
      nextQuestion: nextQuestion(answered),
      ...progressOf(answeredCount),
    }
  }
  await db
    .update(interviews)
    .set({ completedAt: now })
    .where(and(eq(interviews.id, interview.id), isNull(interviews.completedAt)))
  await recordActivity(db, bus, userId, 'interview_completed', now)
  return { completed: true, message: INTERVIEW_COMPLETE_MESSAGE, nextQuestion: null, ...progressOf(answeredCount) }
}

/** What the member's latest completed interview added to their profile, by topic, in the bank's order. */
export async function interviewAnswersOf(db: Database, userId: string) {
  const [latest] = await db
    .select({ id: interviews.id, completedAt: interviews.completedAt })
    .from(interviews)
    .where(and(eq(interviews.userId, userId), isNotNull(interviews.completedAt)))
    .orderBy(desc(interviews.completedAt))
    .limit(1)
  if (!latest) return { completedAt: null, answers: [] }
  const rows = await db
    .select({ questionId: interviewAnswers.questionId, response: interviewAnswers.response })
    .from(interviewAnswers)
    .where(eq(interviewAnswers.interviewId, latest.id))
  const byQuestion = new Map(rows.map((row) => [row.questionId, row.response]))
  return {
    completedAt: latest.completedAt,
    answers: interviewQuestions.flatMap((question) => {
      const response = byQuestion.get(question.id)
      return response ? [{ questionId: question.id, topic: question.topic, response }] : []
    }),
  }
}
