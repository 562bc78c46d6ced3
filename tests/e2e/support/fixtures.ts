import { test as base, expect, type Page } from '@playwright/test'

export interface Member {
  email: string
  password: string
  firstName: string
  lastName: string
}

let counter = 0
export function newMember(firstName = 'Hannah'): Member {
  counter += 1
  return {
    email: `${firstName.toLowerCase()}.${Date.now()}.${counter}@example.com`,
    password: 'faithful-and-true',
    firstName,
    lastName: 'Elkanah',
  }
}

/**
 * Every page fails its test on an unexpected console error or uncaught exception;
 * a test that provokes an error on purpose lists the text it expects in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; signIn: (member?: Member) => Promise<Member> }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      if (allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return
      errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await use(page)
    expect(errors, 'console errors on the page').toEqual([])
  },
  /** Registers a member through the API (sharing the page's cookies) and opens Discover. */
  signIn: async ({ page }, use) => {
    await use(async (member = newMember()) => {
      const response = await page.request.post('/api/register', { data: member })
      expect(response.ok()).toBe(true)
      await page.goto('/')
      return member
    })
  },
})

export { expect }

export async function fillRegistration(page: Page, member: Member) {
  await page.getByLabel('First name').fill(member.firstName)
  await page.getByLabel('Last name').fill(member.lastName)
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
}

/**
 * A visitor's `/` arrives drawn (landing.html) and its code comes when the visitor first reaches for
 * the page: point at it, then wait until the app has taken the page over and every script its first
 * render asks for has arrived.
 */
export async function landingPageTakenOver(page: Page) {
  await page.mouse.move(1, 1)
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await page.waitForLoadState('networkidle')
}

/**
 * The toast as the member sees it in the notification area (F8), title and optional description.
 * Toasts stack, and two may share a title (two badges earned at once): the description tells which.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const area = page.getByRole('region', { name: /Notifications/ })
  await expect(area.getByText(title, { exact: true }).first()).toBeVisible()
  if (description) await expect(area.getByText(description, { exact: true })).toBeVisible()
}

/** Badges any active member earns from the date alone: Christmas Joy through December (UTC, as the server counts days). */
export const badgesOfTheSeason = () => (new Date().getUTCMonth() === 11 ? 1 : 0)

/** A match made while the member was away greets them once at their next visit: see it and close it. */
export async function closeMatchDialog(page: Page) {
  const match = page.getByRole('dialog', { name: "It's a Match!" })
  await match.getByRole('button', { name: 'Keep browsing' }).click()
  await expect(match).toHaveCount(0)
}
