import { execFileSync } from 'node:child_process'
import type { APIRequestContext, Page } from '@playwright/test'
import { closeMatchDialog, expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { likeEachOther, type ReadyMember, registerMember } from '#tests/e2e/support/members.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

interface InterviewQuestion {
  id: string
  type: 'choice' | 'open'
  options?: string[]
}

/** Answers the whole interview over the REST paths: the first option of each choice, a sentence for the rest. */
async function interviewOverApi(request: APIRequestContext) {
  const start = await (await request.post('/api/interview/start', { data: { aiPersona: 'male', communicationMode: 'chat' } })).json()
  let question: InterviewQuestion | null = start.firstQuestion
  while (question) {
    const response = question.type === 'choice' ? question.options![0] : 'A home where Christ is first.'
    const reply = await request.post('/api/interview/response', {
      data: { interviewId: start.interviewId, questionId: question.id, response, isVoice: false },
    })
    question = (await reply.json()).nextQuestion
  }
}

function quantumCard(page: Page, member: ReadyMember) {
  return page.getByRole('list', { name: 'Quantum matches' }).getByRole('article', { name: `${member.firstName}, ${member.age}` })
}

async function scoreOf(page: Page, member: ReadyMember): Promise<number> {
  const text = await quantumCard(page, member)
    .getByText(/^\d+%$/)
    .first()
    .textContent()
  return Number(text!.replace('%', ''))
}

test('a member completes the AI interview in the browser, and quantum scores change', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000)
  const naomi = await registerMember(page.request, 'Naomi', { gender: 'woman', age: 30, denomination: 'lutheran' })
  execFileSync('npx', ['tsx', 'scripts/set-plan.ts', naomi.email, 'premium'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
    stdio: 'pipe',
  })
  const other = await browser.newContext({ baseURL })
  const jesse = await registerMember(other.request, 'Jesse', { gender: 'man', age: 31, denomination: 'lutheran' })
  await interviewOverApi(other.request)
  await other.close()

  await page.goto('/quantum-matching')
  await expect(page.getByText('Premium Quantum Matching Active')).toBeVisible()
  const card = quantumCard(page, jesse)
  await expect(card).toContainText('Lutheran')
  await expect(card).toContainText('Raised in the faith')
  await expect(card).toContainText('Algorithm covenant-2.0')
  await expect(card).toContainText('Faith match')
  await expect(card.getByRole('link', { name: 'Take the AI interview to compare values' })).toHaveAttribute('href', '/ai-interview')
  const before = await scoreOf(page, jesse)

  await page.goto('/ai-interview')
  await expect(page.getByText('The interview takes 15-20 minutes.')).toBeVisible()
  await page.getByRole('radio', { name: /Samuel/ }).click()
  await page.getByRole('button', { name: 'Begin Interview' }).click()
  await expectToast(page, 'Interview Started', 'Samuel will guide you through 20 questions.')
  for (let number = 1; number <= 20; number++) {
    await expect(page.getByText(`Question ${number} of 20`)).toBeVisible()
    const options = page.getByRole('radio')
    if (await options.count()) await options.first().click()
    else await page.getByRole('textbox').fill('A marriage where we pray together every day and serve our church side by side.')
    if (number === 1) await expect(page.getByText('Important Question')).toBeVisible()
    await page.getByRole('button', { name: 'Submit Answer' }).click()
  }
  await expectToast(page, 'Interview Complete!')
  await expect(page.getByRole('link', { name: 'Start Matching' })).toBeVisible()
  await page.getByRole('link', { name: 'View Enhanced Profile' }).click()
  await expect(page.getByRole('region', { name: 'From your AI interview' })).toContainText('Daily walk with God')

  await page.goto('/ai-interview')
  await expect(page.getByRole('heading', { name: 'Already Completed' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View Your Enhanced Profile' })).toBeVisible()

  await page.goto('/quantum-matching')
  await expect(quantumCard(page, jesse)).toBeVisible()
  expect(await scoreOf(page, jesse)).toBeGreaterThan(before)
  await expect(quantumCard(page, jesse)).toContainText(/Interview answers\d+%from \d+ shared answers/)

  await quantumCard(page, jesse)
    .getByRole('button', { name: `Send Interest to ${jesse.firstName}` })
    .click()
  await expectToast(page, 'Interest Sent!')
})

test.describe('AI counseling without a configured model', () => {
  // The refused counseling call is a deliberate 503 that the browser logs.
  test.use({ allowedConsoleErrors: [/status of 503/] })

  test('counseling shows the spec’s toast; the compatibility analysis still works from the engine', async ({ page, browser, baseURL }) => {
    const ruth = await registerMember(page.request, 'Ruth', {
      gender: 'woman',
      age: 30,
      isSabbathKeeper: true,
      denomination: 'seventh-day-adventist',
    })
    const other = await browser.newContext({ baseURL })
    const boaz = await registerMember(other.request, 'Boaz', {
      gender: 'man',
      age: 33,
      isSabbathKeeper: true,
      denomination: 'seventh-day-adventist',
    })
    await likeEachOther([page.request, ruth], [other.request, boaz])
    await other.close()

    await page.goto('/ai-counseling?tab=counseling')
    await closeMatchDialog(page)
    const ask = page.getByRole('button', { name: 'Get AI Counseling' })
    await expect(ask).toBeDisabled()
    await page.getByRole('textbox').fill('How can we keep the Sabbath together once we are married?')
    await ask.click()
    await expectToast(page, 'Counseling Unavailable', 'AI marriage counseling requires API configuration. Please contact support.')

    await page.getByRole('tab', { name: 'Compatibility' }).click()
    await page.getByRole('button', { name: 'Analyze Our Compatibility' }).click()
    await expectToast(page, 'Compatibility Analysis Complete')
    const results = page.getByRole('region', { name: `You and ${boaz.firstName}` })
    await expect(results).toContainText('You both keep the seventh-day Sabbath.')
    await expect(results.getByRole('progressbar', { name: 'Spiritual alignment' })).toBeVisible()

    await page.getByRole('tab', { name: 'Monitoring' }).click()
    await expect(page.getByText(/Monitoring is consent-based/)).toContainText('anonymized patterns')
    await expect(page.getByText(/Monitoring is consent-based/)).toContainText('Your conversations stay private.')
    await page.getByRole('tab', { name: 'Resources' }).click()
    await expect(page.getByRole('region', { name: 'Preparing for marriage' })).toContainText('PREPARE/ENRICH')
    await expect(page.getByRole('region', { name: 'Support for your marriage' })).toBeVisible()
  })
})
