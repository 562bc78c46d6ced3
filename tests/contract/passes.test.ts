import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ALREADY_LIKED, CANNOT_PASS_YOURSELF, passMember } from '#server/services/passes.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, onPlan, refusal } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const discovered = async (member: Member) => (await member.api.members.discover({})).profiles.map((profile) => profile.userId).sort()
const likedBy = async (member: Member) => (await member.api.likes.received()).members.map((liker) => liker.id).sort()
const idsOf = (...members: Member[]) => members.map((member) => member.user.id).sort()

/** Boaz on a plan that sees who liked him, and three women: two of them liked him. */
async function boazAndThree() {
  const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
  const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
  const naomi = await completeMember(h, { gender: 'woman', firstName: 'Naomi' })
  const orpah = await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
  await ruth.api.likes.create({ receiverId: boaz.user.id })
  await naomi.api.likes.create({ receiverId: boaz.user.id })
  await onPlan(h, boaz, 'premium')
  return { boaz, ruth, naomi, orpah }
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on pass and undo', async () => {
    const { api } = h.caller()
    expect((await refusal(api.likes.pass({ userId: 'someone' }))).code).toBe('UNAUTHORIZED')
    expect((await refusal(api.likes.undoPass())).code).toBe('UNAUTHORIZED')
  })
})

describe('a pass', () => {
  it('hides the member from Discover and from Likes You, and tells them nothing', async () => {
    const { boaz, ruth, naomi, orpah } = await boazAndThree()
    expect(await discovered(boaz)).toEqual(idsOf(ruth, naomi, orpah))
    expect(await likedBy(boaz)).toEqual(idsOf(ruth, naomi))
    const ruthsNotes = await ruth.api.notifications.list()

    expect(await boaz.api.likes.pass({ userId: ruth.user.id })).toEqual({ success: true })
    expect(await boaz.api.likes.pass({ userId: orpah.user.id })).toEqual({ success: true })

    expect(await discovered(boaz)).toEqual(idsOf(naomi))
    expect(await likedBy(boaz)).toEqual(idsOf(naomi))
    expect(await ruth.api.notifications.list()).toEqual(ruthsNotes)
    // Boaz is still in Discover for the women he passed.
    expect(await discovered(orpah)).toEqual(idsOf(boaz))
  })

  it('twice is the same as once, and one undo brings the member back', async () => {
    const { boaz, ruth, naomi, orpah } = await boazAndThree()
    await boaz.api.likes.pass({ userId: ruth.user.id })
    expect(await boaz.api.likes.pass({ userId: ruth.user.id })).toEqual({ success: true })
    expect(await discovered(boaz)).toEqual(idsOf(naomi, orpah))
    expect(await boaz.api.likes.undoPass()).toEqual({ userId: ruth.user.id })
    expect(await discovered(boaz)).toEqual(idsOf(ruth, naomi, orpah))
    expect(await boaz.api.likes.undoPass()).toEqual({ userId: null })
  })

  it('is refused on oneself, on a member already liked or matched, and on an unknown member', async () => {
    const { boaz, ruth, orpah } = await boazAndThree()
    const self = await refusal(boaz.api.likes.pass({ userId: boaz.user.id }))
    expect({ code: self.code, message: self.message }).toEqual({ code: 'BAD_REQUEST', message: CANNOT_PASS_YOURSELF })

    await boaz.api.likes.create({ receiverId: orpah.user.id })
    const liked = await refusal(boaz.api.likes.pass({ userId: orpah.user.id }))
    expect({ code: liked.code, message: liked.message }).toEqual({ code: 'CONFLICT', message: ALREADY_LIKED })

    const match = await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect(match.isMutual).toBe(true)
    expect((await refusal(boaz.api.likes.pass({ userId: ruth.user.id }))).code).toBe('CONFLICT')
    expect((await refusal(ruth.api.likes.pass({ userId: boaz.user.id }))).code).toBe('CONFLICT')

    expect((await refusal(boaz.api.likes.pass({ userId: 'nobody' }))).code).toBe('NOT_FOUND')
    expect(await boaz.api.likes.undoPass()).toEqual({ userId: null })
  })
})

describe('undo', () => {
  it('takes back only the newest pass, one at a time, and only the member’s own', async () => {
    const { boaz, ruth, naomi, orpah } = await boazAndThree()
    await passMember(h.db, boaz.user.id, naomi.user.id, new Date(1_000))
    await passMember(h.db, boaz.user.id, orpah.user.id, new Date(2_000))
    await passMember(h.db, boaz.user.id, ruth.user.id, new Date(2_000))
    await orpah.api.likes.pass({ userId: boaz.user.id })

    expect(await boaz.api.likes.undoPass()).toEqual({ userId: ruth.user.id })
    expect(await discovered(boaz)).toEqual(idsOf(ruth))
    expect(await likedBy(boaz)).toEqual(idsOf(ruth))

    expect(await boaz.api.likes.undoPass()).toEqual({ userId: orpah.user.id })
    expect(await discovered(boaz)).toEqual(idsOf(ruth, orpah))
    // Orpah's own pass on Boaz is hers: his undos never touch it.
    expect(await boaz.api.likes.undoPass()).toEqual({ userId: naomi.user.id })
    expect(await boaz.api.likes.undoPass()).toEqual({ userId: null })
    expect(await discovered(orpah)).toEqual([])
  })
})
