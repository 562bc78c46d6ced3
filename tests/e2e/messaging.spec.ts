import { execFileSync } from 'node:child_process'
import { closeMatchDialog, expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, likeEachOther, openConversation, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'
import { jpegWithGps } from '#tests/support/images.ts'

test('two matched members chat in real time: typing dots, the unread badge and read receipts', async ({ page, browser, baseURL }) => {
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 30 })
  const boazContext = await browser.newContext({ baseURL })
  const boazPage = await boazContext.newPage()
  const checkBoazConsole = failOnConsoleErrors(boazPage)
  const boaz = await registerMember(boazPage.request, 'Boaz', { gender: 'man', age: 33 })
  await likeEachOther([page.request, ruth], [boazPage.request, boaz])
  // Read receipts come with Premium; an operator sets the plan until billing does.
  execFileSync('npx', ['tsx', 'scripts/set-plan.ts', ruth.email, 'premium'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
    stdio: 'pipe',
  })

  await boazPage.goto('/')
  await closeMatchDialog(boazPage)
  await expect(boazPage.getByRole('link', { name: 'Messages', exact: true })).toBeVisible()

  const { thread, composer } = await openConversation(page, boaz)
  await expect(thread.getByText(`You matched with ${boaz.firstName}. Say hello!`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
  await composer.fill('Shalom, Boaz! How was your Sabbath?')
  await composer.press('Enter')
  await expect(composer).toHaveValue('')
  const sent = thread.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()
  await expect(sent).toContainText('Shalom, Boaz! How was your Sabbath?')

  // Boaz, on another page, sees the unread count arrive without reloading.
  const unread = boazPage.getByRole('link', { name: 'Messages, 1 unread' })
  await expect(unread).toBeVisible()
  await unread.click()
  await boazPage.getByRole('link', { name: new RegExp(`^${ruth.firstName} ${ruth.lastName}`) }).click()
  const boazThread = boazPage.getByRole('region', { name: `Conversation with ${ruth.firstName} ${ruth.lastName}` })
  await expect(boazThread).toContainText('Shalom, Boaz! How was your Sabbath?')
  await expect(boazThread).toContainText('Online now')
  await expect(boazPage.getByRole('link', { name: 'Messages', exact: true })).toBeVisible()

  // Ruth's message turns to Read once Boaz has opened it.
  await expect(sent).toContainText('Read')

  // Typing shows dots on the other side; Shift+Enter makes a new line, Enter sends.
  const boazComposer = boazPage.getByRole('textbox', { name: 'Message' })
  await boazComposer.pressSequentially('It was restful')
  await expect(thread.getByRole('status', { name: `${boaz.firstName} is typing` })).toBeVisible()
  await boazComposer.press('Shift+Enter')
  await boazComposer.pressSequentially('and yours?')
  await expect(boazComposer).toHaveValue('It was restful\nand yours?')
  await boazComposer.press('Enter')
  await expect(thread).toContainText('It was restful\nand yours?')
  await expect(thread.getByRole('status', { name: `${boaz.firstName} is typing` })).toHaveCount(0)

  // A prayer request is styled as one and marks the conversation in the list.
  await page.getByRole('radio', { name: 'Prayer' }).click()
  await composer.fill('Please pray for my grandmother, she is unwell.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(thread.getByRole('listitem').last()).toContainText('Prayer request')
  await expect(boazPage.getByRole('img', { name: 'Prayer request active' })).toBeVisible()

  await boazContext.close()
  checkBoazConsole()
})

test.describe('sending while the last message is on its way', () => {
  // The message that cannot leave is refused by the browser, which logs it.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] })

  test('the next message is not lost and arrives after it; one that cannot leave comes back to the composer', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 31 })
    const boazContext = await browser.newContext({ baseURL })
    const boaz = await registerMember(boazContext.request, 'Boaz', { gender: 'man', age: 35 })
    await likeEachOther([page.request, ruth], [boazContext.request, boaz])
    await boazContext.close()

    const { messages, composer } = await openConversation(page, boaz)

    // The first message is held on the way until the second has been written and sent.
    const firstHeld = signal()
    const firstReleased = signal()
    await page.route('**/trpc/messaging.post*', async (route) => {
      firstHeld.fire()
      await firstReleased.fired
      await route.continue()
    })
    await composer.fill('Shalom, Boaz!')
    await composer.press('Enter')
    await firstHeld.fired
    await expect(composer).toHaveValue('')
    await composer.fill('How was your Sabbath?')
    await composer.press('Enter')
    await expect(composer).toHaveValue('')
    // Both are in the thread as they leave, in the order written, marked as on their way.
    await expect(messages.getByRole('listitem')).toHaveCount(2)
    await expect(messages.getByRole('listitem').first()).toHaveText(/^Shalom, Boaz!\s*Sending\.\.\.$/)
    await expect(messages.getByRole('listitem').last()).toHaveText(/^How was your Sabbath\?\s*Sending\.\.\.$/)
    await page.screenshot({ path: testInfo.outputPath('on-their-way-1280.png') })
    const desktop = page.viewportSize()!
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: testInfo.outputPath('on-their-way-390.png') })
    await page.setViewportSize(desktop)
    firstReleased.fire()

    await expect(messages.getByText('Sending...')).toHaveCount(0)
    await expect(messages.getByRole('listitem')).toHaveCount(2)
    await expect(messages.getByRole('listitem').first()).toContainText('Shalom, Boaz!')
    await expect(messages.getByRole('listitem').last()).toContainText('How was your Sabbath?')
    await page.unroute('**/trpc/messaging.post*')

    // Two messages that cannot leave, the second written while the first is on its way: both come back.
    const connectionLost = signal()
    await page.route('**/trpc/messaging.post*', async (route) => {
      await connectionLost.fired
      await route.abort()
    })
    await composer.fill('Our church has a potluck on Sunday.')
    await composer.press('Enter')
    await composer.fill('Would you like to come?')
    await composer.press('Enter')
    await expect(messages.getByText('Sending...')).toHaveCount(2)
    connectionLost.fire()
    await expectToast(page, 'Message Failed', 'Unable to send message. Please try again.')
    await expect(composer).toHaveValue('Our church has a potluck on Sunday.\n\nWould you like to come?')
    await expect(messages.getByRole('listitem')).toHaveCount(2)
    await page.screenshot({ path: testInfo.outputPath('returned-1280.png') })
    await page.setViewportSize({ width: 390, height: 844 })
    // On a phone the words wrap, and the composer grows to show all of them.
    await expect.poll(() => composer.evaluate((box: HTMLTextAreaElement) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath('returned-390.png') })
    await page.unroute('**/trpc/messaging.post*')

    await page.reload()
    await expect(messages.getByRole('listitem')).toHaveCount(2)
    await expect(messages.getByRole('listitem').first()).toContainText('Shalom, Boaz!')
    await expect(messages.getByRole('listitem').last()).toContainText('How was your Sabbath?')
  })
})

test("a member's main photo shows in the conversation list and the thread header", async ({ page, browser, baseURL }) => {
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 29 })
  const boazContext = await browser.newContext({ baseURL })
  const boaz = await registerMember(boazContext.request, 'Boaz', { gender: 'man', age: 34 })
  const photo = await jpegWithGps(800, 1000)
  const upload = await boazContext.request.post('/api/profile/photos', {
    multipart: { photo: { name: 'boaz.jpg', mimeType: 'image/jpeg', buffer: photo } },
  })
  expect(upload.ok()).toBe(true)
  await likeEachOther([boazContext.request, boaz], [page.request, ruth])
  await boazContext.close()

  await page.goto('/messaging')
  await closeMatchDialog(page)
  const name = `${boaz.firstName} ${boaz.lastName}`
  const item = page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`^${name}`) })
  const listPhoto = item.getByRole('img', { name })
  await expect(listPhoto).toHaveJSProperty('tagName', 'IMG')
  // The 44 px disc asks for the smallest rendition, and it arrives.
  await expect(listPhoto).toHaveJSProperty('complete', true)
  expect(await listPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.currentSrc.endsWith('-small.webp'))).toBe(true)

  await item.click()
  const header = page.getByRole('region', { name: `Conversation with ${name}` }).locator('header')
  await expect(header.getByRole('img', { name })).toHaveJSProperty('tagName', 'IMG')
})

test('with no conversation chosen the screen asks to select one', async ({ page }) => {
  await registerMember(page.request, 'Lydia', { gender: 'woman', age: 41 })
  await page.goto('/messaging')
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  await expect(page.getByText('Select a conversation')).toBeVisible()
  await expect(page.getByText('When you and another member like each other, your conversation starts here.')).toBeVisible()
})

/** A step of a test that a held request waits for. */
function signal() {
  let fire!: () => void
  const fired = new Promise<void>((resolve) => {
    fire = resolve
  })
  return { fire, fired }
}

test('a match made while Messages is open brings its conversation, and the profile leads into it', async ({ page, browser, baseURL }) => {
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 30 })
  const boazContext = await browser.newContext({ baseURL })
  const boaz = await registerMember(boazContext.request, 'Boaz', { gender: 'man', age: 33 })
  await page.goto('/messaging')
  await expect(page.getByText('When you and another member like each other, your conversation starts here.')).toBeVisible()

  // They match while Ruth's Messages is open: the match dialog leads into the new conversation.
  await likeEachOther([page.request, ruth], [boazContext.request, boaz])
  await boazContext.close()
  const match = page.getByRole('dialog', { name: "It's a Match!" })
  await match.getByRole('link', { name: 'Send a message' }).click()
  const thread = page.getByRole('region', { name: `Conversation with ${boaz.firstName} ${boaz.lastName}` })
  await expect(thread).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`^${boaz.firstName}`) }),
  ).toBeVisible()

  // From the matches page, the profile's "Message Boaz" opens the same conversation.
  await page.getByRole('link', { name: 'Matches' }).first().click()
  await page.getByRole('button', { name: `View ${boaz.firstName}'s profile` }).click()
  await page
    .getByRole('dialog')
    .getByRole('link', { name: `Message ${boaz.firstName}` })
    .click()
  await expect(page).toHaveURL(/\/messaging\?conversation=/)
  await expect(thread).toBeVisible()
})
