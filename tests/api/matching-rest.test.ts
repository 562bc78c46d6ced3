import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { interviewQuestions } from '#shared/content/interview-questions.ts'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { answerFor } from '#tests/support/interview.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

const member = (gender: 'man' | 'woman', firstName: string) => registerCompleteMember(app.url, gender, firstName)

describe('the interview paths', () => {
  it("walk the spec's start, response and status shapes", async () => {
    const ruth = await member('woman', 'Ruth')
    expect((await api('GET', '/api/interview/status', { cookie: ruth.cookie })).body).toMatchObject({ completed: false })
    const start = await api('POST', '/api/interview/start', {
      cookie: ruth.cookie,
      body: { aiPersona: 'female', communicationMode: 'chat' },
    })
    expect(start.status).toBe(200)
    expect(start.body).toMatchObject({
      interviewId: expect.any(String),
      firstQuestion: { id: interviewQuestions[0]!.id, question: interviewQuestions[0]!.question, type: 'choice', importance: 'high' },
      aiPersona: { name: 'Miriam', description: expect.any(String) },
      totalQuestions: 20,
    })
    const answer = await api('POST', '/api/interview/response', {
      cookie: ruth.cookie,
      body: {
        interviewId: start.body.interviewId,
        questionId: interviewQuestions[0]!.id,
        response: answerFor(interviewQuestions[0]!.id),
        isVoice: false,
      },
    })
    expect(answer.body).toEqual({
      completed: false,
      message: expect.any(String),
      nextQuestion: expect.objectContaining({ id: interviewQuestions[1]!.id }),
      progress: 5,
      questionsRemaining: 19,
    })
    const wrong = await api('POST', '/api/interview/response', {
      cookie: ruth.cookie,
      body: { interviewId: start.body.interviewId, questionId: 'family-children', response: 'Twelve', isVoice: false },
    })
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Please choose one of the options' } })
    expect((await api('GET', '/api/interview/status')).status).toBe(401)
  })
})

describe('quantum matches and premium features', () => {
  it("answer the spec's quantum match list and feature names", async () => {
    const ruth = await member('woman', 'Ruth')
    await member('man', 'Boaz')
    const reply = await api('GET', '/api/matches/quantum?limit=20', { cookie: ruth.cookie })
    expect(reply.status).toBe(200)
    expect(reply.body.length).toBeGreaterThan(0)
    expect(reply.body.length).toBeLessThanOrEqual(5)
    expect(Object.keys(reply.body[0]).sort()).toEqual(
      [
        'age',
        'city',
        'compatibilityScore',
        'denomination',
        'divineInsightScore',
        'faithJourney',
        'id',
        'isVerified',
        'location',
        'personalityCompatibilityScore',
        'photoUrl',
        'quantumAlgorithmVersion',
        'reasons',
        'sharedAnswers',
        'spiritualGifts',
        'state',
        'user',
      ].sort(),
    )
    expect(Object.keys(reply.body[0].user).sort()).toEqual(['firstName', 'id', 'lastName'])
    expect((await api('GET', '/api/matches/quantum?limit=500', { cookie: ruth.cookie })).status).toBe(400)
    expect((await api('GET', '/api/premium/features', { cookie: ruth.cookie })).body).toEqual([])
  })
})

describe('the pass paths', () => {
  it('pass a member out of Discover and take back the newest pass', async () => {
    const ruth = await member('woman', 'Ruth')
    const boaz = await member('man', 'Boaz')
    const discovered = async () =>
      ((await api('GET', '/api/profiles/discover', { cookie: ruth.cookie })).body as { userId: string }[]).map((p) => p.userId)
    expect(await discovered()).toContain(boaz.id)

    expect(await api('POST', '/api/passes', { cookie: ruth.cookie, body: { userId: boaz.id } })).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect(await discovered()).not.toContain(boaz.id)
    expect(await api('DELETE', '/api/passes/latest', { cookie: ruth.cookie })).toMatchObject({ status: 200, body: { userId: boaz.id } })
    expect(await discovered()).toContain(boaz.id)
    expect((await api('DELETE', '/api/passes/latest', { cookie: ruth.cookie })).body).toEqual({ userId: null })
  })

  it('answer readable refusals', async () => {
    const ruth = await member('woman', 'Ruth')
    const boaz = await member('man', 'Boaz')
    const pass = (body: unknown, cookie?: string) => api('POST', '/api/passes', { cookie, body })
    expect((await pass({ userId: boaz.id })).status).toBe(401)
    expect((await api('DELETE', '/api/passes/latest')).status).toBe(401)
    expect(await pass({ userId: ruth.id }, ruth.cookie)).toMatchObject({
      status: 400,
      body: { message: "You can't pass on your own profile." },
    })
    expect((await pass({}, ruth.cookie)).status).toBe(400)
    expect((await pass({ userId: 'nobody' }, ruth.cookie)).status).toBe(404)
    await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    expect(await pass({ userId: boaz.id }, ruth.cookie)).toMatchObject({
      status: 409,
      body: { message: 'You have already liked this member, so they can no longer be passed.' },
    })
  })
})

describe('the AI paths', () => {
  it('answer 503 for counseling without a model, and the analysis from the engine', async () => {
    const ruth = await member('woman', 'Ruth')
    const boaz = await member('man', 'Boaz')
    const counseling = await api('POST', '/api/ai/marriage-counseling', {
      cookie: ruth.cookie,
      body: { question: 'How do we pray together?' },
    })
    expect(counseling).toMatchObject({
      status: 503,
      body: { message: 'AI marriage counseling requires API configuration. Please contact support.' },
    })

    expect((await api('POST', '/api/ai/compatibility-analysis', { cookie: ruth.cookie })).status).toBe(404)
    await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    await api('POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
    const analysis = await api('POST', '/api/ai/compatibility-analysis', { cookie: ruth.cookie })
    expect(analysis.status).toBe(200)
    expect(analysis.body).toMatchObject({
      overallScore: expect.any(Number),
      spiritualAlignment: expect.any(Number),
      communicationCompatibility: expect.any(Number),
      lifestyleCompatibility: expect.any(Number),
      valuesAlignment: expect.any(Number),
      strengths: expect.arrayContaining([expect.any(String)]),
      growthAreas: expect.arrayContaining([expect.any(String)]),
    })
  })
})
