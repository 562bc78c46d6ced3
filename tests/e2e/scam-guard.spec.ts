import { SCAM_CONFIRMATION_NEEDED } from '#shared/logic/scam-guard.ts'
import { closeMatchDialog, expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, registerMember } from '#tests/e2e/support/members.ts'

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
  expect((await page.request.post('/api/likes', { data: { receiverId: victor.id } })).ok()).toBe(true)
  expect((await victorPage.request.post('/api/likes', { data: { receiverId: ruth.id } })).ok()).toBe(true)

  await victorPage.goto('/matches')
  await closeMatchDialog(victorPage)
  await victorPage.getByRole('link', { name: `Message ${ruth.firstName}` }).click()
  const composer = victorPage.getByRole('textbox', { name: 'Message' })
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
  const thread = victorPage.getByRole('region', { name: `Conversation with ${ruth.firstName} ${ruth.lastName}` })
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
