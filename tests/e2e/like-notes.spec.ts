import { execFileSync } from 'node:child_process'
import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, profileCard, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

const verse = 'The verse I keep coming back to…'
const answer = 'Psalm 46:10. Be still, and know that I am God.'
const note = 'Psalm 46 carried me through a hard year too. What does being still look like for you?'

test('a like on a prompt, with a note, arrives as an interest the receiver sees in the bell and Likes You', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const ruthContext = await browser.newContext({ baseURL })
  const ruthPage = await ruthContext.newPage()
  const checkRuthConsole = failOnConsoleErrors(ruthPage)
  const ruth = await registerMember(ruthContext.request, 'Ruth', { gender: 'woman', age: 30 })
  // Likes You shows who liked her on Premium.
  execFileSync('npx', ['tsx', 'scripts/set-plan.ts', ruth.email, 'premium'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
    stdio: 'pipe',
  })

  // Ruth answers a prompt on her profile and sees it as others will.
  await ruthPage.goto('/profile')
  const prompts = ruthPage.getByRole('region', { name: 'Prompts' })
  await prompts.getByRole('button', { name: 'Add a prompt' }).click()
  await prompts.getByRole('button', { name: 'Save Prompts' }).click()
  await expect(prompts.getByText('Please choose a prompt')).toBeVisible()
  await prompts.getByRole('combobox', { name: 'Prompt 1' }).click()
  await ruthPage.getByRole('option', { name: verse }).click()
  await prompts.getByLabel('Your answer').fill(answer)
  await prompts.getByRole('button', { name: 'Save Prompts' }).click()
  await expectToast(ruthPage, 'Prompts saved', 'Your answers are on your profile.')
  await ruthPage.getByRole('button', { name: 'See your profile as others do' }).click()
  const preview = ruthPage.getByRole('dialog', { name: `${ruth.firstName}, 30` })
  await expect(preview.getByRole('region', { name: 'Prompts' })).toContainText(answer)
  await expect(preview.getByRole('button', { name: /Like|Block|Report/ })).toHaveCount(0)
  await preview.getByRole('button', { name: 'Close' }).click()

  // Boaz likes her answer with a note.
  const boaz = await registerMember(page.request, 'Boaz', { gender: 'man', age: 33 })
  await page.goto('/')
  await profileCard(page, ruth)
    .getByRole('button', { name: `View ${ruth.firstName}'s profile` })
    .click()
  const dialog = page.getByRole('dialog', { name: `${ruth.firstName}, 30` })
  await expect(dialog.getByRole('link', { name: 'Send Thoughtful Interest' })).toHaveCount(0)
  await dialog.getByRole('button', { name: `Like ${ruth.firstName}'s answer to ${verse}` }).click()
  const likeDialog = page.getByRole('dialog', { name: `Like ${ruth.firstName}'s answer` })
  await expect(likeDialog).toContainText(answer)
  await likeDialog.getByLabel('Add a note (optional)').fill(note)
  await likeDialog.getByRole('button', { name: 'Send Like' }).click()
  await expect(likeDialog).toHaveCount(0)
  await expect(dialog.getByText(`You liked ${ruth.firstName}. If they like you back, it's a match!`)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Liked' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: /^Like / })).toHaveCount(0)

  // Ruth hears of it at once, and Likes You shows the note under the answer it replies to.
  const bell = ruthPage.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await bell.click()
  const row = ruthPage
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`^${boaz.firstName} liked your answer to “${verse}”\\.`) })
  await expect(row).toContainText(note)
  await row.click()
  await expect(ruthPage).toHaveURL('/likes')
  const card = ruthPage.getByRole('list', { name: 'Members who like you' }).getByRole('article', { name: `${boaz.firstName}, 33` })
  await expect(card).toContainText('Liked your answer')
  await expect(card).toContainText(answer)
  await expect(card).toContainText(note)
  checkRuthConsole()
  await ruthContext.close()
})
