import { execFileSync } from 'node:child_process'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { drawnProfileGrid, profileCard, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

/** Puts a member on a plan as an operator would. */
function setPlan(baseURL: string, email: string, plan: PlanId) {
  execFileSync('npx', ['tsx', 'scripts/set-plan.ts', email, plan], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL) },
    stdio: 'pipe',
  })
}

test('a free member sees the advanced filters locked, with the way to unlock them', async ({ page }) => {
  await registerMember(page.request, 'Boaz', { gender: 'man', age: 33 })
  await page.goto('/')
  await page.getByRole('button', { name: 'More filters' }).click()
  const dialog = page.getByRole('dialog', { name: 'More filters' })
  await expect(dialog.getByText('Advanced filters come with Divine Connection')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Upgrade to Divine Connection' })).toBeEnabled()
  await expect(dialog.getByRole('switch', { name: 'Sabbath keepers only' })).toBeDisabled()
  await expect(dialog.getByRole('switch', { name: 'Verified only' })).toBeDisabled()
  await expect(dialog.getByRole('checkbox', { name: 'Baptist' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Show members' })).toHaveCount(0)
  await expect(dialog.getByText('Income-verified circle only')).toHaveCount(0)
})

test('a Divine Connection member narrows Discover to Sabbath keepers, then resets the filters', async ({ page, baseURL }) => {
  const keeper = await registerMember(page.request, 'Dorcas', { gender: 'woman', age: 29, isSabbathKeeper: true })
  const other = await registerMember(page.request, 'Lydia', { gender: 'woman', age: 30, isSabbathKeeper: false })
  // The last registration signs the browser in.
  const member = await registerMember(page.request, 'Silas', { gender: 'man', age: 31 })
  setPlan(baseURL!, member.email, 'premium')

  await page.goto('/')
  await expect(profileCard(page, other)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reset filters' })).toHaveCount(0)
  await page.getByRole('button', { name: 'More filters' }).click()
  const dialog = page.getByRole('dialog', { name: 'More filters' })
  await expect(dialog.getByText('Advanced filters come with Divine Connection')).toHaveCount(0)
  await dialog.getByRole('switch', { name: 'Sabbath keepers only' }).click()
  await dialog.getByRole('button', { name: 'Show members' }).click()
  await expect(dialog).toHaveCount(0)

  await expect(page).toHaveURL(/sabbathKeepersOnly=true/)
  await expect(profileCard(page, keeper)).toBeVisible()
  await expect(profileCard(page, other)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /More filters/ })).toContainText('1')
  // The grid shows the same page the filter asks for: every member on it keeps the Sabbath, by their profile.
  const keepers = await page.request.get('/api/profiles/discover?sabbathKeepersOnly=true')
  expect(keepers.ok(), await keepers.text()).toBe(true)
  const profiles = (await keepers.json()) as { userId: string; user: { firstName: string } }[]
  const names = await (await drawnProfileGrid(page)).getByRole('heading', { level: 3 }).allTextContents()
  expect(names.map((name) => name.split(', ')[0]).sort()).toEqual(profiles.map((profile) => profile.user.firstName).sort())
  for (const { userId } of profiles) {
    const profile = (await (await page.request.get(`/api/profiles/${userId}`)).json()) as { isSabbathKeeper: boolean }
    expect(profile.isSabbathKeeper).toBe(true)
  }

  await page.reload()
  await expect(profileCard(page, keeper)).toBeVisible()
  await expect(profileCard(page, other)).toHaveCount(0)

  await page.getByRole('button', { name: 'Reset filters' }).click()
  await expect(page).not.toHaveURL(/sabbathKeepersOnly/)
  await expect(profileCard(page, other)).toBeVisible()
})

test("a free member sees today's likes go down after a like", async ({ page }) => {
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 30 })
  await registerMember(page.request, 'Boaz', { gender: 'man', age: 33 })
  await page.goto('/')
  await expect(page.getByText('10 likes left today')).toBeVisible()
  await profileCard(page, ruth)
    .getByRole('button', { name: `Like ${ruth.firstName}` })
    .click()
  await expect(page.getByText('9 likes left today')).toBeVisible()
  await expect(profileCard(page, ruth)).toHaveCount(0)
})
