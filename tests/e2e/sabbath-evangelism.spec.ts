import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { chunkName } from '#tests/e2e/support/chunks.ts'
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

test.describe('the weekly worship service', () => {
  // On a Chicago clock: the service is Saturday 11:00 in New York, 10:00 here.
  test.use({ timezoneId: 'America/Chicago' })

  function worshipCard(page: Page) {
    return page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Sabbath Morning Worship' }) })
  }

  test('on a Tuesday it is not live: it names the next service and offers a reminder, which is kept', async ({ page, signIn }) => {
    await page.clock.setFixedTime(new Date('2024-06-04T10:00:00-05:00'))
    await signIn()
    await page.goto('/sabbath?tab=worship')
    const card = worshipCard(page)
    await expect(card.getByText('Next service Saturday 10:00 AM', { exact: true })).toBeVisible()
    await expect(page.getByText('Live now')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Join Worship' })).toHaveCount(0)
    await expect(page.getByText(/Sermon Library|Browse Library/)).toHaveCount(0)

    await card.getByRole('button', { name: 'Set Reminder' }).click()
    await expect(card.getByRole('button', { name: 'Reminder Set' })).toHaveAttribute('aria-pressed', 'true')
    await page.reload()
    await expect(card.getByRole('button', { name: 'Reminder Set' })).toBeVisible()
    // The same reminder as "Remind Me" on the Events tab.
    await page.getByRole('tab', { name: 'Events' }).click()
    await expect(eventCard(page, 'Sabbath Morning Worship').getByRole('button', { name: 'Reminder Set' })).toBeVisible()
  })

  test('during the service it is live, and joining opens its stream', async ({ page, context, signIn }) => {
    await context.route('https://live.covenant.app/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Sabbath worship stream</title>' }),
    )
    await page.clock.setFixedTime(new Date('2024-06-08T10:15:00-05:00'))
    await signIn()
    await page.goto('/sabbath?tab=worship')
    const card = worshipCard(page)
    await expect(card.getByText('Live now', { exact: true })).toBeVisible()
    await expect(card.getByText('Until 11:30 AM', { exact: true })).toBeVisible()

    const stream = page.waitForEvent('popup')
    await card.getByRole('button', { name: 'Join Worship' }).click()
    expect((await stream).url()).toBe('https://live.covenant.app/sabbath-worship')
    // Now an attendee, the member has the link itself.
    await expect(card.getByRole('link', { name: 'Join Worship' })).toHaveAttribute('href', 'https://live.covenant.app/sabbath-worship')
    await page.getByRole('tab', { name: 'Events' }).click()
    const event = eventCard(page, 'Sabbath Morning Worship')
    await expect(event.getByRole('link', { name: 'Join online' })).toHaveAttribute('href', 'https://live.covenant.app/sabbath-worship')
    await event.getByRole('button', { name: 'Attending' }).click()
    await expect(event.getByRole('link', { name: 'Join online' })).toHaveCount(0)
  })
})

test('the Worship and Bible Study tabs show their cards, and a sign-up is kept', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/sabbath')

  await page.getByRole('tab', { name: 'Worship' }).click()
  await expect(page).toHaveURL(/\?tab=worship$/)
  const vespers = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Friday Evening Vespers' }) })
  await expect(vespers.getByText('Friday 6:00 PM', { exact: true })).toBeVisible()
  await vespers.getByRole('button', { name: 'Set Reminder' }).click()
  await expect(vespers.getByRole('button', { name: 'Reminder Set' })).toHaveAttribute('aria-pressed', 'true')

  await page.reload()
  await expect(page.getByRole('tab', { name: 'Worship', selected: true })).toBeVisible()
  await expect(vespers.getByRole('button', { name: 'Reminder Set' })).toBeVisible()

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
  await expect(first.getByText('Bible Study', { exact: true })).toBeVisible()
  for (const text of ['6 sessions', '4,280 participants', '4.9']) await expect(first.getByText(text)).toBeVisible()

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

test('each evangelism item opens to its own page, and back to its audience', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/evangelism?audience=new_believers')
  const library = page.getByRole('region', { name: 'Browse by Journey' })
  await library.getByRole('link', { name: 'Open Devotional: Learning to Pray' }).click()

  await expect(page).toHaveURL(/\/evangelism\/[^/?]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Learning to Pray' })).toBeVisible()
  await expect(page.getByText('For New Believers', { exact: true })).toBeVisible()
  await expect(page.getByText('30 days', { exact: true })).toBeVisible()
  await expect(page.getByRole('article').getByText(/^Days 1-7 walk through the Lord's Prayer \(Matthew 6:9-13\)/)).toBeVisible()

  await page.getByRole('link', { name: 'Evangelism Hub' }).click()
  await expect(page).toHaveURL(/\/evangelism\?audience=new_believers$/)
  await expect(library.getByRole('tab', { name: 'New Believers', selected: true })).toBeVisible()

  const featured = page.getByRole('region', { name: 'Featured Content' })
  await featured.getByRole('link', { name: 'Open Workshop: Sharing Your Testimony with Grace' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sharing Your Testimony with Grace' })).toBeVisible()
  await expect(page.getByText(/Acts 26:1-23/)).toBeVisible()
})

test.describe('an evangelism item that does not exist', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] })

  test('says so, with a way back to the hub', async ({ page, signIn }) => {
    await signIn()
    await page.goto('/evangelism/no-such-item')
    await expect(page.getByText('Item not found', { exact: true })).toBeVisible()
    await expect(page.getByText('That item is not in the Evangelism Hub. It may have been removed.')).toBeVisible()
    await page.getByRole('link', { name: 'Browse the Evangelism Hub' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Evangelism Hub' })).toBeVisible()
  })
})

test.describe('when the line drops', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED|Failed to fetch dynamically imported module|TRPCClientError: Failed to fetch/] })

  test('a screen whose code did not arrive says so, and reloading shows it', async ({ page, signIn }) => {
    await signIn()
    // Cut twice: the router reloads the page once by itself, and the line is still down then.
    let asked = 0
    await page.route(
      (url) => chunkName(url.href) === 'sabbath',
      (route) => (asked++ < 2 ? route.abort() : route.continue()),
    )
    await page.goto('/sabbath')
    await expect(page.getByRole('heading', { level: 1, name: 'This page did not finish loading' })).toBeVisible()
    await expect(page.getByText('The connection dropped while it loaded. Check your connection, then reload the page.')).toBeVisible()
    // The member's header stays, so the rest of the app is a click away.
    await expect(page.getByRole('link', { name: 'Discover' }).first()).toBeVisible()

    await page.getByRole('button', { name: 'Reload the page' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sabbath Corner' })).toBeVisible()
    expect(asked).toBe(3)
  })

  test('a screen whose data did not arrive offers to try again, and trying again shows it', async ({ page, signIn }) => {
    await signIn()
    let asked = 0
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('sabbath.events'),
      (route) => (asked++ === 0 ? route.abort() : route.continue()),
    )
    await page.goto('/sabbath')
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sabbath Corner' })).toBeVisible()
    expect(asked).toBe(2)
  })
})
