import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'

test('a new member completes their profile and Discover opens up', async ({ page, signIn }) => {
  await signIn()
  await expect(page.getByRole('heading', { name: 'Complete your profile to start discovering' })).toBeVisible()
  await page.getByRole('link', { name: 'Complete your profile' }).click()
  await expect(page).toHaveURL('/profile')

  await page.getByRole('radio', { name: 'Woman' }).click()
  await page.getByLabel('Birth date').fill('1994-05-17')
  await page.getByLabel('State or region').click()
  await page.getByRole('option', { name: 'Tennessee' }).click()
  await page.getByLabel('City').fill('Nashville')
  await page.getByRole('combobox', { name: 'Denomination', exact: true }).click()
  await page.getByRole('option', { name: 'Seventh-day Adventist' }).click()
  await page.getByLabel('Faith journey').click()
  await page.getByRole('option', { name: 'Raised in the faith' }).click()
  await page.getByRole('switch', { name: 'I keep the seventh-day Sabbath' }).click()
  await page.getByLabel('About me').fill('Nurse, Sabbath School teacher, and a lover of long walks.')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expectToast(page, 'Profile saved')

  await page.getByRole('link', { name: 'Discover' }).first().click()
  await expect(page.getByRole('button', { name: 'Apply Filters' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('article').first()).toBeVisible()
})

test('the profile form explains what is missing', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Please choose man or woman')).toBeVisible()
  await expect(page.getByText('Please enter your birth date')).toBeVisible()
})

test('a photo upload appears as the main photo', async ({ page, signIn }) => {
  await signIn()
  await page.goto('/profile')
  // A 1×1 PNG is a real image; the server re-encodes it to WebP.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await expectToast(page, 'Photo added')
  await expect(page.getByText('Main photo', { exact: true })).toBeVisible()
  const photo = page.getByRole('img', { name: 'You', exact: true })
  await expect(photo).toBeVisible()
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByRole('link', { name: /Your profile/ }).getByRole('img')).toHaveAttribute('src', /\/uploads\/photos\//)
})
