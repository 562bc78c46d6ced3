import { execFileSync } from 'node:child_process'
import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, likeEachOther, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

/** Puts a member on a plan as an operator would, until billing does. */
function setPlan(baseURL: string, email: string, plan: 'free' | 'premium') {
  execFileSync('npx', ['tsx', 'scripts/set-plan.ts', email, plan], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL) },
    stdio: 'pipe',
  })
}

const message = 'I loved what you wrote about serving in the nursery. Would you share the potluck table with me?'
const activity = 'The fellowship lunch after Sunday service'

test('a Thoughtful Interest reaches the bell and Likes You; liking back opens the match dialog for both', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const ruthContext = await browser.newContext({ baseURL })
  const ruthPage = await ruthContext.newPage()
  const checkRuthConsole = failOnConsoleErrors(ruthPage)
  const ruth = await registerMember(ruthContext.request, 'Ruth', { gender: 'woman', age: 30 })
  setPlan(baseURL!, ruth.email, 'premium')
  // A complete profile earns her first badge: the centre tells her, and seeing it there reads it.
  await ruthPage.goto('/notifications')
  await expect(ruthPage.getByRole('link', { name: /^You earned the First Steps badge\. Well done!/ })).toBeVisible()
  await expect(ruthPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  await ruthPage.getByRole('link', { name: 'Discover', exact: true }).click()

  const boaz = await registerMember(page.request, 'Boaz', { gender: 'man', age: 33 })
  await page.goto(`/interests?member=${ruth.id}`)
  await page.getByRole('radio', { name: /Church Potluck/ }).click()
  await page.getByLabel('Personal Message').fill(message)
  await page.getByLabel('Suggested Activity').fill(activity)
  await page.getByLabel('Time Preference').click()
  await page.getByRole('option', { name: 'Sabbath/Sunday' }).click()
  await page.getByRole('button', { name: 'Send Thoughtful Interest' }).click()
  await expectToast(page, 'Thoughtful Interest Sent!', `Your Church Potluck interest has been sent to ${ruth.firstName}.`)

  // Ruth's bell counts it without a reload; opening the panel shows it whole and marks it read.
  const bell = ruthPage.getByRole('button', { name: 'Notifications, 1 unread' })
  await expect(bell).toBeVisible()
  await bell.click()
  const panel = ruthPage.getByRole('dialog', { name: 'Notifications' })
  const row = panel.getByRole('link', { name: new RegExp(`^${boaz.firstName} sent you a Thoughtful Interest: Church Potluck\\.`) })
  await expect(row).toContainText(message)
  await expect(row).toContainText(`Suggested activity: ${activity}`)
  await expect(row).toContainText('Time preference: Sabbath/Sunday')
  await expect(row).toContainText('just now')
  await expect(ruthPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  // The row goes where to answer it: Likes You, where Premium shows who and what they wrote.
  await row.click()
  await expect(ruthPage).toHaveURL('/likes')
  await expect(panel).toHaveCount(0)
  const card = ruthPage.getByRole('list', { name: 'Members who like you' }).getByRole('article', { name: `${boaz.firstName}, 33` })
  await expect(card).toContainText('Church Potluck')
  await expect(card).toContainText(message)
  await expect(card).toContainText('Nashville, TN')
  await card.getByRole('button', { name: `Like ${boaz.firstName} back` }).click()

  // Both see the moment: Ruth from her like's answer, Boaz live on another page.
  const ruthMatch = ruthPage.getByRole('dialog', { name: "It's a Match! 💕" })
  await expect(ruthMatch).toContainText(`You and ${boaz.firstName} have liked each other!`)
  const boazMatch = page.getByRole('dialog', { name: "It's a Match! 💕" })
  await expect(boazMatch).toContainText(`You and ${ruth.firstName} have liked each other!`)

  await ruthMatch.getByRole('button', { name: 'Keep browsing' }).click()
  await expect(ruthMatch).toHaveCount(0)
  await expect(card).toHaveCount(0)
  await expect(ruthPage.getByText('No new likes yet')).toBeVisible()

  await boazMatch.getByRole('link', { name: 'Send a message' }).click()
  await expect(page).toHaveURL(/\/messaging\?conversation=/)
  await expect(page.getByRole('region', { name: `Conversation with ${ruth.firstName} ${ruth.lastName}` })).toBeVisible()
  // Seen once is enough: the match notification was read, so a reload does not celebrate again.
  await page.reload()
  await expect(page.getByRole('region', { name: `Conversation with ${ruth.firstName} ${ruth.lastName}` })).toBeVisible()
  await expect(boazMatch).toHaveCount(0)

  await ruthContext.close()
  checkRuthConsole()
})

test('a match made while a member was away opens the dialog at their next visit', async ({ page, browser, baseURL }) => {
  const naomi = await registerMember(page.request, 'Naomi', { gender: 'woman', age: 41 })
  const other = await browser.newContext({ baseURL })
  const elimelech = await registerMember(other.request, 'Elimelech', { gender: 'man', age: 44 })
  await likeEachOther([page.request, naomi], [other.request, elimelech])
  await other.close()

  await page.goto('/events')
  const match = page.getByRole('dialog', { name: "It's a Match! 💕" })
  await expect(match).toContainText(`You and ${elimelech.firstName} have liked each other!`)
  await match.getByRole('button', { name: 'Keep browsing' }).click()
  await expect(match).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Community Events' })).toBeVisible()
  await expect(match).toHaveCount(0)
})

test('a free member sees how many like them, locked, with a way to upgrade', async ({ page, browser, baseURL }) => {
  const leah = await registerMember(page.request, 'Leah', { gender: 'woman', age: 29 })
  const other = await browser.newContext({ baseURL })
  const jacob = await registerMember(other.request, 'Jacob', { gender: 'man', age: 31 })
  expect((await other.request.post('/api/likes', { data: { receiverId: leah.id } })).ok()).toBe(true)
  await other.close()

  await page.goto('/')
  await page.getByRole('link', { name: 'Likes You' }).click()
  await expect(page).toHaveURL('/likes')
  await expect(page.getByRole('heading', { name: '1 believer likes you' })).toBeVisible()
  await expect(page.getByText(jacob.firstName)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Like .* back/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Upgrade to Divine Connection' })).toBeVisible()
  await page.getByRole('link', { name: 'Compare all plans' }).click()
  await expect(page).toHaveURL('/pricing')
  await expect(page.getByText('See who likes you').first()).toBeVisible()
})
