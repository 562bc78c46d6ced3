import type { Page } from '@playwright/test'
import { featureComparison } from '#shared/content/feature-comparison.ts'
import { plans } from '#shared/content/plans.ts'
import { landingPreferences } from '#shared/content/preferences.ts'
import { seriousAccessibilityViolations } from '#tests/e2e/support/axe.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

/** Holds back the app's entry until the returned function is called: the landing page stays as drawn. */
async function holdAppCode(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('the landing page, for a visitor', () => {
  test('shows the hero, the calls to action and every section the spec lists', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Find the one God has prepared for you' })).toBeVisible()
    const heroImage = page.getByRole('img', { name: /couple holding hands on a hill at sunset/ })
    await expect(heroImage).toBeVisible()
    await expect.poll(() => heroImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(page.getByText('“Two are better than one; because they have a good reward for their labour.”')).toBeVisible()

    await expect(page.getByRole('link', { name: 'Create Your Account' })).toHaveAttribute('href', '/register')
    await expect(page.getByText('Or continue with')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google')
    await expect(page.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', '/api/auth/facebook')
    const join = page.getByRole('region', { name: 'Dating with the intention of marriage' })
    await expect(join.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login')
    await expect(page.getByRole('link', { name: 'View Premium Features & Pricing' })).toHaveAttribute('href', '/pricing')

    const stories = page.getByRole('region', { name: 'Love stories that began here' })
    await expect(stories.getByRole('figure')).toHaveCount(3)
    await expect(stories.getByText('Illustrative stories: the couples and their pictures are fictional.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Moments worth waiting for' }).getByRole('img')).toHaveCount(6)

    const benefits = page.getByRole('region', { name: 'The Blessings of Christian Marriage' })
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveCount(3)
    await expect(page.getByRole('heading', { name: 'Biblical Love Story' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Boaz & Ruth' }).first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Made for marriage-minded believers' }).getByRole('heading', { level: 3 })).toHaveCount(3)

    // The CSP allows only our own pictures; every one on the page must be served by us.
    const sources = await page.locator('img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src))
    for (const source of sources) expect(new URL(source).origin).toBe(new URL(page.url()).origin)
  })

  test('arrives drawn: it shows before any script runs, and keeps its place when the app takes it over', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A browser that runs no scripts at all still gets the whole first screen.
    const noScripts = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const drawn = await noScripts.newPage()
    await drawn.goto('/')
    await expect(drawn.locator('h1')).toHaveText('Find the one God has prepared for you')
    await expect(drawn.locator('img[alt^="Illustration of a couple holding hands on a hill"]')).toBeVisible()
    await expect(drawn.locator('a', { hasText: 'Join free' })).toHaveAttribute('href', '/register')
    await expect(drawn.locator('h2', { hasText: 'Find Your Future Spouse' })).toBeVisible()
    await noScripts.close()

    // A visitor who only looks downloads none of the app's code.
    const appScripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !/landing-boot/.test(request.url())) appScripts.push(request.url())
    })
    const release = await holdAppCode(page)
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    expect(appScripts).toEqual([])
    const root = page.locator('#root')
    await expect(root).toHaveAttribute('data-prerendered')

    // Scrolling into the page asks for the app; while its code is on the way, a press on a button is
    // held (no native form submission reloading the page) and made once the app has the page.
    const finderHeading = page.locator('h2', { hasText: 'Find Your Future Spouse' })
    await finderHeading.evaluate((heading) => {
      heading.scrollIntoView()
      ;(heading as HTMLElement & { drawnAtBuild?: boolean }).drawnAtBuild = true
    })
    await expect.poll(() => appScripts.length).toBeGreaterThan(0)
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(0)
    const box = await finderHeading.boundingBox()
    await page.locator('button', { hasText: 'Find My Matches' }).click()
    const preview = page.getByRole('heading', { name: /believers could be your match/ })
    await expect(preview).toHaveCount(0)
    await expect(page).toHaveURL(/\/$/)

    release()
    await expect(root).not.toHaveAttribute('data-prerendered')
    await expect(preview).toBeVisible()
    // The same elements, in the same place, at the same scroll: the page was taken over, not drawn again.
    expect(await finderHeading.evaluate((heading) => (heading as HTMLElement & { drawnAtBuild?: boolean }).drawnAtBuild)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    expect(await finderHeading.boundingBox()).toEqual(box)
  })

  test('a dropdown pressed before the app has the page opens once it has', async ({ page }) => {
    const release = await holdAppCode(page)
    await page.goto('/')
    const finder = page.getByRole('region', { name: 'Find Your Future Spouse' })
    await finder.getByRole('combobox', { name: 'Denomination' }).click()
    await expect(page.getByRole('option', { name: 'Baptist' })).toHaveCount(0)
    release()
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await page.getByRole('option', { name: 'Baptist' }).click()
    await expect(finder.getByRole('combobox', { name: 'Denomination' })).toHaveText('Baptist')
  })

  test.describe('when the line drops', () => {
    test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] })

    test("the app's code that failed to arrive is asked for again on the visitor's next reach", async ({ page }) => {
      let asked = 0
      await page.route(/\/assets\/index-[\w-]+\.js(\?.*)?$/, (route) => (asked++ === 0 ? route.abort() : route.continue()))
      await page.goto('/')
      await page.mouse.move(10, 10)
      await expect.poll(() => asked).toBe(1)
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered')
      // The page hears of the failure a moment after the request is cut: the visitor reaches again until it asks.
      let x = 20
      await expect
        .poll(async () => {
          x += 10
          await page.mouse.move(x, 20)
          return asked
        })
        .toBe(2)
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
      expect(asked).toBe(2)
    })
  })

  test("'Find Your Future Spouse' has the seven dropdowns, and 'Find My Matches' reveals the preview", async ({ page }) => {
    await page.goto('/')
    const finder = page.getByRole('region', { name: 'Find Your Future Spouse' })
    const dropdowns = finder.getByRole('combobox')
    await expect(dropdowns).toHaveCount(7)
    const labels = ['Age Range', 'Race/Ethnicity', 'Income Range', 'Denomination', 'Nationality', 'Education Level', 'Location']
    expect(landingPreferences.map((preference) => preference.label)).toEqual(labels)
    for (const [index, label] of labels.entries()) await expect(dropdowns.nth(index)).toHaveAccessibleName(label)
    await expect(finder.getByText(/believers could be your match/)).toHaveCount(0)

    await finder.getByRole('combobox', { name: 'Age Range' }).click()
    await expect(page.getByRole('option')).toHaveText(landingPreferences[0].options)
    await page.getByRole('option', { name: '26-30' }).click()
    await finder.getByRole('combobox', { name: 'Denomination' }).click()
    await page.getByRole('option', { name: 'Baptist' }).click()
    await finder.getByRole('button', { name: 'Find My Matches' }).click()

    const chosen = finder.getByRole('list', { name: 'Your preferences' }).getByRole('listitem')
    await expect(chosen).toHaveText(['Age Range: 26-30', 'Denomination: Baptist'])
    const heading = finder.getByRole('heading', { name: /believers could be your match/ })
    const count = Number((await heading.innerText()).replace(/[^\d]/g, ''))
    expect(count).toBeGreaterThanOrEqual(700)
    expect(count).toBeLessThanOrEqual(1000)
    await expect(finder.getByRole('link', { name: 'Sign Up to See Your Matches' })).toHaveAttribute('href', '/register')
  })

  test('the featured story opens its modal with the four sections, and closes', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Read Complete Story' }).click()
    const dialog = page.getByRole('dialog', { name: 'Boaz & Ruth' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Ruth 1-4')).toBeVisible()
    await expect(dialog.getByText('Providence', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      'The Complete Story',
      'Key Scripture',
      "God's Truth for You",
      'Practical Application',
    ])
    const box = await dialog.boundingBox()
    const viewport = page.viewportSize()
    expect(box && viewport && box.height <= viewport.height * 0.8 + 1).toBe(true)

    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    // The carousel keeps moving under a pointer that is not on it, so this one is opened from the keyboard.
    await page.getByRole('button', { name: 'Read Full Story' }).first().focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Boaz & Ruth' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('the story carousel repeats its list twice and pauses on hover and for reduced motion', async ({ page }) => {
    await page.goto('/')
    const track = page.locator('[class*="anim_marquee"]')
    await expect(track.getByRole('heading', { level: 3 })).toHaveCount(10)
    await expect(track.locator('article')).toHaveCount(20)
    await track.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running')
    // A moving element is never "stable", so the pointer is put on it without waiting for that.
    await track.hover({ force: true })
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused')

    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
  })

  test('a marriage benefit opens its studies and scripture', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Studies & Scripture: A Faith That Holds You Together' }).click()
    const dialog = page.getByRole('dialog', { name: 'A Faith That Holds You Together' })
    await expect(dialog.getByRole('heading', { name: 'What the research shows' })).toBeVisible()
    await expect(
      dialog.getByText('Religious Service Attendance, Divorce, and Remarriage among U.S. Nurses in Mid and Late Life'),
    ).toBeVisible()
    await expect(dialog.getByText('Ecclesiastes 4:12')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })
})

test.describe('/pricing', () => {
  test('shows five plans, the billing toggle, the saving banner and the comparison', async ({ page }) => {
    await page.goto('/pricing')
    await expect(page.getByRole('heading', { level: 1, name: 'Premium Memberships' })).toBeVisible()
    const names = ['Faith Explorer', 'Divine Connection', 'Quantum Soul', "Millionaire's Faith", "Billionaire's Covenant"]
    expect(plans.map((plan) => plan.name)).toEqual(names)
    for (const name of names) await expect(page.getByRole('article', { name })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(5)
    await expect(page.getByText('Save up to 17%', { exact: true })).toBeVisible()

    await expect(page.getByText('$19.99/month', { exact: true })).toBeVisible()
    await expect(page.getByText('$1K/month', { exact: true })).toBeVisible()
    await page.getByRole('switch', { name: 'Yearly' }).click()
    await expect(page.getByText('$199.99/year', { exact: true })).toBeVisible()
    await expect(page.getByText('$10K/year', { exact: true })).toBeVisible()
    await expect(page.getByText('$19.99/month', { exact: true })).toHaveCount(0)
    await page.getByRole('switch', { name: 'Yearly' }).click()
    await expect(page.getByText('$19.99/month', { exact: true })).toBeVisible()

    const comparison = page.getByRole('region', { name: 'Advanced Features Comparison' })
    await expect(comparison.getByRole('heading', { level: 3 })).toHaveText(featureComparison.map((column) => column.title))
    await expect(comparison.getByRole('heading', { level: 3 })).toHaveText([
      'Core Features',
      'Spiritual Tools',
      'Premium Experience',
      'Elite Benefits',
    ])
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/)
  })

  test("a visitor's plan button goes to /register", async ({ page }) => {
    await page.goto('/pricing')
    await page.getByRole('link', { name: 'Choose Divine Connection' }).click()
    await expect(page).toHaveURL('/register')
  })

  test('a member sees the current plan, and choosing another goes to checkout', async ({ page, signIn }) => {
    await signIn()
    await page.goto('/pricing')
    await expect(page.getByRole('article', { name: 'Faith Explorer' }).getByRole('button', { name: 'Your Current Plan' })).toBeDisabled()
    await page.getByRole('button', { name: 'Choose Divine Connection' }).click()
    await expect(page).toHaveURL(/\/checkout\/demo\//)
    await expect(page.getByText('Demo mode — no card is charged')).toBeVisible()
  })
})

test.describe('accessibility', () => {
  // axe-core is injected as an inline script, which the product's CSP rightly refuses.
  test.use({ bypassCSP: true })

  test('the landing page, with the match preview open, has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Find My Matches' }).click()
    await expect(page.getByRole('heading', { name: /believers could be your match/ })).toBeVisible()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })

  test('a story modal has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Read Complete Story' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })

  test('the pricing page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/pricing')
    await expect(page.getByRole('article')).toHaveCount(5)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})
