import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { memberDirectory } from '#server/services/member-directory.ts'
import { liftSuspensions } from '#server/services/moderation.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, onPlan } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

/**
 * Ruth with `matched` matches (each with a short conversation), `strangers` men she has not met
 * who liked her, and as many she has never heard of: every list she opens has that many rows.
 */
async function ruthAmong(count: number) {
  // A process reads every member once, when its member directory loads (docs/decisions/027); the
  // requests measured then read only the members changed since, as every request after the first does.
  await memberDirectory(h.db)
  const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
  await onPlan(h, ruth, 'premium')
  let partnerId = ''
  for (let i = 0; i < count; i++) {
    const matched = await completeMember(h, { gender: 'man', firstName: `Matched${i}` })
    await matched.api.likes.create({ receiverId: ruth.user.id })
    await ruth.api.likes.create({ receiverId: matched.user.id })
    await matched.api.messaging.send({ receiverId: ruth.user.id, content: `Hello from ${i}` })
    // Ruth answers the first only: whatever the count, the send measured is her second, and finds the
    // sending limit's lease (docs/decisions/040) as it would with any other count.
    if (i === 0) await ruth.api.messaging.send({ receiverId: matched.user.id, content: 'Hello back' })
    partnerId = matched.user.id
    const admirer = await completeMember(h, { gender: 'man', firstName: `Admirer${i}` })
    await admirer.api.likes.create({ receiverId: ruth.user.id })
    await completeMember(h, { gender: 'man', firstName: `Stranger${i}` })
  }
  return { ruth, partnerId }
}

/** The screens a member opens most, and the message she sends most often, each as one call. */
const hotPaths = {
  discover: (ruth: Member) => ruth.api.members.discover({}),
  discoverSameState: (ruth: Member) => ruth.api.members.discover({ location: 'same-state' }),
  discoverNearby: (ruth: Member) => ruth.api.members.discover({ location: 'within-50', ageMin: 26, ageMax: 35 }),
  quantum: (ruth: Member) => ruth.api.matches.quantum({ limit: 20 }),
  conversations: (ruth: Member) => ruth.api.messaging.conversations(),
  matches: (ruth: Member) => ruth.api.matches.list(),
  likesYou: (ruth: Member) => ruth.api.likes.received(),
  message: (ruth: Member, partnerId: string) => ruth.api.messaging.send({ receiverId: partnerId, content: 'Good morning' }),
}

describe('the hot paths', () => {
  it('send the same number of statements for 2 rows as for 12: no query per row', async () => {
    const counts = async (count: number) => {
      const { ruth, partnerId } = await ruthAmong(count)
      const result: Record<string, number> = {}
      for (const [name, open] of Object.entries(hotPaths)) result[name] = (await h.statementsOf(() => open(ruth, partnerId))).length
      return result
    }
    const few = await counts(2)
    h.close()
    h = await contractHarness(MANY_MEMBERS)
    const many = await counts(12)
    console.log(`statements per request: ${JSON.stringify(many)}`)
    expect(many).toEqual(few)
  })

  it('read every table through an index, never a full scan', async () => {
    const { ruth, partnerId } = await ruthAmong(3)
    const statements: { name: string; sql: string; params: unknown[] }[] = []
    for (const [name, open] of Object.entries(hotPaths)) {
      for (const statement of await h.statementsOf(() => open(ruth, partnerId))) statements.push({ name, ...statement })
    }
    // Explained only once every path has run: libsql leaves the EXPLAIN of a write in progress, which blocks later commits.
    const steps = await planSteps(statements)
    expect(fullScans(steps)).toEqual([])
    // The message's digest looks among its receiver's pending jobs, not every pending digest.
    expect(steps.filter(({ step }) => /^SEARCH jobs\b/.test(step)).map(({ name, step }) => `${name}: ${step}`)).toEqual([
      'message: SEARCH jobs USING INDEX jobs_pending_member_idx (kind=? AND <expr>=?)',
    ])
  })

  it('find the suspensions to lift by index, not by reading every member', async () => {
    const statements = (await h.statementsOf(() => liftSuspensions(h.db))).map((statement) => ({ name: 'sweep', ...statement }))
    const steps = await planSteps(statements)
    expect(fullScans(steps)).toEqual([])
    expect(steps.map(({ step }) => step)).toContainEqual(expect.stringContaining('users_status_idx'))
  })
})

/** Each statement's query plan, a step at a time. */
async function planSteps(statements: { name: string; sql: string; params: unknown[] }[]) {
  const steps: { name: string; sql: string; step: string }[] = []
  for (const { name, sql, params } of statements) {
    const plan = await h.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never })
    for (const row of plan.rows) steps.push({ name, sql, step: String(row.detail) })
  }
  return steps
}

/** A bare "SCAN t" reads the whole table (SQLite names a table by its alias when it has one). */
const fullScans = (steps: { name: string; sql: string; step: string }[]) =>
  steps.filter(({ step }) => /^SCAN \w+(?: AS \w+)?$/.test(step)).map(({ name, sql, step }) => `${name}: ${step} in ${sql}`)
