import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicErrorMessage } from '#server/errors.ts'
import { interviewQuestions } from '#shared/content/interview-questions.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { answerFor, completeInterview } from '#tests/support/interview.ts'
import { type Harness, MANY_MEMBERS, refusal } from '#tests/support/members.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterAll(() => h.close())

describe('the AI interview', () => {
  it('starts with a persona and the first question, and counts progress to completion', async () => {
    const member = await h.member()
    expect(await member.api.interview.status()).toMatchObject({ completed: false, inProgress: null })
    const started = await member.api.interview.start({ aiPersona: 'male', communicationMode: 'voice' })
    expect(started).toMatchObject({
      aiPersona: { name: 'Samuel' },
      totalQuestions: 20,
      firstQuestion: { id: interviewQuestions[0]!.id, type: 'choice', importance: 'high' },
    })
    expect(started.firstQuestion!.options).toEqual([...(interviewQuestions[0] as { options: readonly string[] }).options])

    const first = await member.api.interview.respond({
      interviewId: started.interviewId,
      questionId: started.firstQuestion!.id,
      response: answerFor(started.firstQuestion!.id),
      isVoice: true,
    })
    expect(first).toMatchObject({ completed: false, progress: 5, questionsRemaining: 19, nextQuestion: { id: interviewQuestions[1]!.id } })
    // The spec's question number: floor(progress / 100 * 20) + 1.
    expect(Math.floor((first.progress / 100) * 20) + 1).toBe(2)
    expect((await member.api.interview.status()).inProgress).toMatchObject({ interviewId: started.interviewId, progress: 5 })
  })

  it('resumes the interview under way instead of starting over', async () => {
    const member = await h.member()
    const started = await member.api.interview.start({ aiPersona: 'female', communicationMode: 'chat' })
    await member.api.interview.respond({
      interviewId: started.interviewId,
      questionId: started.firstQuestion!.id,
      response: answerFor(started.firstQuestion!.id),
      isVoice: false,
    })
    const again = await member.api.interview.start({ aiPersona: 'female', communicationMode: 'chat' })
    expect(again.interviewId).toBe(started.interviewId)
    expect(again.firstQuestion!.id).toBe(interviewQuestions[1]!.id)
    expect(again.progress).toBe(5)
  })

  it('completes after the last answer, says so, and shows the answers by topic', async () => {
    const member = await h.member()
    const { last } = await completeInterview(member)
    expect(last).toMatchObject({ completed: true, nextQuestion: null, progress: 100, questionsRemaining: 0 })
    expect(last.message).toContain('Thank you')
    expect(await member.api.interview.status()).toMatchObject({ completed: true, inProgress: null })
    const { answers } = await member.api.interview.answers()
    expect(answers).toHaveLength(20)
    expect(answers[0]).toEqual({
      questionId: interviewQuestions[0]!.id,
      topic: 'Daily walk with God',
      response: answerFor(interviewQuestions[0]!.id),
    })
    const earned = await member.api.achievements.user()
    expect(earned.map((a) => a.name)).toContain('Know Thyself')
  })

  it('refuses an answer that is not an option, an unknown question, a blank answer and answering after completion', async () => {
    const member = await h.member()
    const started = await member.api.interview.start({ aiPersona: 'female', communicationMode: 'chat' })
    const base = { interviewId: started.interviewId, isVoice: false }
    const notAnOption = await refusal(
      member.api.interview.respond({ ...base, questionId: 'family-children', response: 'Twelve, like Jacob' }),
    )
    expect(notAnOption).toMatchObject({ code: 'BAD_REQUEST', message: 'Please choose one of the options' })
    expect((await refusal(member.api.interview.respond({ ...base, questionId: 'favourite-colour', response: 'Blue' }))).message).toBe(
      'Unknown question',
    )
    expect(
      publicErrorMessage(await refusal(member.api.interview.respond({ ...base, questionId: 'marriage-vision', response: '   ' }))),
    ).toBe('Please write your answer')
    expect(publicErrorMessage(await refusal(member.api.interview.start({ aiPersona: 'robot' as never, communicationMode: 'chat' })))).toBe(
      'Please choose an interviewer',
    )

    const done = await h.member()
    const { started: finished } = await completeInterview(done)
    const late = await refusal(
      done.api.interview.respond({ interviewId: finished.interviewId, questionId: 'marriage-vision', response: 'Again' }),
    )
    expect(late).toMatchObject({ code: 'BAD_REQUEST', message: 'This interview is already complete.' })
  })

  it("treats another member's interview as missing, and a visitor as signed out", async () => {
    const owner = await h.member()
    const started = await owner.api.interview.start({ aiPersona: 'female', communicationMode: 'chat' })
    const other = await h.member()
    const error = await refusal(
      other.api.interview.respond({ interviewId: started.interviewId, questionId: 'marriage-vision', response: 'Mine now' }),
    )
    expect(error.code).toBe('NOT_FOUND')
    const visitor = h.caller().api
    expect((await refusal(visitor.interview.status())).code).toBe('UNAUTHORIZED')
    expect((await refusal(visitor.interview.start({ aiPersona: 'female', communicationMode: 'chat' }))).code).toBe('UNAUTHORIZED')
  })
})
