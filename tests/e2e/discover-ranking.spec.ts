import type { Page } from '@playwright/test'
import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, profileCard, type ReadyMember, registerMember } from '#tests/e2e/support/members.ts'

const adventist = { city: 'Nashville', state: 'TN', denomination: 'seventh-day-adventist', isSabbathKeeper: true } as const
/** Adventists far from Nashville, registered after the pair: by recent activity alone they would fill the first row. */
const farAway = [
  { city: 'Seattle', state: 'WA' },
  { city: 'Boston', state: 'MA' },
  { city: 'Phoenix', state: 'AZ' },
  { city: 'Denver', state: 'CO' },
] as const

/** The member's card sits in the first row of Discover's grid, beside the first card. */
async function expectInFirstRow(page: Page, member: ReadyMember) {
  await page.goto('/')
  const cards = page.getByRole('list', { name: 'Profiles' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const card = profileCard(page, member)
  await expect(card).toBeVisible()
  const [first, theirs] = await Promise.all([cards.first().boundingBox(), card.boundingBox()])
  expect(theirs!.y).toBe(first!.y)
  return card
}

test('a Nashville Adventist woman and man, among 320 members, see each other in the first row with why', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const hannah = await registerMember(page.request, 'Hannah', { gender: 'woman', age: 31, ...adventist })
  const calebContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  const calebPage = await calebContext.newPage()
  const checkCalebConsole = failOnConsoleErrors(calebPage)
  const caleb = await registerMember(calebContext.request, 'Caleb', { gender: 'man', age: 33, ...adventist })
  const preferences = await calebContext.request.put('/api/profile/preferences', {
    data: {
      ageMin: 25,
      ageMax: 38,
      maxMiles: 25,
      denominations: ['seventh-day-adventist'],
      sabbath: 'keeper',
      dealbreakers: ['sabbath'],
    },
  })
  expect(preferences.ok(), await preferences.text()).toBe(true)

  for (const place of farAway) {
    await registerMember(request, 'Eli', { gender: 'man', age: 32, ...adventist, ...place })
    await registerMember(request, 'Leah', { gender: 'woman', age: 30, ...adventist, ...place })
  }

  // Hannah says whom she hopes to meet on her profile page.
  await page.goto('/profile')
  const hopes = page.getByRole('region', { name: 'Who I hope to meet' })
  await hopes.getByLabel('From').fill('28')
  await hopes.getByLabel('To').fill('40')
  await hopes.getByRole('combobox', { name: 'Distance' }).click()
  await page.getByRole('option', { name: 'Within 25 miles' }).click()
  await hopes.getByRole('checkbox', { name: 'Seventh-day Adventist' }).click()
  await hopes.getByRole('combobox', { name: 'Sabbath keeping' }).click()
  await page.getByRole('option', { name: 'Keeps the seventh-day Sabbath' }).click()
  await hopes.getByRole('switch', { name: 'Dealbreaker: Sabbath keeping' }).click()
  await hopes.getByRole('button', { name: 'Save Preferences' }).click()
  await expectToast(page, 'Preferences saved', 'Discover now follows them.')

  const hisCard = await expectInFirstRow(page, caleb)
  await expect(hisCard).toContainText('Both Sabbath keepers · Also in Nashville')
  const herCard = await expectInFirstRow(calebPage, hannah)
  await expect(herCard).toContainText('Both Sabbath keepers · Also in Nashville')

  checkCalebConsole()
  await calebContext.close()
})
