import { execFileSync } from 'node:child_process'
import { closeMatchDialog, expect, expectToast, newMember, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, likeEachOther, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

const SCAM = 'My dear, I am stuck at the airport. Could you send me $600 through Western Union for the customs fees?'

test('a reported scammer is suspended from the console: signed out at once, refused at sign-in, and the reporter is told', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 38 })
  const victorContext = await browser.newContext({ baseURL })
  const victorPage = await victorContext.newPage()
  // After the suspension his open page is refused (401) until it lands on sign-in, which refuses him (403).
  const checkVictorConsole = failOnConsoleErrors(victorPage, [/status of (401|403)/])
  const victor = await registerMember(victorPage.request, 'Victor', { gender: 'man', age: 41 })
  await likeEachOther([page.request, ruth], [victorPage.request, victor])
  const sent = await victorPage.request.post('/api/messages', { data: { receiverId: ruth.id, content: SCAM, confirmed: true } })
  expect(sent.ok(), await sent.text()).toBe(true)
  await victorPage.goto('/messaging')
  await closeMatchDialog(victorPage)

  // Ruth reports him from the safety note under his message.
  await page.goto('/messaging')
  await closeMatchDialog(page)
  await page.getByRole('link', { name: new RegExp(`^${victor.firstName} ${victor.lastName}`) }).click()
  await page.getByRole('button', { name: `Report ${victor.firstName} for this message` }).click()
  const dialog = page.getByRole('dialog', { name: `Report ${victor.firstName}` })
  await dialog.getByLabel('Details').fill('He asked me for $600 for customs fees.')
  await dialog.getByRole('button', { name: 'Send Report' }).click()
  await expectToast(page, 'Report sent')

  // An operator makes Deborah a moderator; she reads the report with the conversation and suspends him.
  const deborah = newMember('Deborah')
  const moderatorContext = await browser.newContext({ baseURL })
  const console_ = await moderatorContext.newPage()
  const checkModeratorConsole = failOnConsoleErrors(console_)
  expect((await console_.request.post('/api/register', { data: deborah })).ok()).toBe(true)
  execFileSync('npx', ['tsx', 'scripts/set-role.ts', deborah.email, 'moderator'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
    stdio: 'pipe',
  })
  await console_.goto('/moderation')
  const report = console_.getByRole('article', { name: `Report about ${victor.firstName} ${victor.lastName}` })
  await expect(report).toContainText('He asked me for $600 for customs fees.')
  await expect(report.getByRole('list', { name: 'Reported conversation' })).toContainText(SCAM)
  await console_.setViewportSize({ width: 1280, height: 900 })
  await console_.screenshot({ path: testInfo.outputPath('console-1280.png'), fullPage: true })
  await console_.setViewportSize({ width: 390, height: 844 })
  await console_.screenshot({ path: testInfo.outputPath('console-390.png'), fullPage: true })
  // A warning's reason reaches the member word for word, and the form says so.
  await report.getByRole('radio', { name: 'Warn' }).click()
  await expect(report.getByLabel('Reason (shown to the member: never name who reported them)')).toBeVisible()
  await report.getByRole('radio', { name: 'Suspend' }).click()
  await report.getByRole('button', { name: 'Apply decision' }).click()
  await expect(report.getByText('Please give a reason (at least 5 characters)')).toBeVisible()
  await report.getByLabel('Days').fill('7')
  await report.getByLabel('Reason (kept in the audit log)').fill('Asked a member for money for customs fees.')
  await report.getByRole('button', { name: 'Apply decision' }).click()
  await expectToast(console_, 'Member suspended', 'Any reporter is told their report was acted on.')
  await expect(report).toHaveCount(0)
  await console_.getByRole('tab', { name: 'Audit log' }).click()
  await expect(console_.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first()).toContainText(
    `Suspended ${victor.firstName} ${victor.lastName} until`,
  )

  // Victor's session is gone: his next step lands on sign-in, which refuses him with the end date.
  await victorPage.reload()
  await expect(victorPage).toHaveURL(/\/login/)
  await victorPage.getByLabel('Email').fill(victor.email)
  await victorPage.getByLabel('Password').fill(victor.password)
  await victorPage.getByRole('button', { name: 'Sign In' }).click()
  // The toast itself: Radix also copies its text into a live region for screen readers.
  await expect(
    victorPage.getByRole('region', { name: /Notifications/ }).getByText(/Your account is suspended until \w+ \d{1,2}, \d{4}/),
  ).toBeVisible()

  // Ruth is told her report was acted on, not what was done.
  await page.goto('/notifications')
  await expect(page.getByText('We acted on your report. Thank you for helping keep our community safe.')).toBeVisible()

  checkVictorConsole()
  checkModeratorConsole()
  await victorContext.close()
  await moderatorContext.close()
})
