import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

/** The script files the page fetched, by name without the content hash (`landing-page`, `discover-screen`). */
function scriptNames(page: Page) {
  const names: string[] = []
  page.on('response', (response) => {
    const file = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(response.url()).pathname)?.[1]
    if (file) names.push(file)
  })
  return names
}

test('a visitor sees each screen’s name in the tab title, and loads only the landing page’s code', async ({ page }) => {
  const scripts = scriptNames(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
  await expect(page).toHaveTitle('Covenant: Christian dating with purpose')
  expect(scripts).toContain('landing-page')
  expect(scripts).not.toContain('discover-screen')
  expect(scripts).not.toContain('member-shell')

  await page.getByRole('link', { name: 'View Premium Features & Pricing' }).click()
  await expect(page).toHaveTitle('Premium Memberships · Covenant')
  await page.goBack()
  await expect(page).toHaveTitle('Covenant: Christian dating with purpose')
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

test('the browser receives the client brotli-compressed, and a second visit revalidates the page with a 304', async ({ page }) => {
  const encodings = new Map<string, string | undefined>()
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/assets/')) encodings.set(url.pathname, (await response.allHeaders())['content-encoding'])
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
  const entry = [...encodings.keys()].find((path) => /\/assets\/index-[\w-]{8}\.js$/.test(path))
  expect(entry, 'the entry script').toBeDefined()
  expect(encodings.get(entry as string)).toBe('br')

  const first = await page.request.get('/')
  const etag = first.headers().etag
  expect(etag).toBeTruthy()
  const again = await page.request.get('/', { headers: { 'If-None-Match': etag as string } })
  expect(again.status()).toBe(304)
})
