import { execFileSync } from 'node:child_process'
import type { Browser, Page } from '@playwright/test'
import { badgesOfTheSeason, expect, expectToast, type Member, newMember, test } from '#tests/e2e/support/fixtures.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

/** A 1×1 PNG: a real image, standing in for a photographed church letter. */
const LETTER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/** `YYYY-MM-DDTHH:mm` in the browser's (and this machine's) zone, `days` from today. */
function localDateTime(days: number, hour: number): string {
  const date = new Date()
  date.setDate(date.getDate() + days)
  date.setHours(hour, 0, 0, 0)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`
}

/** A second member in their own browser context (their own cookies). */
async function secondMember(browser: Browser, baseURL: string, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const response = await page.request.post('/api/register', { data: member })
  expect(response.ok()).toBe(true)
  return page
}

test('a member creates an event and a second member RSVPs to it', async ({ page, signIn, browser, baseURL }) => {
  await signIn(newMember('Lydia'))
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'Community Events' })).toBeVisible()

  const title = `Hymn Sing and Potluck ${Date.now()}`
  await page.getByRole('button', { name: 'Create Event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Event' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Type').click()
  await page.getByRole('option', { name: 'Potluck' }).click()
  await dialog.getByLabel('Capacity').fill('12')
  await dialog.getByLabel('Church or ministry').fill('Grace Chapel')
  await dialog.getByLabel('Location').fill('Fellowship Hall, 12 Elm Street')
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Nashville')
  await dialog.getByLabel('State').fill('TN')
  await dialog.getByLabel('Starts').fill(localDateTime(3, 17))
  await dialog.getByLabel('Ends').fill(localDateTime(3, 19))
  await dialog.getByRole('button', { name: 'Create Event' }).click()
  // Stacked: the achievement the event earned does not hide that it was created.
  await expectToast(page, 'Achievement Unlocked!')
  await expectToast(page, 'Event created', `${title} is now listed.`)
  await expect(dialog).toBeHidden()

  const card = page.getByRole('article', { name: title })
  await expect(card).toContainText('1 attending')
  await expect(card).toContainText('11 spots left')
  await expect(card).toContainText("You've RSVP'd as attending for this event. See you there!")
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible()

  const guest = await secondMember(browser, baseURL!, newMember('Priscilla'))
  await guest.goto('/events?type=potluck')
  const guestCard = guest.getByRole('article', { name: title })
  await expect(guestCard.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await guestCard.getByRole('button', { name: 'Interested' }).click()
  await expect(guestCard).toContainText("You've RSVP'd as interested for this event.")
  await guestCard.getByRole('button', { name: 'Attending' }).click()
  await expect(guestCard.getByRole('button', { name: 'Attending' })).toHaveAttribute('aria-pressed', 'true')
  await expect(guestCard).toContainText("You've RSVP'd as attending for this event. See you there!")
  await expect(guestCard).toContainText('2 attending')
  await guest.context().close()

  await page.reload()
  await expect(card).toContainText('2 attending')
  await expect(card.getByRole('img', { name: /Attending: Lydia, Priscilla/ })).toBeVisible()
})

test('a faith verification is approved by a moderator and the Verified badge appears', async ({ page, signIn, browser, baseURL }) => {
  const member = await signIn(newMember('Esther'))
  await page.goto('/verification?tab=faith')
  await expect(page.getByRole('heading', { name: 'Letter requirements' })).toBeVisible()
  await expect(page.getByText('Signed and dated within the last 30 days')).toBeVisible()
  await page.getByLabel('Church name').fill('Nashville First SDA Church')
  await page.getByLabel('Pastor/elder name').fill('Pastor James Whitfield')
  await page.getByLabel("Pastor's email").fill('pastor@nashvillefirst.org')
  await page.getByLabel('Years of membership').click()
  await page.getByRole('option', { name: '3-5 years' }).click()
  await page.locator('input[type=file]').setInputFiles({ name: 'letter.png', mimeType: 'image/png', buffer: LETTER_PNG })
  await page.getByRole('button', { name: 'Submit for Review' }).click()
  await expectToast(page, 'Submitted for review', 'Your faith verification is now Pending Review.')
  await expect(page.getByText('Pending Review', { exact: true })).toBeVisible()

  // An operator makes two other members moderators, as in production; both open the queue.
  const moderatorQueue = async (reviewer: Member) => {
    const reviewPage = await secondMember(browser, baseURL!, reviewer)
    execFileSync('npx', ['tsx', 'scripts/set-role.ts', reviewer.email, 'moderator'], {
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
      stdio: 'pipe',
    })
    await reviewPage.goto('/verification')
    await reviewPage.getByRole('link', { name: 'Moderation' }).click()
    await reviewPage.getByRole('tab', { name: 'Verifications' }).click()
    return reviewPage
  }
  const review = await moderatorQueue(newMember('Miriam'))
  const alsoReviewing = await moderatorQueue(newMember('Deborah'))
  const submissionOn = (reviewPage: Page) =>
    reviewPage.getByRole('article', { name: `Faith verification from ${member.firstName} ${member.lastName}` })
  const submission = submissionOn(review)
  await expect(submission).toContainText('Pastor James Whitfield')
  await expect(submission).toContainText('3-5 years')
  const letter = submission.getByRole('img', { name: 'Submitted faith document' })
  await expect.poll(() => letter.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(submissionOn(alsoReviewing)).toBeVisible()
  await submission.getByRole('button', { name: 'Approve' }).click()
  await expectToast(review, 'Approved')
  await expect(submission).toHaveCount(0)
  await review.context().close()
  // The other moderator, a moment late, is told and the card leaves their queue too.
  await submissionOn(alsoReviewing).getByRole('button', { name: 'Approve' }).click()
  await expectToast(alsoReviewing, 'Review not saved', 'That submission is no longer waiting for review.')
  await expect(submissionOn(alsoReviewing)).toHaveCount(0)
  await alsoReviewing.context().close()

  // The member's open page hears of the decision: the achievement, and the status no longer pending, without a reload.
  await expectToast(page, 'Achievement Unlocked!', 'You earned Verified Believer (+50 points).')
  await expect(page.getByText('Pending Review', { exact: true })).toHaveCount(0)
  await page.goto('/verification')
  await expect(page.getByRole('article', { name: 'Faith verification' })).toContainText('Verified')
  await expect(page.getByRole('complementary', { name: 'Your profile card' }).getByText('Verified', { exact: true })).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
})

test('a member who is not a moderator gets the not-found screen for the moderator console and its old queue link', async ({
  page,
  signIn,
}) => {
  await signIn()
  for (const path of ['/moderation', '/verification/review']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  }
})

test('RSVPing earns achievements that show on the achievements page', async ({ page, signIn }) => {
  await signIn(newMember('Hannah'))
  await page.goto('/achievements')
  await expect(page.getByText('Newcomer')).toBeVisible()

  await page.goto('/events?type=sabbath')
  const potluck = page.getByRole('article', { name: 'Sabbath Fellowship Potluck' })
  await potluck.getByRole('button', { name: 'Attending' }).click()
  await expectToast(page, 'Achievement Unlocked!')
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Fellowship Seeker (+10 points)')

  await page.goto('/achievements')
  const totalBadges = page.locator('dl div').filter({ hasText: 'Total Badges' })
  await expect(totalBadges.locator('dd')).toHaveText(String(3 + badgesOfTheSeason()))
  await expect(page.getByRole('article', { name: 'Fellowship Seeker, earned' })).toBeVisible()
  await page.getByRole('button', { name: 'Service', exact: true }).click()
  await expect(page.getByRole('article', { name: 'Fellowship Seeker, earned' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Breaking Bread, earned' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Leaderboard' }).click()
  await expect(page.getByRole('list', { name: 'Leaderboard' }).getByText('You', { exact: true })).toBeVisible()
})
