import { execFileSync } from 'node:child_process'
import { SCAM_CONFIRMATION_NEEDED } from '#shared/logic/scam-guard.ts'
import { closeMatchDialog, expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, likeEachOther, openConversation, profileCard, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

const SCAM = 'My dear, I am stuck at the airport. Could you send me $600 through Western Union for the customs fees?'

test('the sender of a scam-like message is asked to confirm, and the recipient sees a safety note with Report one tap away', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 38 })
  const victorContext = await browser.newContext({ baseURL })
  const victorPage = await victorContext.newPage()
  const checkVictorConsole = failOnConsoleErrors(victorPage)
  const victor = await registerMember(victorPage.request, 'Victor', { gender: 'man', age: 41 })
  await likeEachOther([page.request, ruth], [victorPage.request, victor])

  const { thread, composer } = await openConversation(victorPage, ruth)
  await composer.fill(SCAM)
  await composer.press('Enter')

  // Nothing is sent yet: the composer asks, keeping the words.
  const question = victorPage.getByRole('alert').filter({ hasText: SCAM_CONFIRMATION_NEEDED })
  await expect(question).toBeVisible()
  await expect(question).toContainText(
    'This message asks for money, asks for cryptocurrency or a wire transfer and uses words often found in romance scams.',
  )
  await expect(composer).toHaveValue(SCAM)
  await victorPage.screenshot({ path: testInfo.outputPath('confirmation-1280.png') })
  await victorPage.setViewportSize({ width: 390, height: 844 })
  await victorPage.screenshot({ path: testInfo.outputPath('confirmation-390.png') })

  // Editing dismisses the question; sending again asks again.
  await question.getByRole('button', { name: 'Edit message' }).click()
  await expect(question).toHaveCount(0)
  await expect(composer).toBeFocused()
  await composer.press('Enter')
  await question.getByRole('button', { name: 'Send anyway' }).click()
  await expect(composer).toHaveValue('')
  const sent = thread.getByRole('listitem').last()
  await expect(sent).toContainText(SCAM)
  await expect(sent).toContainText(`Sent with a safety note for ${ruth.firstName}`)
  await expect(sent.getByRole('note', { name: 'Safety note' })).toHaveCount(0)

  await page.goto('/messaging')
  await closeMatchDialog(page)
  await page.getByRole('link', { name: new RegExp(`^${victor.firstName} ${victor.lastName}`) }).click()
  const received = page
    .getByRole('region', { name: `Conversation with ${victor.firstName} ${victor.lastName}` })
    .getByRole('listitem')
    .filter({ hasText: SCAM })
  const note = received.getByRole('note', { name: 'Safety note' })
  await expect(note).toContainText('Be careful:')
  await expect(note).toContainText('This message asks for money, asks for cryptocurrency or a wire transfer')
  await expect(note).toContainText("Never send money to someone you haven't met.")
  await page.screenshot({ path: testInfo.outputPath('safety-note-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath('safety-note-390.png') })

  await note.getByRole('button', { name: `Report ${victor.firstName} for this message` }).click()
  const dialog = page.getByRole('dialog', { name: `Report ${victor.firstName}` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Reason' })).toContainText('Asking for money or a scam')
  await page.screenshot({ path: testInfo.outputPath('report-390.png') })
  await dialog.getByRole('button', { name: 'Send Report' }).click()
  await expectToast(page, 'Report sent')

  await victorContext.close()
  checkVictorConsole()
})

test("a like's note that looks like a scam is asked about first, and reaches Likes You with a safety note", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const NOTE = "You're lovely. I'm hardly ever on here, text me on WhatsApp at +1 615 555 0142."
  const lydiaContext = await browser.newContext({ baseURL })
  const lydiaPage = await lydiaContext.newPage()
  const checkLydiaConsole = failOnConsoleErrors(lydiaPage)
  const lydia = await registerMember(lydiaContext.request, 'Lydia', { gender: 'woman', age: 36 })
  execFileSync('npx', ['tsx', 'scripts/set-plan.ts', lydia.email, 'premium'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
    stdio: 'pipe',
  })
  const victor = await registerMember(page.request, 'Victor', { gender: 'man', age: 40 })

  await page.goto('/')
  await profileCard(page, lydia)
    .getByRole('button', { name: `View ${lydia.firstName}'s profile` })
    .click()
  const profile = page.getByRole('dialog', { name: `${lydia.firstName}, 36` })
  await profile.getByRole('button', { name: 'Like', exact: true }).click()
  const likeDialog = page.getByRole('dialog', { name: `Like ${lydia.firstName}` })
  const noteBox = likeDialog.getByLabel('Add a note (optional)')
  await noteBox.fill(NOTE)
  await likeDialog.getByRole('button', { name: 'Send Like' }).click()

  // Nothing is sent yet: the dialog asks, keeping the note.
  const question = likeDialog.getByRole('alert').filter({ hasText: SCAM_CONFIRMATION_NEEDED })
  await expect(question).toContainText('asks to move to another app early on')
  await expect(noteBox).toHaveValue(NOTE)
  await page.screenshot({ path: testInfo.outputPath('like-question-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath('like-question-390.png') })
  await question.getByRole('button', { name: 'Send anyway' }).click()
  await expect(likeDialog).toHaveCount(0)
  await expect(profile.getByRole('button', { name: 'Liked' })).toBeDisabled()

  await lydiaPage.goto('/likes')
  const card = lydiaPage.getByRole('article', { name: `${victor.firstName}, 40` })
  await expect(card).toContainText(NOTE)
  const note = card.getByRole('note', { name: 'Safety note' })
  await expect(note).toContainText('Be careful:')
  await expect(note).toContainText("Never send money to someone you haven't met.")
  await lydiaPage.screenshot({ path: testInfo.outputPath('likes-you-note-1280.png') })
  await lydiaPage.setViewportSize({ width: 390, height: 844 })
  await lydiaPage.screenshot({ path: testInfo.outputPath('likes-you-note-390.png'), fullPage: true })
  await note.getByRole('button', { name: `Report ${victor.firstName} for this message` }).click()
  const report = lydiaPage.getByRole('dialog', { name: `Report ${victor.firstName}` })
  await expect(report.getByRole('combobox', { name: 'Reason' })).toContainText('Asking for money or a scam')
  await report.getByRole('button', { name: 'Send Report' }).click()
  await expectToast(lydiaPage, 'Report sent')

  await lydiaContext.close()
  checkLydiaConsole()
})
