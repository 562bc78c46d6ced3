import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { likeEachOther, openConversation, registerMember } from '#tests/e2e/support/members.ts'

// The plan's name sits beside the avatar only on the widest screens.
test.use({ viewport: { width: 1600, height: 900 } })

const billingDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

async function renewalDate(page: Page): Promise<string> {
  // Asked by the page itself: a request context idle past the server's keep-alive can reuse a socket as it closes.
  const { renewsAt } = await page.evaluate(async () => {
    const response = await fetch('/api/subscription')
    if (!response.ok) throw new Error(`GET /api/subscription answered ${response.status}`)
    return (await response.json()) as { renewsAt: string }
  })
  return billingDate.format(new Date(renewsAt))
}

/** On the demo checkout: sees that nothing is charged, confirms, and lands on the welcome page. */
async function confirmDemoCheckout(page: Page, planName: string) {
  await expect(page).toHaveURL(/\/checkout\/demo\//)
  await expect(page.getByText('Demo mode — no card is charged')).toBeVisible()
  await expect(page.getByRole('heading', { name: `${planName}, monthly` })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/checkout\/success\?checkout=/)
  await expect(page.getByRole('heading', { name: `Welcome to ${planName}` })).toBeVisible()
}

test.describe('the daily message limit', () => {
  // The fourth message is refused with a 429, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 429/] })

  test('a free member at the limit upgrades through the demo checkout and sends again', async ({ page, browser, baseURL }) => {
    test.slow()
    const ruth = await registerMember(page.request, 'Ruth', { gender: 'woman', age: 30 })
    const other = await browser.newContext({ baseURL })
    const boaz = await registerMember(other.request, 'Boaz', { gender: 'man', age: 33 })
    await likeEachOther([page.request, ruth], [other.request, boaz])
    await other.close()

    const { messages, composer } = await openConversation(page, boaz)
    for (const text of ['Shalom, Boaz!', 'How was your Sabbath?', 'Our church has a potluck on Sunday.']) {
      await composer.fill(text)
      await composer.press('Enter')
      await expect(messages.getByRole('listitem').last()).toContainText(text)
    }

    await composer.fill('Would you like to come?')
    await composer.press('Enter')
    const limit = page.getByRole('alert').filter({ hasText: "You've sent your 3 messages for today." })
    await expect(limit).toBeVisible()
    await expect(messages).not.toContainText('Would you like to come?')
    await limit.getByRole('button', { name: 'Upgrade to Divine Connection' }).click()

    await confirmDemoCheckout(page, 'Divine Connection')
    await expect(page.getByText(`Renews on ${await renewalDate(page)}`)).toBeVisible()
    await expect(page.getByRole('link', { name: `Your profile: ${ruth.firstName} ${ruth.lastName}` })).toContainText('Divine Connection')

    await page.goto('/messaging')
    await page.getByRole('link', { name: new RegExp(`^${boaz.firstName} ${boaz.lastName}`) }).click()
    await composer.fill('Would you like to come?')
    await composer.press('Enter')
    await expect(composer).toHaveValue('')
    await expect(messages.getByRole('listitem').last()).toContainText('Would you like to come?')
    await expect(page.getByRole('alert').filter({ hasText: 'messages for today' })).toHaveCount(0)
  })
})

test('account settings show the renewal date, cancel at period end, and resume', async ({ page, signIn }) => {
  test.slow()
  await signIn()
  await page.goto('/settings')
  const membership = page.getByRole('region', { name: 'Membership' })
  await expect(membership).toContainText('Faith Explorer')

  await page.goto('/pricing')
  await page.getByRole('button', { name: 'Choose Divine Connection' }).click()
  await confirmDemoCheckout(page, 'Divine Connection')
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page).toHaveURL(/\/settings/)

  const renewal = await renewalDate(page)
  await expect(membership).toContainText('Divine Connection')
  await expect(membership.getByText(`Renews on ${renewal}`)).toBeVisible()
  await expect(membership.getByRole('button', { name: 'Update payment method' })).toHaveCount(0)

  await membership.getByRole('button', { name: 'Cancel at period end' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel at period end?' })
  await expect(dialog).toContainText(`You keep Divine Connection until ${renewal}.`)
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click()
  await expect(dialog).toBeHidden()
  await expect(membership.getByText(`Ends on ${renewal}`)).toBeVisible()

  await membership.getByRole('button', { name: 'Resume' }).click()
  await expect(membership.getByText(`Renews on ${renewal}`)).toBeVisible()
  await expect(membership.getByRole('button', { name: 'Cancel at period end' })).toBeVisible()

  await page.goto('/pricing')
  await expect(page.getByRole('article', { name: 'Divine Connection' }).getByRole('button', { name: 'Your Current Plan' })).toBeDisabled()
})

test('leaving the checkout goes back to the plans, where nothing has been charged', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/pricing')
  await page.getByRole('switch', { name: 'Yearly' }).click()
  await page.getByRole('button', { name: 'Choose Quantum Soul' }).click()
  await expect(page.getByRole('heading', { name: 'Quantum Soul, yearly' })).toBeVisible()
  await expect(page.getByText('$499.99/year', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL('/pricing?checkout=cancelled')
  await expect(page.getByRole('status').filter({ hasText: 'Checkout was cancelled. Nothing has been charged.' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Faith Explorer' }).getByRole('button', { name: 'Your Current Plan' })).toBeDisabled()
})

test.describe('a plan for verified incomes', () => {
  // The refusal is a 403, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 403/] })

  test("is refused in the server's words, with a way to verify", async ({ page, signIn }) => {
    await signIn()
    await page.goto('/pricing')
    await page.getByRole('button', { name: "Choose Millionaire's Faith" }).click()
    const area = page.getByRole('region', { name: /Notifications/ })
    await expect(area.getByText('Income verification needed', { exact: true })).toBeVisible()
    await area.getByRole('link', { name: 'Verify your income' }).click()
    await expect(page).toHaveURL('/verification?tab=income')
  })
})

test('the income bypass fee is paid at checkout and the bypass is active at once', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/verification?tab=bypass')
  await expect(page.getByText('Pay the fee at checkout')).toBeVisible()
  await page.getByRole('radio', { name: /Very Serious/ }).click()
  await page.getByLabel('Income tier').click()
  await page.getByRole('option', { name: /\$1M-\$5M/ }).click()
  await page.getByLabel('I understand that the bypass fee is non-refundable.').check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()

  await expect(page).toHaveURL(/\/checkout\/demo\//)
  await expect(page.getByText('Demo mode — no card is charged')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Commitment bypass: Very Serious' })).toBeVisible()
  await expect(page.getByText('$7,500', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm' }).click()

  // The toast saying so may give way at once to the achievement it earned (one toast at a time): the page is the proof.
  await expect(page).toHaveURL('/verification')
  await expect(page.getByText('Bypass Active').first()).toBeVisible()
  await expect(page.getByText(/Active since/)).toBeVisible()
})
