import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { userAchievements } from '#db/schema/index.ts'
import { achievementCatalog } from '#shared/content/achievements.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { type Harness, MANY_MEMBERS, type Member } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

function award(member: Member, ids: string[]) {
  return h.db.insert(userAchievements).values(
    ids.map((achievementId) => ({
      userId: member.user.id,
      achievementId,
      points: achievementCatalog.find((a) => a.id === achievementId)!.points,
      achievedAt: new Date(),
    })),
  )
}

/** Abigail (80 points), Benjamin (50) and Claire (20) on the board. */
async function board() {
  const abigail = await h.member({ firstName: 'Abigail' })
  const benjamin = await h.member({ firstName: 'Benjamin' })
  const claire = await h.member({ firstName: 'Claire' })
  await award(abigail, ['verified-believer', 'servant-host'])
  await award(benjamin, ['know-thyself', 'first-steps', 'picture-of-grace'])
  await award(claire, ['first-steps', 'first-spark'])
  return { abigail, benjamin, claire }
}

const namesOn = async (member: Member) => (await member.api.achievements.leaderboard()).map((entry) => [entry.rank, entry.name])

describe('the leaderboard and blocks', () => {
  it('hides the blocked member from the one who blocked them, ranks closing up', async () => {
    const { abigail, benjamin, claire } = await board()
    await claire.api.safety.block({ userId: benjamin.user.id })

    expect(await namesOn(claire)).toEqual([
      [1, 'Abigail'],
      [2, 'Claire'],
    ])
    expect(await namesOn(abigail)).toEqual([
      [1, 'Abigail'],
      [2, 'Benjamin'],
      [3, 'Claire'],
    ])
  })

  it('hides the member who blocked them from the blocked member', async () => {
    const { abigail, benjamin, claire } = await board()
    await abigail.api.safety.block({ userId: claire.user.id })

    expect(await namesOn(claire)).toEqual([
      [1, 'Benjamin'],
      [2, 'Claire'],
    ])
    expect(await namesOn(abigail)).toEqual([
      [1, 'Abigail'],
      [2, 'Benjamin'],
    ])
    expect(await namesOn(benjamin)).toEqual([
      [1, 'Abigail'],
      [2, 'Benjamin'],
      [3, 'Claire'],
    ])
  })

  it('shows both again once the block is lifted', async () => {
    const { benjamin, claire } = await board()
    await claire.api.safety.block({ userId: benjamin.user.id })
    await claire.api.safety.unblock({ userId: benjamin.user.id })

    for (const member of [benjamin, claire]) {
      expect((await namesOn(member)).map(([, name]) => name)).toEqual(['Abigail', 'Benjamin', 'Claire'])
    }
  })
})
