import { asc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { likes, messages } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { DAILY_LIKES_REACHED, INTEREST_ALREADY_SENT } from '#server/services/likes.ts'
import { PHOTO_NOT_ON_PROFILE, PROMPT_NOT_ON_PROFILE } from '#server/services/prompts.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import { LIKE_NOTE_TOO_LONG } from '#shared/schemas/likes.ts'
import { ANSWER_REQUIRED, ANSWER_TOO_LONG, PROMPT_CHOSEN_TWICE, TOO_MANY_PROMPTS } from '#shared/schemas/prompts.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, onPlan, refusal } from '#tests/support/members.ts'

const dailyLikes = limitsOf('free').likesPerDay!

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const verse = { promptId: 'verse', answer: 'Psalm 46:10. Be still, and know that I am God.' } as const
const afternoons = { promptId: 'sabbath_afternoons', answer: 'A long walk by the river, then potluck with friends.' } as const
const firstDate = { promptId: 'first_date', answer: 'Coffee after church and a walk in the park.' } as const
const laugh = { promptId: 'laugh', answer: 'Puns. Terrible ones.' } as const

async function invalid(call: Promise<unknown>) {
  const error = await refusal(call)
  expect(error.code).toBe('BAD_REQUEST')
  return publicErrorMessage(error)
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on prompts', async () => {
    const { api } = h.caller()
    expect((await refusal(api.profile.prompts())).code).toBe('UNAUTHORIZED')
    expect((await refusal(api.profile.setPrompts({ prompts: [verse] }))).code).toBe('UNAUTHORIZED')
  })
})

describe('profile prompts', () => {
  it('keeps up to three answers in the member’s order, replaces them as a set, and shows them to others', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    expect(await ruth.api.profile.prompts()).toEqual([])

    const saved = await ruth.api.profile.setPrompts({ prompts: [afternoons, { ...verse, answer: `  ${verse.answer}\n` }, firstDate] })
    expect(saved).toEqual([
      { ...afternoons, prompt: 'Sabbath afternoons look like…' },
      { ...verse, prompt: 'The verse I keep coming back to…' },
      { ...firstDate, prompt: 'A first date I would love…' },
    ])
    expect(await ruth.api.profile.prompts()).toEqual(saved)
    expect((await boaz.api.members.byId({ userId: ruth.user.id })).prompts).toEqual(saved)

    // Reordered, one removed: the set is replaced.
    const reordered = await ruth.api.profile.setPrompts({ prompts: [firstDate, afternoons] })
    expect(reordered.map((prompt) => prompt.promptId)).toEqual(['first_date', 'sabbath_afternoons'])
    expect((await boaz.api.members.byId({ userId: ruth.user.id })).prompts).toEqual(reordered)
    expect(await ruth.api.profile.setPrompts({ prompts: [] })).toEqual([])
    // Each member's prompts are their own.
    expect(await boaz.api.profile.prompts()).toEqual([])
  })

  it('refuses a fourth prompt, a prompt chosen twice, a blank or over-long answer and an unknown prompt, keeping what was saved', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    await ruth.api.profile.setPrompts({ prompts: [verse] })
    expect(await invalid(ruth.api.profile.setPrompts({ prompts: [verse, afternoons, firstDate, laugh] }))).toBe(TOO_MANY_PROMPTS)
    expect(await invalid(ruth.api.profile.setPrompts({ prompts: [verse, { ...verse, answer: 'Another' }] }))).toBe(PROMPT_CHOSEN_TWICE)
    expect(await invalid(ruth.api.profile.setPrompts({ prompts: [{ ...verse, answer: ' \n ' }] }))).toBe(ANSWER_REQUIRED)
    expect(await invalid(ruth.api.profile.setPrompts({ prompts: [{ ...verse, answer: 'a'.repeat(301) }] }))).toBe(ANSWER_TOO_LONG)
    expect(await invalid(ruth.api.profile.setPrompts({ prompts: [{ promptId: 'pets' as 'verse', answer: 'Dogs' }] }))).toBe(
      'Please choose a prompt',
    )
    expect((await ruth.api.profile.prompts()).map((prompt) => prompt.answer)).toEqual([verse.answer])
  })
})

describe('a like with a note', () => {
  async function pair() {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    await ruth.api.profile.setPrompts({ prompts: [verse, afternoons] })
    await onPlan(h, ruth, 'premium')
    return { ruth, boaz }
  }

  async function interestNote(member: Member) {
    return (await member.api.notifications.list()).notifications.find((note) => note.type === 'interest_received')
  }

  it('on a prompt arrives as an interest carrying the prompt as it read, in Likes You and the notification', async () => {
    const { ruth, boaz } = await pair()
    const note = '  Psalm 46 carried me through a hard year too. What does stillness look like for you?  '
    expect(await boaz.api.likes.create({ receiverId: ruth.user.id, note, about: { kind: 'prompt', promptId: 'verse' } })).toEqual({
      isMutual: false,
    })
    // She changes her answer afterwards: the like keeps the words it answered.
    await ruth.api.profile.setPrompts({ prompts: [{ ...verse, answer: 'John 15:5.' }] })

    const about = { kind: 'prompt', promptId: 'verse', prompt: 'The verse I keep coming back to…', answer: verse.answer }
    const received = await ruth.api.likes.received()
    expect(received.members).toEqual([
      expect.objectContaining({
        id: boaz.user.id,
        interest: expect.objectContaining({ interestType: 'general', message: note.trim(), about }),
      }),
    ])
    expect(await interestNote(ruth)).toMatchObject({
      actor: { firstName: 'Boaz' },
      interest: { interestType: 'general', message: note.trim(), about },
    })
    // It is a like: Boaz sees he liked her.
    expect((await boaz.api.members.byId({ userId: ruth.user.id })).relationship).toMatchObject({ liked: true, interestSent: true })
  })

  it('on a photo arrives with the photo it answered; a blank note is a plain like', async () => {
    const { ruth, boaz } = await pair()
    const naomi = await completeMember(h, { gender: 'woman', firstName: 'Naomi' })
    const [photo] = (await ruth.api.profile.addPhoto({ image: await jpegWithGps() })).photos
    await boaz.api.likes.create({ receiverId: ruth.user.id, note: 'That smile!', about: { kind: 'photo', photoId: photo!.id } })
    expect(await interestNote(ruth)).toMatchObject({ interest: { message: 'That smile!', about: { kind: 'photo', photoId: photo!.id } } })

    await onPlan(h, naomi, 'premium')
    await boaz.api.likes.create({ receiverId: naomi.user.id, note: ' \n ', about: { kind: 'prompt', promptId: 'verse' } })
    const notes = (await naomi.api.notifications.list()).notifications.filter((note) => note.type !== 'achievement_earned')
    expect(notes.map((note) => note.type)).toEqual(['like_received'])
    expect((await naomi.api.likes.received()).members).toEqual([expect.objectContaining({ id: boaz.user.id, interest: null })])
  })

  it('refuses a prompt or photo that is not on their profile, and a note over 500 characters, storing no like', async () => {
    const { ruth, boaz } = await pair()
    const [boazPhoto] = (await boaz.api.profile.addPhoto({ image: await jpegWithGps() })).photos
    const like = (fields: object) => boaz.api.likes.create({ receiverId: ruth.user.id, note: 'Hello', ...fields })
    expect(await invalid(like({ about: { kind: 'prompt', promptId: 'laugh' } }))).toBe(PROMPT_NOT_ON_PROFILE)
    expect(await invalid(like({ about: { kind: 'photo', photoId: boazPhoto!.id } }))).toBe(PHOTO_NOT_ON_PROFILE)
    expect(await invalid(like({ about: { kind: 'photo', photoId: 'no-such-photo' } }))).toBe(PHOTO_NOT_ON_PROFILE)
    expect(await invalid(like({ note: 'a'.repeat(501) }))).toBe(LIKE_NOTE_TOO_LONG)
    expect(await h.db.select().from(likes).where(eq(likes.senderId, boaz.user.id))).toEqual([])
  })

  it('counts against the free plan’s daily likes', async () => {
    const boaz = await completeMember(h, { gender: 'man' })
    const women: Member[] = []
    for (let i = 0; i < dailyLikes + 1; i++) women.push(await completeMember(h, { gender: 'woman' }))
    for (const woman of women.slice(0, dailyLikes)) await boaz.api.likes.create({ receiverId: woman.user.id, note: 'Hello!' })
    const error = await refusal(boaz.api.likes.create({ receiverId: women.at(-1)!.user.id, note: 'Hello!' }))
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(publicErrorMessage(error)).toBe(DAILY_LIKES_REACHED)
  })

  it('makes the match when it answers a like, and opens the conversation with the note and what it answered', async () => {
    const { ruth, boaz } = await pair()
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const mutual = await boaz.api.likes.create({
      receiverId: ruth.user.id,
      note: 'Same verse here.',
      about: { kind: 'prompt', promptId: 'verse' },
    })
    expect(mutual).toMatchObject({ isMutual: true, matchId: expect.any(String), conversationId: expect.any(String) })
    const opened = await h.db
      .select({ senderId: messages.senderId, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, mutual.conversationId!))
      .orderBy(asc(messages.createdAt))
    expect(opened).toEqual([
      { senderId: boaz.user.id, content: 'Liked your answer to “The verse I keep coming back to…”\n\nSame verse here.' },
    ])
  })

  it('with a second note after an unmatch, stores nothing, not even the like, and makes no match', async () => {
    const { ruth, boaz } = await pair()
    await boaz.api.likes.create({ receiverId: ruth.user.id, note: 'Same verse here.', about: { kind: 'prompt', promptId: 'verse' } })
    const first = await ruth.api.likes.create({ receiverId: boaz.user.id })
    await boaz.api.matches.remove({ id: first.matchId! })
    // Ruth likes him again; his like back with a new note is refused whole: a pair's interest is sent once.
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const error = await refusal(
      boaz.api.likes.create({ receiverId: ruth.user.id, note: 'Hello again.', about: { kind: 'prompt', promptId: 'verse' } }),
    )
    expect(error.code).toBe('CONFLICT')
    expect(publicErrorMessage(error)).toBe(INTEREST_ALREADY_SENT)
    expect(await h.db.select().from(likes).where(eq(likes.senderId, boaz.user.id))).toEqual([])
    expect(await boaz.api.matches.list()).toEqual([])
    // A plain like still answers hers and makes the match.
    expect(await boaz.api.likes.create({ receiverId: ruth.user.id })).toMatchObject({ isMutual: true })
  })
})
