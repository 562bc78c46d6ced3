import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { discover } from '#server/services/discover.ts'
import { memberDirectory } from '#server/services/member-directory.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, setLastActive } from '#tests/support/members.ts'
import { testConfig } from '#tests/support/test-config.ts'

/**
 * Each process holds its own member directory (docs/decisions/027). Here a second connection to the
 * same database file stands for a second process: what members do through the first must show in
 * the second's very next Discover page, with no wait.
 */
let h: Harness
let other: DatabaseHandle
/** Statements the second process sends to the change log. */
let changeLogReads = 0
beforeEach(async () => {
  const { DATABASE_URL } = testConfig()
  h = await contractHarness({ ...MANY_MEMBERS, DATABASE_URL })
  other = await openDatabase(DATABASE_URL, undefined, {
    onQuery: (query) => {
      if (query.includes('"member_changes"')) changeLogReads++
    },
  })
})
afterEach(() => {
  other.close()
  h.close()
})

const shownTo = async (viewer: Member, filter = {}) =>
  (await discover(other.db, { id: viewer.user.id, plan: 'premium' }, filter)).profiles.map((profile) => profile.user.firstName).sort()

describe('the member directory of another process', () => {
  it('sees a member join, change, pause, resume and leave by the next page', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz', denomination: 'baptist' })
    expect(await shownTo(ruth)).toEqual(['Boaz'])

    await completeMember(h, { gender: 'man', firstName: 'Obed', denomination: 'catholic' })
    expect(await shownTo(ruth)).toEqual(['Boaz', 'Obed'])

    await boaz.api.profile.update({ denomination: 'methodist' })
    expect(await shownTo(ruth, { denomination: 'methodist' })).toEqual(['Boaz'])
    expect(await shownTo(ruth, { denomination: 'baptist' })).toEqual([])

    await boaz.api.account.pause()
    expect(await shownTo(ruth)).toEqual(['Obed'])
    await boaz.api.account.resume()
    expect(await shownTo(ruth)).toEqual(['Boaz', 'Obed'])

    await boaz.api.account.remove()
    expect(await shownTo(ruth)).toEqual(['Obed'])
  })

  it('sees a like and a block at once, which it never holds', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    const obed = await completeMember(h, { gender: 'man', firstName: 'Obed' })
    expect(await shownTo(ruth)).toEqual(['Boaz', 'Obed'])
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await obed.api.safety.block({ userId: ruth.user.id })
    expect(await shownTo(ruth)).toEqual([])
  })

  it('knows a member reloaded after a change by the same number, so whom the viewer passed stays passed', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    const obed = await completeMember(h, { gender: 'man', firstName: 'Obed' })
    await ruth.api.likes.pass({ userId: boaz.user.id })
    expect(await shownTo(ruth)).toEqual(['Obed'])
    const directory = await memberDirectory(other.db)
    const [listedBefore, number] = [directory.get(boaz.user.id), directory.keyOf(boaz.user.id)]

    await boaz.api.profile.update({ bio: 'Reading Ruth again this week.' })
    expect(await shownTo(ruth)).toEqual(['Obed'])
    expect(directory.get(boaz.user.id)).not.toBe(listedBefore)
    expect(directory.get(boaz.user.id)?.key).toBe(number)
    expect(directory.keyOf(boaz.user.id)).toBe(number)
    expect(directory.keyOf(obed.user.id)).not.toBe(number)
  })

  it("keeps each state's members most recently active first as they move and return", async () => {
    const names = async (state: string) =>
      (await memberDirectory(other.db)).inState('man', 'US', state).map((member) => member.row.firstName)
    const [boaz, obed, jesse] = [
      await completeMember(h, { gender: 'man', firstName: 'Boaz' }),
      await completeMember(h, { gender: 'man', firstName: 'Obed' }),
      await completeMember(h, { gender: 'man', firstName: 'Jesse' }),
    ]
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
    await setLastActive(h, boaz, hoursAgo(3))
    await setLastActive(h, obed, hoursAgo(2))
    await setLastActive(h, jesse, hoursAgo(1))
    expect(await names('TN')).toEqual(['Jesse', 'Obed', 'Boaz'])

    await setLastActive(h, boaz, hoursAgo(0))
    await obed.api.profile.update({ city: 'Dallas', state: 'TX', country: 'US' })
    expect(await names('TN')).toEqual(['Boaz', 'Jesse'])
    expect(await names('TX')).toEqual(['Obed'])

    // Back in place by his last activity (two hours ago), not at the end.
    await obed.api.profile.update({ city: 'Memphis', state: 'TN', country: 'US' })
    await setLastActive(h, jesse, hoursAgo(4))
    expect(await names('TN')).toEqual(['Boaz', 'Obed', 'Jesse'])
    expect(await names('TX')).toEqual([])
  })

  it('answers pages asked for together from one read of the change log, each with the writes made before it', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    expect(await shownTo(ruth)).toEqual(['Boaz'])

    await completeMember(h, { gender: 'man', firstName: 'Obed' })
    changeLogReads = 0
    const pages = await Promise.all(Array.from({ length: 10 }, () => shownTo(ruth)))
    expect(pages).toEqual(Array.from({ length: 10 }, () => ['Boaz', 'Obed']))
    expect(changeLogReads).toBe(1)
  })
})
