import type { APIRequestContext, Page } from '@playwright/test'
import { closeMatchDialog, expect, type Member, newMember } from './fixtures'

export interface ProfileDetails {
  gender: 'man' | 'woman'
  age: number
  city?: string
  state?: string
  denomination?: string
  isSabbathKeeper?: boolean
  bio?: string
}

export interface ReadyMember extends Member {
  id: string
  age: number
}

let sequence = 0

/**
 * A first name no seeded demo member has, so a test can find this member's card among the 320 demo
 * members (the seed uses real names; this one carries the run and a counter).
 */
function distinctName(base: string): string {
  sequence += 1
  return `${base} ${Date.now().toString(36).slice(-4)}${sequence}`
}

function birthDateForAge(age: number): string {
  const today = new Date()
  // Half a year past the birthday: the age holds whatever the test machine's time zone.
  const birth = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()) - 182 * 86_400_000)
  return birth.toISOString().slice(0, 10)
}

/**
 * Registers a member through the API with the request context of their browser context (so the session
 * cookie lands there) and completes the profile Discover needs: gender, birth date and a place.
 */
export async function registerMember(request: APIRequestContext, base: string, details: ProfileDetails): Promise<ReadyMember> {
  const member = { ...newMember(base), firstName: distinctName(base) }
  const registered = await request.post('/api/register', { data: member })
  expect(registered.ok(), await registered.text()).toBe(true)
  const { id } = (await registered.json()) as { id: string }
  const profile = await request.patch('/api/profile', {
    data: {
      gender: details.gender,
      birthDate: birthDateForAge(details.age),
      country: 'US',
      state: details.state ?? 'TN',
      city: details.city ?? 'Nashville',
      denomination: details.denomination ?? 'baptist',
      isSabbathKeeper: details.isSabbathKeeper ?? false,
      faithJourney: 'raised_in_the_faith',
      bio: details.bio ?? `${member.firstName} loves the Lord, long walks and Sunday potlucks.`,
    },
  })
  expect(profile.ok(), await profile.text()).toBe(true)
  return { ...member, id, age: details.age }
}

/**
 * Two members like each other through the API, the first before the second, each with their own
 * browser context's request context: they are matched, with a conversation open.
 */
export async function likeEachOther(
  [firstRequest, first]: [APIRequestContext, ReadyMember],
  [secondRequest, second]: [APIRequestContext, ReadyMember],
) {
  for (const [request, receiver] of [
    [firstRequest, second],
    [secondRequest, first],
  ] as const) {
    const like = await request.post('/api/likes', { data: { receiverId: receiver.id } })
    expect(like.ok(), await like.text()).toBe(true)
  }
}

/** Opens the conversation with a match from the matches page: its thread, the thread's messages and the composer. */
export async function openConversation(page: Page, match: Member) {
  await page.goto('/matches')
  await closeMatchDialog(page)
  await page.getByRole('link', { name: `Message ${match.firstName}` }).click()
  const thread = page.getByRole('region', { name: `Conversation with ${match.firstName} ${match.lastName}` })
  return { thread, messages: thread.getByRole('list', { name: 'Messages' }), composer: page.getByRole('textbox', { name: 'Message' }) }
}

/**
 * The fixture's console check covers only the default page; a page opened in a second browser
 * context gets the same rule through this: call the returned function at the end of the test.
 */
export function failOnConsoleErrors(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return () => expect(errors, 'console errors on the second page').toEqual([])
}

/** Discover's grid once its first page is all drawn: it draws a few cards at a time, busy meanwhile. */
export async function drawnProfileGrid(page: Page) {
  const grid = page.getByRole('list', { name: 'Profiles' })
  await expect(grid).toHaveAttribute('aria-busy', 'false')
  return grid
}

/** A member's card in the Discover grid, by the name on it ("Name, age"). */
export function profileCard(page: Page, member: ReadyMember) {
  return page.getByRole('list', { name: 'Profiles' }).getByRole('article', { name: `${member.firstName}, ${member.age}` })
}
