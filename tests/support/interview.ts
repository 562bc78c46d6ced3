import { type InterviewQuestion, interviewQuestions } from '#shared/content/interview-questions.ts'
import type { Member } from './members.ts'

/** The first option of a choice question (or the one `pick` chooses), a sentence for an open one. */
export function answerFor(questionId: string, pick: (options: readonly string[]) => string = (options) => options[0]!) {
  const question = interviewQuestions.find((q) => q.id === questionId) as InterviewQuestion
  return question.type === 'choice' ? pick(question.options) : 'A home where Christ is the head and prayer comes first.'
}

/** Answers every question through the procedures, as the screen does. */
export async function completeInterview(member: Pick<Member, 'api'>, pick?: (options: readonly string[]) => string) {
  const started = await member.api.interview.start({ aiPersona: 'female', communicationMode: 'chat' })
  let question = started.firstQuestion
  let last: Awaited<ReturnType<typeof member.api.interview.respond>> | undefined
  while (question) {
    last = await member.api.interview.respond({
      interviewId: started.interviewId,
      questionId: question.id,
      response: answerFor(question.id, pick),
      isVoice: false,
    })
    question = last.nextQuestion
  }
  return { started, last: last! }
}
