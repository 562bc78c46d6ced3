import { seriousAccessibilityViolations } from '#tests/e2e/support/axe.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

const pages = [
  { link: 'Safety Centre', path: '/safety', title: 'Safety Centre', section: 'What the scam guard looks for' },
  { link: 'Terms of Use', path: '/terms', title: 'Terms of Use', section: 'Who may join' },
  { link: 'Privacy Policy', path: '/privacy', title: 'Privacy Policy', section: 'Cookies and sessions' },
] as const

test.describe('the safety centre, terms and privacy pages', () => {
  for (const { link, path, title, section } of pages) {
    test(`the footer's ${link} link opens ${path} for a visitor`, async ({ page }) => {
      await page.goto('/')
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click()
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByRole('region', { name: section }).getByRole('heading', { level: 2, name: section })).toBeVisible()
      // The contents list leads to each section on the page.
      await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: section }).click()
      await expect(page).toHaveURL(new RegExp(`${path}#`))
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeInViewport()
    })
  }

  test('a member reaches them from the footer of a member screen', async ({ page, signIn }) => {
    await signIn()
    await page.goto('/achievements')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Safety Centre' }).click()
    await expect(page).toHaveURL('/safety')
    await expect(page.getByRole('heading', { level: 1, name: 'Safety Centre' })).toBeVisible()
    // Read inside the member's own frame: their navigation stays.
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'How blocking works' }).getByText('It works both ways, at once.')).toBeVisible()
  })

  test('the safety centre points to help outside Covenant', async ({ page }) => {
    await page.goto('/safety')
    await expect(page.getByText('In danger right now?')).toBeVisible()
    const help = page.getByRole('region', { name: 'Where to get help' })
    await expect(help.getByRole('link', { name: 'reportfraud.ftc.gov' })).toHaveAttribute('href', 'https://reportfraud.ftc.gov')
    await expect(help.getByRole('link', { name: '911' })).toHaveAttribute('href', 'tel:911')
  })

  test('the registration form links to the terms and the privacy policy', async ({ page }) => {
    await page.goto('/register')
    await expect(page.getByText('By creating an account you agree to the Terms of Use and Privacy Policy.')).toBeVisible()
    const form = page.locator('form')
    await expect(form.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms')
    await form.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL('/privacy')
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  })
})

test.describe('accessibility and layout', () => {
  // axe-core is injected as an inline script, which the product's CSP rightly refuses.
  test.use({ bypassCSP: true })

  for (const { path, title } of pages) {
    test(`${path} has no serious or critical axe violations and fits a phone`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      // The headings go one level at a time: h1, then h2s, with h3s only inside them.
      const levels = await page.locator('main :is(h1, h2, h3, h4)').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])))
      expect(levels[0]).toBe(1)
      for (const [index, level] of levels.entries()) if (index > 0) expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1)

      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow, `horizontal scroll at ${width} px`).toBe(0)
      }
    })
  }
})
