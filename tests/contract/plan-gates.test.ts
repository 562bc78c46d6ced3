import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomId } from '#db/ids.ts'
import { profiles, verifications } from '#db/schema/index.ts'
import { validateSession } from '#server/auth/sessions.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { INCOGNITO_LOCKED } from '#server/services/account.ts'
import { counselingAllowanceReached } from '#server/services/counseling.ts'
import { ADVANCED_FILTERS_LOCKED, CIRCLE_LOCKED, DISCOVER_PAGE_SIZE, discover } from '#server/services/discover.ts'
import { CIRCLE_EVENTS_LOCKED } from '#server/services/events.ts'
import type { DegreeType } from '#shared/content/verification.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import type { UpdateEventInput } from '#shared/schemas/events.ts'
import { answering } from '#tests/support/ai-models.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, onPlan, refusal, setLastActive } from '#tests/support/members.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness({ ...MANY_MEMBERS, AI_REQUESTS_PER_HOUR: '1000', BROWSE_REQUESTS_PER_MINUTE: '10000' })
})
afterAll(() => h.close())

const idsOf = (page: { profiles: { userId: string }[] }) => page.profiles.map((profile) => profile.userId).sort()
const WEEK_MS = 7 * 86_400_000
const sorted = (...members: Member[]) => members.map((member) => member.user.id).sort()

async function withEducation(member: Member, degreeType: DegreeType) {
  await h.db.insert(verifications).values({
    id: randomId(),
    userId: member.user.id,
    type: 'education',
    status: 'verified',
    details: { institution: 'Andrews University', degreeType, graduationYear: 2012 },
    submittedAt: new Date(),
  })
}

/** A woman looking (in her own city, so nobody else's members show) and men around her. */
async function neighbourhood(city: string, state: string) {
  const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth', city, state })
  const man = (fields: Partial<Parameters<typeof completeMember>[1]> = {}) =>
    completeMember(h, { gender: 'man', city, state, ...fields } as Parameters<typeof completeMember>[1])
  return { ruth, man }
}

describe('advanced Discover filters', () => {
  it('are refused to the free plan with 403 and a readable message, each of them', async () => {
    const { ruth } = await neighbourhood('Franklin', 'TN')
    for (const filter of [
      { verifiedOnly: true },
      { sabbathKeepersOnly: true },
      { withPhotos: true },
      { education: 'masters' as const },
      { denominations: ['baptist' as const] },
    ]) {
      const error = await refusal(ruth.api.members.discover({ location: 'same-state', ...filter }))
      expect(error.code).toBe('FORBIDDEN')
      expect(publicErrorMessage(error)).toBe(ADVANCED_FILTERS_LOCKED)
    }
    // Switched off, they are no filter at all.
    await expect(ruth.api.members.discover({ verifiedOnly: false, denominations: [] })).resolves.toBeDefined()
  })

  it('narrow Divine Connection’s Discover as hard filters: verified, Sabbath keepers, photos, denominations and education', async () => {
    const { ruth, man } = await neighbourhood('Louisville', 'KY')
    const verified = await man({ denomination: 'methodist' })
    await h.db.update(profiles).set({ isVerified: true }).where(eq(profiles.userId, verified.user.id))
    const keeper = await man({ denomination: 'seventh-day-adventist', isSabbathKeeper: true })
    const pictured = await man({ denomination: 'baptist' })
    await h.db.update(profiles).set({ photoId: randomId() }).where(eq(profiles.userId, pictured.user.id))
    const master = await man({ denomination: 'presbyterian' })
    await withEducation(master, 'masters')
    const doctor = await man({ denomination: 'presbyterian' })
    await withEducation(doctor, 'doctorate')
    const bachelor = await man({ denomination: 'lutheran' })
    await withEducation(bachelor, 'bachelors')
    const api = await onPlan(h, ruth, 'premium')
    const discover = async (filter: Parameters<typeof api.members.discover>[0]) =>
      idsOf(await api.members.discover({ location: 'same-state', ...filter }))

    expect(await discover({ verifiedOnly: true })).toEqual(sorted(verified))
    expect(await discover({ sabbathKeepersOnly: true })).toEqual(sorted(keeper))
    expect(await discover({ withPhotos: true })).toEqual(sorted(pictured))
    expect(await discover({ denominations: ['methodist', 'baptist'] })).toEqual(sorted(verified, pictured))
    expect(await discover({ education: 'bachelors' })).toEqual(sorted(master, doctor, bachelor))
    expect(await discover({ education: 'masters' })).toEqual(sorted(master, doctor))
    expect(await discover({ education: 'doctorate' })).toEqual(sorted(doctor))
    expect(await discover({ education: 'masters', denominations: ['presbyterian'], verifiedOnly: true })).toEqual([])
  })

  it('read the REST query string: "true" and a comma-separated denomination list', async () => {
    const { ruth, man } = await neighbourhood('Omaha', 'NE')
    const keeper = await man({ denomination: 'seventh-day-adventist', isSabbathKeeper: true })
    await man({ denomination: 'seventh-day-adventist' })
    await man({ denomination: 'baptist', isSabbathKeeper: true })
    const api = await onPlan(h, ruth, 'premium')
    const input = { location: 'same-state', sabbathKeepersOnly: 'true', denominations: 'seventh-day-adventist,catholic' }
    expect(idsOf(await api.members.discover(input as never))).toEqual(sorted(keeper))
    const bad = await refusal(api.members.discover({ denominations: 'atlantis' } as never))
    expect(bad.code).toBe('BAD_REQUEST')
  })
})

describe('the income-verified circle', () => {
  it('is only for Millionaire’s Faith and up, and shows only members of the circle', async () => {
    const { ruth, man } = await neighbourhood('Boise', 'ID')
    const millionaire = await man()
    await onPlan(h, millionaire, 'millionaire')
    const billionaire = await man()
    await onPlan(h, billionaire, 'billionaire')
    await man()
    const elite = await onPlan(h, ruth, 'elite')
    const locked = await refusal(elite.members.discover({ circle: true }))
    expect(locked.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(locked)).toBe(CIRCLE_LOCKED)
    const member = await onPlan(h, ruth, 'millionaire')
    expect(idsOf(await member.members.discover({ location: 'same-state', circle: true }))).toEqual(sorted(millionaire, billionaire))
  })
})

describe('the weekly spotlight', () => {
  it('opens the first page with Quantum Soul members who fit, labelled, and never shows them twice', async () => {
    const { ruth, man } = await neighbourhood('Jackson', 'MS')
    const crowd: Member[] = []
    for (let i = 0; i < DISCOVER_PAGE_SIZE; i++) crowd.push(await man())
    const elite = await man()
    await onPlan(h, elite, 'elite')
    const olderElite = await man({ age: 55 })
    await onPlan(h, olderElite, 'elite')
    // Long inactive: by activity alone they would come last.
    await setLastActive(h, elite, new Date(Date.now() - 20 * 86_400_000))
    await setLastActive(h, olderElite, new Date(Date.now() - 20 * 86_400_000))

    const first = await ruth.api.members.discover({ location: 'same-state', ageMax: 40 })
    expect(first.profiles[0]).toMatchObject({ userId: elite.user.id, spotlight: true })
    expect(first.profiles.filter((profile) => profile.spotlight)).toHaveLength(1)
    expect(first.profiles).toHaveLength(DISCOVER_PAGE_SIZE)
    const second = await ruth.api.members.discover({ location: 'same-state', ageMax: 40, cursor: first.nextCursor })
    const seen = [...first.profiles, ...second.profiles].map((profile) => profile.userId)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(sorted(...crowd, elite))
    expect(second.profiles.some((profile) => profile.spotlight)).toBe(false)

    // A Divine Connection member is not spotlighted.
    await onPlan(h, elite, 'premium')
    const after = await ruth.api.members.discover({ location: 'same-state', ageMax: 40 })
    expect(after.profiles.some((profile) => profile.spotlight)).toBe(false)
  })

  it('gives its two places to the members whose turn comes first that week, in turn order, and new turns each week', async () => {
    const { ruth, man } = await neighbourhood('Burlington', 'VT')
    const spotlit: string[] = []
    for (let i = 0; i < 6; i++) {
      const elite = await man()
      await onPlan(h, elite, 'elite')
      spotlit.push(elite.user.id)
    }
    for (let i = 0; i < 4; i++) await man()
    // FNV-1a of `${week}:${member id}`, the lowest first.
    const turn = (week: number, id: string) => {
      let hash = 2_166_136_261
      for (const character of `${week}:${id}`) hash = Math.imul(hash ^ character.charCodeAt(0), 16_777_619)
      return hash >>> 0
    }
    const pairs = new Set<string>()
    for (let weeksAhead = 0; weeksAhead < 6; weeksAhead++) {
      const today = new Date(Date.now() + weeksAhead * WEEK_MS)
      const week = Math.floor(today.getTime() / WEEK_MS)
      const firstTurns = [...spotlit].sort((a, b) => turn(week, a) - turn(week, b)).slice(0, 2)
      const page = await discover(h.db, { id: ruth.user.id, plan: 'free' }, { location: 'same-state' }, today)
      const shown = page.profiles.filter((profile) => profile.spotlight).map((profile) => profile.userId)
      expect(shown).toEqual(firstTurns)
      expect(page.profiles.slice(0, 2).map((profile) => profile.userId)).toEqual(firstTurns)
      pairs.add(shown.join())
    }
    // Six members, so fifteen possible pairs: six weeks of one pair would be no rotation at all.
    expect(pairs.size).toBeGreaterThan(1)
  })
})

describe('incognito browsing', () => {
  it('is refused below Quantum Soul, and hides the member from everyone they have not liked', async () => {
    const { ruth, man } = await neighbourhood('Mobile', 'AL')
    const naomi = await completeMember(h, { gender: 'woman', firstName: 'Naomi', city: 'Mobile', state: 'AL' })
    const boaz = await man({ denomination: 'seventh-day-adventist' })
    const locked = await refusal(boaz.api.account.setIncognito({ incognito: true }))
    expect(locked.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(locked)).toBe(INCOGNITO_LOCKED)

    const elite = await onPlan(h, boaz, 'elite')
    await expect(elite.account.setIncognito({ incognito: true })).resolves.toEqual({ incognito: true, available: true })
    await elite.likes.create({ receiverId: ruth.user.id })

    const shows = async (viewer: Member) => idsOf(await viewer.api.members.discover({ location: 'same-state' })).includes(boaz.user.id)
    expect(await shows(ruth)).toBe(true)
    expect(await shows(naomi)).toBe(false)
    expect((await refusal(naomi.api.members.byId({ userId: boaz.user.id }))).code).toBe('NOT_FOUND')
    const quantum = await (await onPlan(h, naomi, 'premium')).matches.quantum({ limit: 50 })
    expect(quantum.matches.map((match) => match.user.id)).not.toContain(boaz.user.id)

    // When the plan lapses, so does the cover; the setting waits for a plan that has it.
    await onPlan(h, boaz, 'free')
    expect(await shows(naomi)).toBe(true)
    await expect(boaz.api.account.incognito()).resolves.toEqual({ incognito: false, available: false })
    await expect(boaz.api.account.setIncognito({ incognito: false })).resolves.toEqual({ incognito: false, available: false })
  })
})

describe('AI counseling questions', () => {
  const advice = {
    advice: 'Pray together first.',
    scriptures: ['Ecclesiastes 4:12 — “A threefold cord is not quickly broken.”'],
    actionItems: ['Pray.'],
  }

  async function counselor(member: Member) {
    const session = await validateSession(h.db, member.token, { idleDays: 14, absoluteDays: 60 })
    return h.caller({ user: session!.user, sessionToken: member.token, languageModel: answering(advice) }).api
  }

  it('allow the free plan its daily few, then 429 pointing to Quantum Soul; Divine Connection asks more', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const free = limitsOf('free').counselingPerDay
    const api = await counselor(ruth)
    for (let i = 0; i < free; i++) await api.ai.counseling({ question: `Question ${i + 1}` })
    await expect(api.premium.allowance()).resolves.toMatchObject({ counselingLeft: 0 })
    const limited = await refusal(api.ai.counseling({ question: 'One more?' }))
    expect(limited.code).toBe('TOO_MANY_REQUESTS')
    expect(publicErrorMessage(limited)).toBe(counselingAllowanceReached('free'))
    expect(counselingAllowanceReached('free')).toContain('Quantum Soul')

    await onPlan(h, ruth, 'premium')
    const premium = await counselor(ruth)
    await expect(premium.ai.counseling({ question: 'One more?' })).resolves.toMatchObject({ advice: advice.advice })
    await expect(premium.premium.allowance()).resolves.toMatchObject({ counselingLeft: limitsOf('premium').counselingPerDay - free - 1 })
  })

  it('gives a question back when the model could not answer it', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const session = await validateSession(h.db, ruth.token, { idleDays: 14, absoluteDays: 60 })
    const broken = h.caller({ user: session!.user, sessionToken: ruth.token, languageModel: answering('not JSON') }).api
    expect((await refusal(broken.ai.counseling({ question: 'Are we ready?' }))).code).toBe('SERVICE_UNAVAILABLE')
    await expect(broken.premium.allowance()).resolves.toMatchObject({ counselingLeft: limitsOf('free').counselingPerDay })
  })

  it('let parallel questions through only up to the allowance', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const api = await counselor(ruth)
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => api.ai.counseling({ question: `At once ${i}` })))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(limitsOf('free').counselingPerDay)
  })
})

describe('what is left today', () => {
  it('counts down the free plan’s messages and likes, and says unlimited (null) on Divine Connection', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await expect(ruth.api.premium.allowance()).resolves.toEqual({
      plan: 'free',
      likesLeft: limitsOf('free').likesPerDay,
      messagesLeft: 3,
      counselingLeft: limitsOf('free').counselingPerDay,
      quantumMatches: 5,
    })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const { conversationId } = await boaz.api.likes.create({ receiverId: ruth.user.id })
    await ruth.api.messaging.post({ conversationId: conversationId!, content: 'Shalom, Boaz.' })
    await expect(ruth.api.premium.allowance()).resolves.toMatchObject({ likesLeft: limitsOf('free').likesPerDay! - 1, messagesLeft: 2 })
    const premium = await onPlan(h, ruth, 'premium')
    await expect(premium.premium.allowance()).resolves.toMatchObject({ likesLeft: null, messagesLeft: null, quantumMatches: 50 })
    expect((await refusal(h.caller().api.premium.allowance())).code).toBe('UNAUTHORIZED')
  })
})

describe('premium features', () => {
  it('lists exactly what the plan unlocks, from the entitlements module', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    await expect(ruth.api.premium.features()).resolves.toEqual([])
    const elite = await onPlan(h, ruth, 'elite')
    expect(await elite.premium.features()).toEqual(
      expect.arrayContaining(['quantum_matching', 'likes_you', 'weekly_spotlight', 'incognito']),
    )
    expect(await elite.premium.features()).not.toContain('private_circle')
  })
})

describe('circle-only events', () => {
  const tomorrow = () => {
    const at = new Date(Date.now() + 86_400_000)
    const local = (hour: number) => `${at.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`
    return { startDateTime: local(18), endDateTime: local(21), timeZone: 'UTC' }
  }
  const supper = (circleOnly: boolean): Omit<UpdateEventInput, 'eventId'> => ({
    title: 'Circle supper',
    description: '',
    isSabbathEvent: false,
    denominationSpecific: null,
    eventType: 'social',
    churchName: 'First Church',
    location: 'Fellowship hall',
    city: 'Atlanta',
    state: 'GA',
    maxAttendees: 20,
    circleOnly,
    ...tomorrow(),
  })

  it('are made only by the circle, seen and joined only by the circle', async () => {
    const host = await completeMember(h, { gender: 'woman' })
    const elite = await onPlan(h, host, 'elite')
    const locked = await refusal(elite.events.create(supper(true)))
    expect(locked.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(locked)).toBe(CIRCLE_EVENTS_LOCKED)

    const circle = await onPlan(h, host, 'millionaire')
    const { event } = await circle.events.create(supper(true))
    expect(event.circleOnly).toBe(true)

    const outsider = await onPlan(h, await completeMember(h, { gender: 'man' }), 'elite')
    expect((await outsider.events.list({ type: 'all' })).map((listed) => listed.id)).not.toContain(event.id)
    expect((await refusal(outsider.events.byId({ eventId: event.id }))).code).toBe('NOT_FOUND')
    expect((await refusal(outsider.events.rsvp({ eventId: event.id, status: 'attending' }))).code).toBe('NOT_FOUND')

    const insider = await onPlan(h, await completeMember(h, { gender: 'man' }), 'billionaire')
    expect((await insider.events.list({ type: 'all' })).map((listed) => listed.id)).toContain(event.id)
    await expect(insider.events.rsvp({ eventId: event.id, status: 'attending' })).resolves.toMatchObject({ event: { currentAttendees: 2 } })
  })

  it('stay editable by an organizer whose plan lapsed, who may open theirs up but not close another', async () => {
    const host = await completeMember(h, { gender: 'woman' })
    const { event } = await (await onPlan(h, host, 'millionaire')).events.create(supper(true))
    const { event: open } = await (await onPlan(h, host, 'millionaire')).events.create(supper(false))
    const lapsed = await onPlan(h, host, 'premium')

    const retitled = await lapsed.events.update({ ...supper(true), eventId: event.id, title: 'Circle supper, moved indoors' })
    expect(retitled).toMatchObject({ title: 'Circle supper, moved indoors', circleOnly: true })
    expect(await lapsed.events.update({ ...supper(false), eventId: event.id })).toMatchObject({ circleOnly: false })
    expect(publicErrorMessage(await refusal(lapsed.events.update({ ...supper(true), eventId: open.id })))).toBe(CIRCLE_EVENTS_LOCKED)
  })
})
