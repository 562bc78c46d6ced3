import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { expect, expectToast, newMember, test } from '#tests/e2e/support/fixtures.ts'
import { e2eOutbox } from '#tests/e2e/support/server-info.ts'

/** The link to `path` in the newest email to the address, as the member would click it in their inbox. */
async function linkFromInbox(baseURL: string, address: string, path: string, after = 0): Promise<string> {
  const outbox = e2eOutbox(baseURL)
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
        const mails = await Promise.all(files.map(async (name) => simpleParser(await readFile(join(outbox, name)))))
        const links = mails
          .filter((mail) => JSON.stringify(mail.to).includes(address))
          .flatMap((mail) => [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0]))
          .filter((link) => new URL(link).pathname === path)
        found = links.length > after ? links.at(-1) : undefined
        return found
      },
      { timeout: 10_000 },
    )
    .toBeTruthy()
  return found!
}

test.describe('a reset link', () => {
  // The spent link's refusal is a 400 the browser logs; the page shows it in words.
  test.use({ allowedConsoleErrors: [/status of 400/] })

  test('forgot password → email → reset → signed in, and the old password no longer works', async ({ page, baseURL, browser }) => {
    const member = newMember('Hannah')
    // An old session on another device, which the reset must end.
    const otherDevice = await browser.newContext({ baseURL })
    expect((await otherDevice.request.post('/api/register', { data: member })).ok()).toBe(true)

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await page.getByLabel('Email').fill(member.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()

    const link = await linkFromInbox(baseURL!, member.email, '/reset-password')
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill('a song in the night')
    await page.getByLabel('Confirm new password').fill('a song in the night')
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expectToast(page, 'Password updated', 'Your new password is set and you are signed in.')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: "Discover God's Plan" })).toBeVisible()

    expect((await otherDevice.request.get('/api/auth/user')).status()).toBe(401)
    await otherDevice.close()
    expect((await page.request.post('/api/login', { data: { email: member.email, password: member.password } })).status()).toBe(401)

    // The link is spent.
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill('another song again')
    await page.getByLabel('Confirm new password').fill('another song again')
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByText('This link is invalid or has expired. Please request a new one.')).toBeVisible()
  })
})

test('a new member confirms their address from the banner’s email', async ({ page, signIn, baseURL }) => {
  const member = await signIn(newMember('Peninnah'))
  const banner = page.getByRole('region', { name: 'Email confirmation' })
  await expect(banner).toContainText(member.email)

  await banner.getByRole('button', { name: 'Resend email', exact: true }).click()
  await expectToast(page, 'Verification email sent', `Check your inbox at ${member.email}.`)
  // Registration sent the first email; the banner's is the second, and the newest link is the one followed.
  const link = await linkFromInbox(baseURL!, member.email, '/verify-email', 1)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible()

  await page.goto('/')
  await expect(page.getByRole('heading', { name: "Discover God's Plan" })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0)
})
