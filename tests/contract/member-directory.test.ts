import { setFlagsFromString } from 'node:v8'
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
/** Statements the second process sends. */
let otherQueries: string[] = []
const sentTo = (table: string) => otherQueries.filter((query) => query.includes(`"${table}"`)).length
beforeEach(async () => {
  const { DATABASE_URL } = testConfig()
  h = await contractHarness({ ...MANY_MEMBERS, DATABASE_URL })
  otherQueries = []
  other = await openDatabase(DATABASE_URL, undefined, { onQuery: (query) => otherQueries.push(query) })
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

  it('moves members whose last activity alone changed without reading their profiles or answers again', async () => {
    const men = [
      await completeMember(h, { gender: 'man', firstName: 'Boaz' }),
      await completeMember(h, { gender: 'man', firstName: 'Obed' }),
      await completeMember(h, { gender: 'man', firstName: 'Jesse' }),
    ]
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
    for (const [index, man] of men.entries()) await setLastActive(h, man, hoursAgo(24 * (index + 1)))
    const names = async () => (await memberDirectory(other.db)).byActivity('man').map((member) => member.row.firstName)
    expect(await names()).toEqual(['Boaz', 'Obed', 'Jesse'])
    // A page ranks them all, so each has the facts ranking built for him.
    expect(await shownTo(await completeMember(h, { gender: 'woman', firstName: 'Ruth' }))).toEqual(['Boaz', 'Jesse', 'Obed'])
    const factsOf = async (man: Member) => (await memberDirectory(other.db)).get(man.user.id)?.facts
    const jessesTraits = (await factsOf(men[2]!))?.traits

    otherQueries = []
    const now = new Date()
    await setLastActive(h, men[2]!, now)
    await setLastActive(h, men[1]!, hoursAgo(0.5))
    expect(await names()).toEqual(['Jesse', 'Obed', 'Boaz'])
    expect((await memberDirectory(other.db)).get(men[2]!.user.id)?.row.lastActiveAt).toEqual(now)
    expect([sentTo('profiles'), sentTo('interview_answers')]).toEqual([0, 0])
    // Ranking sees Jesse active now, through the facts he had rather than facts built again.
    expect(await factsOf(men[2]!)).toMatchObject({ lastActiveMs: now.getTime(), traits: jessesTraits })
    expect((await factsOf(men[2]!))?.traits).toBe(jessesTraits)

    // A change to anything else still reads the member again, however recent their last activity.
    await men[0]!.api.profile.update({ bio: 'Threshing barley at Bethlehem.' })
    expect(await names()).toEqual(['Jesse', 'Obed', 'Boaz'])
    expect((await memberDirectory(other.db)).get(men[0]!.user.id)?.row.bio).toBe('Threshing barley at Bethlehem.')
  })

  it('gives members moved by their activity the shape of members read, so the code ranking them is not made again', async () => {
    // V8's own tests of objects' hidden classes; its syntax is allowed for functions made from here on.
    setFlagsFromString('--allow-natives-syntax')
    const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean
    // Every object held as a hash table shares one map, so a shape of its own is asked for too.
    const ownShape = new Function('a', 'return %HasFastProperties(a)') as (a: unknown) => boolean
    const [boaz, obed] = [
      await completeMember(h, { gender: 'man', firstName: 'Boaz' }),
      await completeMember(h, { gender: 'man', firstName: 'Obed' }),
    ]
    await shownTo(await completeMember(h, { gender: 'woman', firstName: 'Ruth' }))
    await setLastActive(h, boaz, new Date())
    await shownTo(await completeMember(h, { gender: 'woman', firstName: 'Naomi' }))

    const directory = await memberDirectory(other.db)
    const [moved, read] = [directory.get(boaz.user.id)!, directory.get(obed.user.id)!]
    expect(moved.row.lastActiveAt.getTime()).toBeGreaterThan(read.row.lastActiveAt.getTime())
    expect([sameShape(moved, read), sameShape(moved.row, read.row), sameShape(moved.facts, read.facts)]).toEqual([true, true, true])
    expect([moved, read, moved.row, read.row].map(ownShape)).toEqual([true, true, true, true])
  })

  it('keeps every order right when many members change between two pages, as a burst of sign-ins does', async () => {
    const names = ['Boaz', 'Obed', 'Jesse', 'David', 'Nathan', 'Seth', 'Caleb', 'Asa', 'Amos', 'Hosea', 'Joel', 'Micah']
    const men = []
    for (const firstName of names) men.push(await completeMember(h, { gender: 'man', firstName }))
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    for (const [index, man] of men.entries()) await setLastActive(h, man, minutesAgo(100 + index * 10))
    const directory = await memberDirectory(other.db)
    expect(directory.inState('man', 'US', 'TN').map((member) => member.row.firstName)).toEqual(names)

    // Eight of the twelve change before the other process reads again: some now, some earlier than
    // anyone, some between the others; two of them move to Texas.
    const changed: [index: number, minutes: number][] = [
      [1, 0],
      [5, 1],
      [0, 500],
      [7, 125],
      [2, 102],
      [9, 2],
      [3, 999],
      [10, 115],
    ]
    for (const [index, minutes] of changed) await setLastActive(h, men[index]!, minutesAgo(minutes))
    for (const index of [5, 7]) await men[index]!.api.profile.update({ city: 'Dallas', state: 'TX', country: 'US' })

    const minutesOf = names.map((_, index) => changed.find(([changedIndex]) => changedIndex === index)?.[1] ?? 100 + index * 10)
    const byRecency = (indexes: number[]) => indexes.sort((a, b) => minutesOf[a]! - minutesOf[b]!).map((index) => names[index])
    const inTexas = [5, 7]
    const refreshed = await memberDirectory(other.db)
    expect(refreshed.inState('man', 'US', 'TN').map((member) => member.row.firstName)).toEqual(
      byRecency(names.map((_, index) => index).filter((index) => !inTexas.includes(index))),
    )
    expect(refreshed.inState('man', 'US', 'TX').map((member) => member.row.firstName)).toEqual(byRecency(inTexas))
    expect(refreshed.byActivity('man').map((member) => member.row.firstName)).toEqual(byRecency(names.map((_, index) => index)))
  })

  it('answers pages asked for together from one read of the change log, each with the writes made before it', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    expect(await shownTo(ruth)).toEqual(['Boaz'])

    await completeMember(h, { gender: 'man', firstName: 'Obed' })
    otherQueries = []
    const pages = await Promise.all(Array.from({ length: 10 }, () => shownTo(ruth)))
    expect(pages).toEqual(Array.from({ length: 10 }, () => ['Boaz', 'Obed']))
    expect(sentTo('member_changes')).toBe(1)
  })
})
