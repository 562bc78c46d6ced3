import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'

// A zone without daylight saving, so the label is the same all year.
test.use({ timezoneId: 'Asia/Tokyo' })

/** Friday 7 June 2024 at 18:30 in Tokyo: the Sabbath has begun on the member's clock. */
const FRIDAY_EVENING = new Date('2024-06-07T18:30:00+09:00')

interface ApiEvent {
  id: string
  title: string
  weekday: string
  time: string
  attendees: number
}

function eventCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
}

async function attendeesOf(page: Page, title: string): Promise<number> {
  const text = await eventCard(page, title)
    .getByText(/\d+ attending/)
    .textContent()
  return Number(text!.replace(/\D/g, ''))
}

test('the Sabbath Corner shows the status, the figures and the events in the member’s time zone', async ({ page, signIn }) => {
  await page.clock.setFixedTime(FRIDAY_EVENING)
  await signIn()
  await page.goto('/sabbath')

  await expect(page.getByRole('heading', { level: 1, name: 'Sabbath Corner' })).toBeVisible()
  await expect(page.getByText('Sabbath is now - Rest in His peace', { exact: true })).toBeVisible()
  for (const [value, label] of [
    ['3,200', 'Sabbath Keepers'],
    ['147', 'Weekly Services'],
    ['89', 'Bible Studies'],
    ['32', 'Countries'],
  ]) {
    await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${value}$`) })).toBeVisible()
    await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible()
  }

  await expect(page.getByRole('tab', { name: 'Events', selected: true })).toBeVisible()
  const events = (await (await page.request.get('/api/sabbath/events?timezone=Asia/Tokyo')).json()) as ApiEvent[]
  expect(events).toHaveLength(4)
  for (const type of ['Worship Service', 'Bible Study', 'Study Group', 'Fellowship']) {
    const card = page.getByRole('listitem').filter({ has: page.getByText(type, { exact: true }) })
    await expect(card, type).toHaveCount(1)
    await expect(card.getByText('GMT+9')).toBeVisible()
    await expect(card.getByRole('button', { name: 'Join Event' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Remind Me' })).toBeVisible()
  }
  for (const event of events) {
    const card = eventCard(page, event.title)
    await expect(card.getByText(`${event.weekday}, ${event.time}`)).toBeVisible()
    await expect(card.getByText(`${event.attendees} attending`)).toBeVisible()
  }
  await expect(page.getByText('1 hour 15 minutes')).toBeVisible()
  await expect(page.getByText('In person', { exact: true })).toBeVisible()

  await expect(page.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/pricing')
})

test('joining an event and setting a reminder are saved, survive a reload, and can be undone', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/sabbath')
  const title = 'Sabbath Morning Worship'
  const card = eventCard(page, title)
  const before = await attendeesOf(page, title)

  await card.getByRole('button', { name: 'Join Event' }).click()
  await expect(card.getByRole('button', { name: 'Attending' })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByText(`${before + 1} attending`)).toBeVisible()
  await card.getByRole('button', { name: 'Remind Me' }).click()
  await expect(card.getByRole('button', { name: 'Reminder Set' })).toHaveAttribute('aria-pressed', 'true')

  await page.reload()
  await expect(card.getByRole('button', { name: 'Attending' })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByRole('button', { name: 'Reminder Set' })).toBeVisible()
  await expect(card.getByText(`${before + 1} attending`)).toBeVisible()

  await card.getByRole('button', { name: 'Attending' }).click()
  await card.getByRole('button', { name: 'Reminder Set' }).click()
  await expect(card.getByRole('button', { name: 'Join Event' })).toHaveAttribute('aria-pressed', 'false')
  await expect(card.getByRole('button', { name: 'Remind Me' })).toBeVisible()
  await page.reload()
  await expect(card.getByRole('button', { name: 'Join Event' })).toBeVisible()
  await expect(card.getByText(`${before} attending`)).toBeVisible()
})

test('the Worship and Bible Study tabs show their cards, and a sign-up is kept', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/sabbath')

  await page.getByRole('tab', { name: 'Worship' }).click()
  await expect(page).toHaveURL(/\?tab=worship$/)
  for (const text of ['Live Now', '1,247 watching', 'Friday 6:00 PM', '250+ recordings']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Join Worship' })).toBeVisible()
  await page.getByRole('button', { name: 'Browse Library' }).click()
  await expectToast(page, 'Sermon library coming soon')
  await page.getByRole('button', { name: 'Set Reminder' }).click()
  await expect(page.getByRole('button', { name: 'Reminder Set' })).toHaveAttribute('aria-pressed', 'true')

  await page.reload()
  await expect(page.getByRole('tab', { name: 'Worship', selected: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reminder Set' })).toBeVisible()

  await page.getByRole('tab', { name: 'Bible Study' }).click()
  for (const text of ['Current Quarter Study', '1,850 participants', 'Youth Bible Study', 'Ages 16-30', '420 participants']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Join Study Group' })).toBeVisible()
  await page.getByRole('button', { name: 'Join Youth Study' }).click()
  await expect(page.getByRole('button', { name: 'Joined' })).toHaveAttribute('aria-pressed', 'true')
})

test('a Sabbath guide downloads as a file and its count goes up', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/sabbath?tab=resources')
  for (const type of ['Article', 'Guide', 'Activity Guide']) await expect(page.getByText(type, { exact: true })).toBeVisible()
  await expect(page.getByText(/^\d+ min read$/)).toHaveCount(3)

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Preparing for Sabbath: A Friday Checklist' }) })
  const countText = await card.getByText(/^\d+ downloads?$/).textContent()
  const before = Number(countText!.replace(/\D/g, ''))

  const download = page.waitForEvent('download')
  await card.getByRole('button', { name: /^Download Free/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('preparing-for-sabbath-friday-checklist.txt')
  expect(await readFile(await file.path(), 'utf8')).toContain('PREPARING FOR SABBATH: A FRIDAY CHECKLIST')
  await expectToast(page, 'Download started', 'Preparing for Sabbath: A Friday Checklist')
  await expect(card.getByText(`${before + 1} ${before + 1 === 1 ? 'download' : 'downloads'}`)).toBeVisible()
})

test('the status badge follows the member’s clock through the week', async ({ page, signIn }) => {
  await signIn()
  const cases: [string, string][] = [
    ['2024-06-05T12:00:00+09:00', '2 days until Sabbath'],
    ['2024-06-07T16:30:00+09:00', 'Sabbath approaches - Prepare your heart'],
    ['2024-06-08T19:00:00+09:00', 'Sabbath concludes - Carry His peace forward'],
  ]
  for (const [time, message] of cases) {
    await page.clock.setFixedTime(new Date(time))
    await page.goto('/sabbath')
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
})

test('the Evangelism Hub shows its figures, featured content and three audiences from the database', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/evangelism')

  await expect(page.getByRole('heading', { level: 1, name: 'Evangelism Hub' })).toBeVisible()
  for (const value of ['15,420', '3,200', '890', '47']) {
    await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${value}$`) })).toBeVisible()
  }

  const featured = page.getByRole('region', { name: 'Featured Content' })
  await expect(featured.getByRole('heading', { level: 3 })).toHaveCount(3)
  const first = featured.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Who Is Jesus? An Honest Look' }) })
  for (const text of ['Video Series', '6 episodes', '4,280 participants', '4.9']) await expect(first.getByText(text)).toBeVisible()

  const library = page.getByRole('region', { name: 'Browse by Journey' })
  await expect(library.getByRole('tab', { name: 'Seekers', selected: true })).toBeVisible()
  await expect(library.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveCount(4)
  await expect(library.getByRole('heading', { name: 'The Gospel of John in 21 Days' })).toBeVisible()

  await library.getByRole('tab', { name: 'New Believers' }).click()
  await expect(page).toHaveURL(/\?audience=new_believers$/)
  await expect(library.getByRole('heading', { name: 'Learning to Pray' })).toBeVisible()
  await expect(library.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveCount(4)

  await library.getByRole('tab', { name: 'Mature Christians' }).click()
  await expect(library.getByRole('heading', { name: 'Leading a Small Group Bible Study' })).toBeVisible()
  await page.reload()
  await expect(library.getByRole('tab', { name: 'Mature Christians', selected: true })).toBeVisible()
})
