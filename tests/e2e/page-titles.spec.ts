import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { chunkName } from '#tests/e2e/support/chunks.ts'
import { expect, landingPageTakenOver, test } from '#tests/e2e/support/fixtures.ts'
import { e2eDatabaseUrl } from '#tests/e2e/support/server-info.ts'

/** The script files the page fetched, by name without the content hash. */
function scriptNames(page: Page) {
  const names: string[] = []
  page.on('response', (response) => {
    const file = chunkName(response.url())
    if (file) names.push(file)
  })
  return names
}

/**
 * The script files the page fetches, with their code: `take()` answers those fetched since it was last called.
 * The code is fetched again by URL (hashed files do not change): the browser drops a response's body once the
 * page navigates away, which a late chunk can race. Node's fetch heeds the server's keep-alive timeout, so an idle
 * connection is not reused as it closes.
 */
function scriptsFetched(page: Page) {
  let fetched: { name: string; code: Promise<string> }[] = []
  page.on('response', (response) => {
    const name = chunkName(response.url())
    if (name) fetched.push({ name, code: fetch(response.url()).then((again) => again.text()) })
  })
  return {
    async take() {
      const taken = fetched
      fetched = []
      return { names: taken.map((script) => script.name), code: (await Promise.all(taken.map((script) => script.code))).join('\n') }
    },
  }
}

const SITE_TITLE = 'Covenant: Christian dating with purpose'

/** Every screen a visitor can open, and its tab title; the landing page keeps the site's own. */
const visitorScreens: [path: string, title: string][] = [
  ['/', SITE_TITLE],
  ['/login', 'Sign in · Covenant'],
  ['/register', 'Create your account · Covenant'],
  ['/forgot-password', 'Forgot your password? · Covenant'],
  ['/reset-password', 'Choose a new password · Covenant'],
  ['/verify-email', 'Confirm your email · Covenant'],
  ['/unsubscribe', 'Unsubscribe · Covenant'],
  ['/vouch', 'Vouch for a member · Covenant'],
  ['/pricing', 'Premium Memberships · Covenant'],
  ['/safety', 'Safety Centre · Covenant'],
  ['/terms', 'Terms of Use · Covenant'],
  ['/privacy', 'Privacy Policy · Covenant'],
  ['/no-such-page', 'Page not found · Covenant'],
]

/** Every screen a member can open without an id in its path, and its tab title (sign-in and registration send a member home). */
const memberScreens: [path: string, title: string][] = [
  ['/', 'Discover · Covenant'],
  ['/messaging', 'Messages · Covenant'],
  ['/matches', 'Your Matches · Covenant'],
  ['/likes', 'Likes You · Covenant'],
  ['/interests', 'Thoughtful Interest · Covenant'],
  ['/notifications', 'Notifications · Covenant'],
  ['/profile', 'Your Profile · Covenant'],
  ['/settings', 'Account Settings · Covenant'],
  ['/ai-interview', 'AI Interview · Covenant'],
  ['/quantum-matching', 'Quantum Faith Matching · Covenant'],
  ['/ai-counseling', 'AI Marriage Counseling · Covenant'],
  ['/events', 'Community Events · Covenant'],
  ['/sabbath', 'Sabbath Corner · Covenant'],
  ['/evangelism', 'Evangelism Hub · Covenant'],
  ['/achievements', 'Achievements · Covenant'],
  ['/verification', 'Verification Center · Covenant'],
  ['/pricing', 'Premium Memberships · Covenant'],
  ['/safety', 'Safety Centre · Covenant'],
  ['/terms', 'Terms of Use · Covenant'],
  ['/privacy', 'Privacy Policy · Covenant'],
  ['/reset-password', 'Choose a new password · Covenant'],
  ['/verify-email', 'Confirm your email · Covenant'],
  ['/unsubscribe', 'Unsubscribe · Covenant'],
  ['/vouch', 'Vouch for a member · Covenant'],
  ['/sabbath/no-such-page', 'Page not found · Covenant'],
  // Only a moderator sees the console; anyone else gets the not-found page, named as such.
  ['/moderation', 'Page not found · Covenant'],
]

/**
 * The heavy member screens, each by its route's chunk and the lead under its heading: a sentence
 * only that screen's own code holds, so it is found wherever a bundling change might put the code.
 */
const heavyScreens = [
  { path: '/sabbath', chunk: 'sabbath', lead: 'Rest, worship and fellowship with Sabbath keepers around the world.' },
  {
    path: '/achievements',
    chunk: 'achievements',
    lead: 'Badges for the steps you take toward a Christ-centred marriage, and the members leading the way.',
  },
  { path: '/verification', chunk: 'verification', lead: 'Verify your faith, income and education so other members can trust who you are.' },
  {
    path: '/ai-counseling',
    chunk: 'ai-counseling',
    lead: 'Biblical wisdom and honest insight for the relationship God is building in your life.',
  },
]

test('a visitor sees each screen’s name in the tab title, and loads only the landing page’s code', async ({ page }) => {
  const scripts = scriptNames(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
  await expect(page).toHaveTitle(SITE_TITLE)
  await landingPageTakenOver(page)
  expect(scripts).toContain('landing-page')
  expect(scripts).not.toContain('discover-screen')
  expect(scripts).not.toContain('member-shell')

  await page.getByRole('link', { name: 'View Premium Features & Pricing' }).click()
  await expect(page).toHaveTitle('Premium Memberships · Covenant')
  await page.goBack()
  await expect(page).toHaveTitle(SITE_TITLE)
  await page
    .getByRole('region', { name: 'Dating with the intention of marriage' })
    .getByRole('link', { name: 'Sign in', exact: true })
    .click()
  await expect(page).toHaveTitle('Sign in · Covenant')
})

test('a member moves from Discover to Messages and back, and the title follows', async ({ page, signIn }) => {
  const scripts = scriptNames(page)
  await signIn()
  await expect(page.getByRole('heading', { name: "Discover God's Plan" })).toBeVisible()
  await expect(page).toHaveTitle('Discover · Covenant')
  expect(scripts).toContain('discover-screen')
  expect(scripts).not.toContain('landing-page')

  await page.getByRole('link', { name: 'Messages', exact: true }).click()
  await expect(page).toHaveURL(/\/messaging$/)
  await expect(page).toHaveTitle('Messages · Covenant')
  await page.goBack()
  await expect(page).toHaveTitle('Discover · Covenant')
})

test('every screen a visitor can open names itself in the tab title', async ({ page }) => {
  for (const [path, title] of visitorScreens) {
    await page.goto(path)
    await expect(page, path).toHaveTitle(title)
  }
})

test('every screen a member can open names itself in the tab title, a moderator’s console included', async ({ page, signIn, baseURL }) => {
  test.slow()
  const member = await signIn()
  const started = await page.request.post('/api/subscription', { data: { planId: 'premium' } })
  expect(started.ok(), await started.text()).toBe(true)
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string }
  const content = await page.request.get('/api/evangelism/content')
  expect(content.ok()).toBe(true)
  const [item] = (await content.json()) as { id: string }[]
  const screens: [path: string, title: string][] = [
    ...memberScreens,
    [`/evangelism/${item!.id}`, 'Evangelism Hub · Covenant'],
    [checkoutUrl, 'Checkout · Covenant'],
    [`/checkout/success?checkout=${checkoutUrl.split('/').pop()}`, 'Checkout complete · Covenant'],
  ]
  for (const [path, title] of screens) {
    await page.goto(path)
    await expect(page, path).toHaveTitle(title)
  }

  // An operator makes the member a moderator, as in production; the console's old queue link lands on it too.
  execFileSync('npx', ['tsx', 'scripts/set-role.ts', member.email, 'moderator'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL!) },
    stdio: 'pipe',
  })
  for (const path of ['/moderation', '/verification/review']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
    await expect(page, path).toHaveTitle('Moderation · Covenant')
  }
})

test('the landing page loads none of the Sabbath, Achievements, Verification and Counseling code; each comes with its screen', async ({
  page,
  signIn,
}) => {
  const scripts = scriptsFetched(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
  await landingPageTakenOver(page)
  const landing = await scripts.take()
  expect(landing.names).toContain('landing-page')
  for (const screen of heavyScreens) {
    expect(landing.names, `the landing page's scripts`).not.toContain(screen.chunk)
    expect(landing.code.includes(screen.lead), `the ${screen.path} screen's code among the landing page's scripts`).toBe(false)
  }

  await signIn()
  await expect(page).toHaveTitle('Discover · Covenant')
  for (const screen of heavyScreens) {
    await scripts.take()
    await page.goto(screen.path)
    await expect(page.getByText(screen.lead, { exact: true })).toBeVisible()
    const opened = await scripts.take()
    expect(opened.names, `the ${screen.path} screen's scripts`).toContain(screen.chunk)
    expect(opened.code.includes(screen.lead), `the ${screen.path} screen's code among its own scripts`).toBe(true)
  }
})

test('the browser receives the client brotli-compressed, and a second visit revalidates the page with a 304', async ({ page }) => {
  const encodings = new Map<string, string | undefined>()
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/assets/')) encodings.set(url.pathname, (await response.allHeaders())['content-encoding'])
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
  await landingPageTakenOver(page)
  const entry = [...encodings.keys()].find((path) => /\/assets\/index-[\w-]{8}\.js$/.test(path))
  expect(entry, 'the entry script').toBeDefined()
  expect(encodings.get(entry as string)).toBe('br')

  const first = await page.request.get('/')
  const etag = first.headers().etag
  expect(etag).toBeTruthy()
  const again = await page.request.get('/', { headers: { 'If-None-Match': etag as string } })
  expect(again.status()).toBe(304)
})
