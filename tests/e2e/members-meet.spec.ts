import { seriousAccessibilityViolations } from '#tests/e2e/support/axe.ts'
import { chunkName } from '#tests/e2e/support/chunks.ts'
import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { drawnProfileGrid, failOnConsoleErrors, profileCard, registerMember } from '#tests/e2e/support/members.ts'

test('two members like each other from Discover and both see the match', async ({ page, browser, baseURL }) => {
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 30 })
  const boazContext = await browser.newContext({ baseURL })
  const boazPage = await boazContext.newPage()
  const checkBoazConsole = failOnConsoleErrors(boazPage)
  const boaz = await registerMember(boazPage.request, 'Boaz', { gender: 'man', age: 33 })

  await page.goto('/')
  const boazCard = profileCard(page, boaz)
  await expect(boazCard).toContainText('Nashville, Tennessee')
  await expect(boazCard).toContainText('Baptist')
  await boazCard.getByRole('button', { name: `Like ${boaz.firstName}` }).click()
  await expectToast(page, 'Like Sent ❤️', "Your like has been sent! If they like you back, it's a match!")
  await expect(boazCard).toHaveCount(0)

  await boazPage.goto('/')
  await profileCard(boazPage, ruth)
    .getByRole('button', { name: `Like ${ruth.firstName}` })
    .click()
  // Both are told: Boaz by his like's answer, Ruth live on her own page.
  const boazMatch = boazPage.getByRole('dialog', { name: "It's a Match! 💕" })
  await expect(boazMatch).toContainText(`You and ${ruth.firstName} have liked each other! Start messaging now.`)
  await boazMatch.getByRole('button', { name: 'Keep browsing' }).click()
  await expect(profileCard(boazPage, ruth)).toHaveCount(0)
  const ruthMatch = page.getByRole('dialog', { name: "It's a Match! 💕" })
  await expect(ruthMatch).toContainText(`You and ${boaz.firstName} have liked each other!`)
  await ruthMatch.getByRole('button', { name: 'Keep browsing' }).click()

  await boazPage.getByRole('link', { name: 'Matches', exact: true }).click()
  await expect(boazPage).toHaveURL('/matches')
  await expect(boazPage.getByRole('list', { name: 'Matches' }).getByRole('article', { name: `${ruth.firstName}, 30` })).toBeVisible()

  await page.getByRole('link', { name: 'Your Matches' }).click()
  await expect(page).toHaveURL('/matches')
  const match = page.getByRole('list', { name: 'Matches' }).getByRole('article', { name: `${boaz.firstName}, 33` })
  await expect(match).toBeVisible()

  // Unmatching asks first, then the match is gone for both.
  await match.getByRole('button', { name: `Unmatch ${boaz.firstName}` }).click()
  const confirm = page.getByRole('dialog', { name: `Unmatch ${boaz.firstName}?` })
  await confirm.getByRole('button', { name: 'Unmatch' }).click()
  await expectToast(page, 'Unmatched')
  await expect(match).toHaveCount(0)
  await expect(page.getByText('No matches yet')).toBeVisible()
  await boazPage.reload()
  await expect(boazPage.getByText('No matches yet')).toBeVisible()

  await boazContext.close()
  checkBoazConsole()
})

test("a member's first visit asks for the session, the profile and the account's state in one round trip", async ({ page }) => {
  const elkanah = await registerMember(page.request, 'Elkanah', { gender: 'man', age: 36 })
  await registerMember(page.request, 'Hannah', { gender: 'woman', age: 31 })
  const reads: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/trpc/')) reads.push(decodeURIComponent(path.slice('/trpc/'.length)))
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: "Discover God's Plan" })).toBeVisible()
  await expect(profileCard(page, elkanah)).toBeVisible()
  // The session check comes with the screen's first reads, not before them.
  expect(reads[0]?.split(',').sort()).toEqual(['account.status', 'auth.me', 'profile.get'])
  expect(reads.filter((names) => names.split(',').includes('auth.me'))).toHaveLength(1)
})

test("a member's page at `/` has the browser fetch Discover's code with the app's own, once; other screens' pages do not", async ({
  page,
}) => {
  await registerMember(page.request, 'Tabitha', { gender: 'woman', age: 29 })
  const discoverFetches: string[] = []
  page.on('request', (request) => {
    if (chunkName(request.url()) === 'discover-screen') discoverFetches.push(request.url())
  })
  const preloads = page.locator('head link[rel="modulepreload"][href*="/assets/discover-screen-"]')
  await page.goto('/')
  await expect(preloads).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1, name: "Discover God's Plan" })).toBeVisible()
  // The preload is the very fetch the app uses: a second one would mean it was fetched for nothing.
  expect(discoverFetches).toHaveLength(1)

  await page.goto('/messaging')
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  await expect(preloads).toHaveCount(0)
})

test('a visitor whose session has ended gets the landing page at `/`', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'covenant_session', value: 'ended-long-ago', url: baseURL! }])
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create Your Account' })).toBeVisible()
  await expect(page.getByText('Unauthorized')).toHaveCount(0)
  await expect(page).toHaveURL('/')
})

test('filters change the grid and live in the URL', async ({ page }) => {
  // Each registration signs the browser context in, so the member who looks registers last.
  const young = await registerMember(page.request, 'Mahlon', { gender: 'man', age: 31 })
  await registerMember(page.request, 'Orpah', { gender: 'woman', age: 28 })

  await page.goto('/')
  await expect(profileCard(page, young)).toBeVisible()
  const cards = (await drawnProfileGrid(page)).getByRole('article')
  const firstPage = await cards.count()
  await page.getByRole('button', { name: 'Discover More Believers' }).click()
  await expect.poll(() => cards.count()).toBeGreaterThan(firstPage)

  await page.getByLabel('Age range').click()
  await page.getByRole('option', { name: '46+' }).click()
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page).toHaveURL(/[?&]age=46%2B/)
  await expect(profileCard(page, young)).toHaveCount(0)
  const names = (await drawnProfileGrid(page)).getByRole('heading', { level: 3 })
  for (const name of await names.allTextContents()) {
    expect(Number(name.split(', ').at(-1))).toBeGreaterThanOrEqual(46)
  }

  // The filter survives a reload because it is in the address.
  await page.reload()
  await expect(page.getByLabel('Age range')).toHaveText('46+')
  await expect(profileCard(page, young)).toHaveCount(0)

  await page.getByLabel('Age range').click()
  await page.getByRole('option', { name: 'Any age' }).click()
  await page.getByLabel('Location').click()
  await page.getByRole('option', { name: 'Same state' }).click()
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page).toHaveURL(/[?&]location=same-state/)
  await expect(page).not.toHaveURL(/age=/)
  await expect(profileCard(page, young)).toBeVisible()
  for (const card of await page.getByRole('list', { name: 'Profiles' }).getByRole('article').all()) {
    await expect(card).toContainText(', Tennessee')
  }

  await page.getByLabel('Denomination').click()
  await page.getByRole('option', { name: 'Seventh-day Adventist' }).click()
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page).toHaveURL(/denomination=seventh-day-adventist/)
  await expect(profileCard(page, young)).toHaveCount(0)
})

test('a thoughtful interest is sent with a conversation starter', async ({ page }, testInfo) => {
  const eli = await registerMember(page.request, 'Eli', {
    gender: 'man',
    age: 34,
    isSabbathKeeper: true,
    denomination: 'seventh-day-adventist',
  })
  await registerMember(page.request, 'Hannah', { gender: 'woman', age: 30 })

  await page.goto('/')
  await profileCard(page, eli)
    .getByRole('button', { name: `View ${eli.firstName}'s profile` })
    .click()
  const dialog = page.getByRole('dialog', { name: `${eli.firstName}, 34` })
  await expect(dialog.getByText('Sabbath Keeper')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Like', exact: true })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('profile-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath('profile-390.png') })
  await dialog.getByRole('link', { name: 'Send Thoughtful Interest' }).click()
  await expect(page).toHaveURL(`/interests?member=${eli.id}`)
  await page.setViewportSize({ width: 1280, height: 720 })

  await expect(page.getByRole('region', { name: `Sending to ${eli.firstName}` })).toContainText('Seventh-day Adventist')
  await expect(page.getByRole('radio', { name: /Coffee Date/ })).toBeChecked()
  // Eli keeps the Sabbath: only the Sabbath starters are offered.
  await expect(page.getByRole('button', { name: 'How do you like to welcome the Sabbath on Friday evening?' })).toBeVisible()
  await expect(page.getByRole('button', { name: /What does a Sunday look like for you/ })).toHaveCount(0)

  const send = page.getByRole('button', { name: 'Send Thoughtful Interest' })
  await expect(send).toBeDisabled()
  const prompt = 'How do you like to welcome the Sabbath on Friday evening?'
  await page.getByRole('button', { name: prompt }).click()
  const message = page.getByLabel('Personal Message')
  await expect(message).toHaveValue(`${prompt}\n\n`)
  await expect(page.getByText(`${prompt.length + 2}/500`)).toBeVisible()
  await page.getByRole('button', { name: 'Start with blank message' }).click()
  await expect(message).toHaveValue('')
  await expect(send).toBeDisabled()

  await page.getByRole('button', { name: prompt }).click()
  await message.press('End')
  await message.pressSequentially('I keep it with candles and a simple supper.')
  await page.getByRole('radio', { name: /Church Potluck/ }).click()
  await page.getByLabel('Suggested Activity').fill('The fellowship lunch after Sabbath service')
  await page.getByLabel('Time Preference').click()
  // Chosen from the keyboard: a pointer release can reach the list before it is ready and be taken as the opening click's.
  await page.getByRole('option', { name: 'Sabbath/Sunday' }).press('Enter')
  await expect(page.getByLabel('Time Preference')).toHaveText('Sabbath/Sunday')
  await page.getByRole('radio', { name: /Study Partner/ }).click()
  await expect(page.getByLabel('Suggested Activity')).toHaveCount(0)
  await page.getByRole('radio', { name: /Church Potluck/ }).click()

  await send.click()
  await expectToast(page, 'Thoughtful Interest Sent!', `Your Church Potluck interest has been sent to ${eli.firstName}.`)
  await expect(page).toHaveURL('/')
  await expect(profileCard(page, eli)).toHaveCount(0)

  await page.goto(`/interests?member=${eli.id}`)
  await expect(page.getByText(`You have already sent ${eli.firstName} a Thoughtful Interest.`)).toBeVisible()
})

test('opened without a member, the interest screen points back to Discover', async ({ page }) => {
  await registerMember(page.request, 'Lydia', { gender: 'woman', age: 27 })
  await page.goto('/interests')
  await expect(page.getByRole('heading', { name: 'Send Thoughtful Interest' })).toBeVisible()
  await expect(page.getByText('Who would you like to get to know?')).toBeVisible()
  await page.getByRole('link', { name: 'Back to Profiles' }).click()
  await expect(page).toHaveURL('/')
})

test('a blocked member vanishes from Discover at once', async ({ page }) => {
  const judah = await registerMember(page.request, 'Judah', { gender: 'man', age: 36 })
  await registerMember(page.request, 'Tamar', { gender: 'woman', age: 33 })

  await page.goto('/')
  const card = profileCard(page, judah)
  await card.getByRole('button', { name: `View ${judah.firstName}'s profile` }).click()
  const dialog = page.getByRole('dialog', { name: `${judah.firstName}, 36` })
  await dialog.getByRole('button', { name: 'Block', exact: true }).click()
  await page
    .getByRole('dialog', { name: `Block ${judah.firstName}?` })
    .getByRole('button', { name: `Block ${judah.firstName}` })
    .click()
  await expectToast(page, 'Member blocked')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(card).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('list', { name: 'Profiles' })).toBeVisible()
  await expect(card).toHaveCount(0)

  await page.goto('/settings')
  await expect(page.getByRole('region', { name: 'Blocked members' }).getByText(judah.firstName)).toBeVisible()
})

test('a passed card leaves at once, and Undo puts it back in its place', async ({ page }) => {
  const caleb = await registerMember(page.request, 'Caleb', { gender: 'man', age: 34 })
  await registerMember(page.request, 'Achsah', { gender: 'woman', age: 32 })

  await page.goto('/')
  const card = profileCard(page, caleb)
  await expect(card).toBeVisible()
  const names = (await drawnProfileGrid(page)).getByRole('heading', { level: 3 })
  const before = await names.allTextContents()

  await card.getByRole('button', { name: `Pass on ${caleb.firstName}` }).click()
  await expect(card).toHaveCount(0)
  const undoBar = page.getByRole('status').filter({ hasText: `You passed on ${caleb.firstName}.` })
  await undoBar.getByRole('button', { name: 'Undo' }).click()
  await expect(card).toBeVisible()
  await expect(undoBar).toHaveCount(0)
  await expect.poll(() => names.allTextContents()).toEqual(before)

  // Undone on the server too; a pass that stays survives a reload.
  await page.reload()
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: `Pass on ${caleb.firstName}` }).click()
  await expect(card).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('list', { name: 'Profiles' })).toBeVisible()
  await expect(card).toHaveCount(0)
})

test('when filters leave nobody, Reset filters brings everyone back', async ({ page }) => {
  // Nobody else lives within 10 miles of Nome.
  await registerMember(page.request, 'Jael', { gender: 'woman', age: 29, city: 'Nome', state: 'AK' })

  await page.goto('/?location=within-10&age=46%2B')
  await expect(page.getByText('No profiles found matching your criteria.')).toBeVisible()
  await page.getByRole('region', { name: 'Discover profiles' }).getByRole('button', { name: 'Reset filters' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('article').first()).toBeVisible()
  await expect(page.getByLabel('Location')).toHaveText('Anywhere')
  await expect(page.getByLabel('Age range')).toHaveText('Any age')
})

test('a paused member is told on Discover and led to the switch that shows them again', async ({ page }) => {
  await registerMember(page.request, 'Lydia', { gender: 'woman', age: 41 })
  expect((await page.request.post('/api/account/pause')).ok()).toBe(true)

  await page.goto('/')
  const banner = page.getByRole('status').filter({ hasText: 'Your profile is paused' })
  await expect(banner).toContainText("Other members can't see you")
  await banner.getByRole('link', { name: 'Show my profile' }).click()
  await expect(page).toHaveURL('/settings#visibility')
  const visible = page.getByRole('switch', { name: 'Show my profile to other members' })
  await visible.click()
  await expectToast(page, 'Profile visible again')

  await page.goto('/')
  await expect(page.getByRole('list', { name: 'Profiles' })).toBeVisible()
  await expect(page.getByText('Your profile is paused')).toHaveCount(0)
})

test('a member reports another from the profile view', async ({ page }) => {
  const silas = await registerMember(page.request, 'Silas', { gender: 'man', age: 40 })
  await registerMember(page.request, 'Priscilla', { gender: 'woman', age: 38 })

  await page.goto('/')
  await profileCard(page, silas)
    .getByRole('button', { name: `View ${silas.firstName}'s profile` })
    .click()
  await page
    .getByRole('dialog', { name: `${silas.firstName}, 40` })
    .getByRole('button', { name: 'Report' })
    .click()
  const report = page.getByRole('dialog', { name: `Report ${silas.firstName}` })
  await report.getByRole('button', { name: 'Send Report' }).click()
  await expect(report.getByText('Please choose a reason for your report')).toBeVisible()
  await report.getByLabel('Reason').click()
  await page.getByRole('option', { name: 'Asking for money or a scam' }).click()
  await report.getByLabel('Details').fill('Asked me to send a gift card before we had even talked.')
  await report.getByRole('button', { name: 'Send Report' }).click()
  await expectToast(page, 'Report sent')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('account settings pause and resume visibility and delete the account', async ({ page, browser, baseURL }) => {
  const anna = await registerMember(page.request, 'Anna', { gender: 'woman', age: 44 })
  const simeonContext = await browser.newContext({ baseURL })
  const simeonPage = await simeonContext.newPage()
  const checkSimeonConsole = failOnConsoleErrors(simeonPage)
  await registerMember(simeonPage.request, 'Simeon', { gender: 'man', age: 45 })

  await page.goto('/profile')
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page).toHaveURL('/settings')
  const visible = page.getByRole('switch', { name: 'Show my profile to other members' })
  await expect(visible).toBeChecked()
  await visible.click()
  await expectToast(page, 'Profile paused')
  await expect(visible).not.toBeChecked()

  await simeonPage.goto('/?age=36-45')
  await expect(simeonPage.getByRole('list', { name: 'Profiles' })).toBeVisible()
  await expect(profileCard(simeonPage, anna)).toHaveCount(0)

  await visible.click()
  await expectToast(page, 'Profile visible again')
  await simeonPage.reload()
  await expect(profileCard(simeonPage, anna)).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download My Data' }).click()
  expect((await download).suggestedFilename()).toBe('covenant-my-data.json')

  await page.getByRole('button', { name: 'Delete My Account' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' })
  const deleteForever = confirm.getByRole('button', { name: 'Delete Forever' })
  await expect(deleteForever).toBeDisabled()
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE')
  await deleteForever.click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Create Your Account' })).toBeVisible()

  await simeonPage.reload()
  await expect(simeonPage.getByRole('list', { name: 'Profiles' })).toBeVisible()
  await expect(profileCard(simeonPage, anna)).toHaveCount(0)
  await simeonContext.close()
  checkSimeonConsole()
})

test.describe('the free tier', () => {
  // The refused like is a deliberate 429 that the browser logs.
  test.use({ allowedConsoleErrors: [/status of 429/] })

  test('after the daily likes, a like offers Premium instead', async ({ page }) => {
    await registerMember(page.request, 'Dorcas', { gender: 'woman', age: 35 })
    await page.goto('/')
    const grid = page.getByRole('list', { name: 'Profiles' })
    for (let like = 0; like < 10; like++) {
      const card = grid.getByRole('article').first()
      const name = await card.getByRole('heading').textContent()
      await card.getByRole('button', { name: /^Like / }).click()
      await expect(grid.getByRole('article', { name: name! })).toHaveCount(0)
    }
    await grid
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Like / })
      .click()
    await expectToast(
      page,
      'Daily Limit Reached',
      "You've sent your 10 likes for today. Upgrade to Divine Connection (Premium) for unlimited likes, or come back tomorrow.",
    )
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('link', { name: 'See Premium plans' })
      .click()
    await expect(page).toHaveURL('/pricing')
  })
})

test.describe('a like that fails', () => {
  // The refused likes below are deliberate 401 and 500 responses that the browser logs; photos the
  // page still loads once the cookie is gone are refused (404), as for any visitor.
  test.use({ allowedConsoleErrors: [/status of (401|404|500)/] })

  test('with an expired session, says so and sends the member to sign in again', async ({ page }) => {
    const caleb = await registerMember(page.request, 'Caleb', { gender: 'man', age: 39 })
    await registerMember(page.request, 'Achsah', { gender: 'woman', age: 32 })
    await page.goto('/')
    await expect(profileCard(page, caleb)).toBeVisible()
    await page.context().clearCookies()
    // The toast lives only until the redirect 500 ms later reloads the page: watch for it from inside the page.
    const toastShown = page.waitForFunction(
      () => {
        const region = document.querySelector('[role="region"][aria-label*="Notifications"]')
        const text = region?.textContent ?? ''
        return text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')
      },
      undefined,
      { polling: 'raf' },
    )
    await profileCard(page, caleb)
      .getByRole('button', { name: `Like ${caleb.firstName}` })
      .click()
    await toastShown
    await expect(page).toHaveURL(/\/login$/)
  })

  test('for any other reason, asks to try again', async ({ page }) => {
    const asa = await registerMember(page.request, 'Asa', { gender: 'man', age: 42 })
    await registerMember(page.request, 'Azubah', { gender: 'woman', age: 40 })
    await page.route('**/trpc/likes.create**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }))
    await page.goto('/')
    await profileCard(page, asa)
      .getByRole('button', { name: `Like ${asa.firstName}` })
      .click()
    await expectToast(page, 'Error', 'Failed to send like. Please try again.')
    await expect(profileCard(page, asa).getByRole('button', { name: `Like ${asa.firstName}` })).toBeEnabled()
  })
})

test.describe('accessibility', () => {
  // axe-core is injected as an inline script, which the product's CSP rightly refuses.
  test.use({ bypassCSP: true })

  test('Discover, a profile view and the interest screen have no serious or critical axe violations', async ({ page }) => {
    const gideon = await registerMember(page.request, 'Gideon', { gender: 'man', age: 37, isSabbathKeeper: true })
    await registerMember(page.request, 'Abigail', { gender: 'woman', age: 34 })

    await page.goto('/')
    await expect(profileCard(page, gideon)).toBeVisible()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await profileCard(page, gideon)
      .getByRole('button', { name: `View ${gideon.firstName}'s profile` })
      .click()
    await expect(page.getByRole('dialog', { name: `${gideon.firstName}, 37` }).getByRole('region', { name: 'Faith' })).toBeVisible()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.goto(`/interests?member=${gideon.id}`)
    await page.getByRole('button', { name: 'How do you like to welcome the Sabbath on Friday evening?' }).click()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.goto('/matches')
    await expect(page.getByText('No matches yet')).toBeVisible()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.goto('/settings')
    await expect(page.getByRole('switch', { name: 'Show my profile to other members' })).toBeChecked()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})
