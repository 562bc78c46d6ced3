import { expect, expectToast, fillRegistration, newMember, test } from '#tests/e2e/support/fixtures.ts'

test('a visitor registers, lands on Discover, logs out and logs back in', async ({ page }) => {
  const member = newMember('Ruth')
  await page.goto('/register')
  await expect(page.getByRole('heading', { name: 'Join Covenant' })).toBeVisible()
  await fillRegistration(page, member)
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page).toHaveURL('/')
  await expectToast(page, 'Welcome to Covenant!', 'Your account has been created successfully.')
  await expect(page.getByRole('heading', { name: "Discover God's Plan" })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Complete your profile to start discovering' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Your profile: Ruth Elkanah/ })).toContainText('Faith Explorer')

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()

  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/')
  await expectToast(page, 'Welcome back!', 'You have been successfully logged in.')
})

test('the forms show the exact validation messages', async ({ page }) => {
  await page.goto('/register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('First name is required')).toBeVisible()
  await expect(page.getByText('Last name is required')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()

  await page.goto('/login')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
})

test.describe('a wrong password', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] })

  test('shows the login failed toast with the server message', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expectToast(page, 'Login failed', 'Invalid email or password')
    await expect(page).toHaveURL('/login')
  })
})

test('a demo member can sign in with the published password', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill('demo@covenant.app')
  await page.getByLabel('Password').fill('covenant-demo')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('link', { name: /Your profile: Grace Thompson/ })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('article').first()).toBeVisible()
})

test('member pages send visitors to sign in and back again afterwards', async ({ page }) => {
  await page.goto('/events')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fevents/)
  const member = newMember('Lydia')
  await page.getByRole('link', { name: 'Sign up' }).click()
  await fillRegistration(page, member)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL('/events')
  await expect(page.getByRole('heading', { name: 'Community Events' })).toBeVisible()
})

test('social sign-in that is not configured explains why on the login screen', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Google' }).click()
  await expect(page).toHaveURL(/\/login\?error=/)
  await expect(page.getByRole('alert')).toContainText('Google sign-in is not configured')
})

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
})
