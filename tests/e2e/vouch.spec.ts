import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { expect, expectToast, test } from '#tests/e2e/support/fixtures.ts'
import { failOnConsoleErrors, registerMember } from '#tests/e2e/support/members.ts'
import { e2eOutbox } from '#tests/e2e/support/server-info.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')

/** The vouch link in the email to the pastor, as they would click it in their inbox. */
async function vouchLinkFromInbox(baseURL: string, address: string): Promise<string> {
  const outbox = e2eOutbox(baseURL)
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'))
        const mails = await Promise.all(files.map(async (name) => simpleParser(await readFile(join(outbox, name)))))
        found = mails
          .filter((mail) => JSON.stringify(mail.to).includes(address))
          .flatMap((mail) => [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0]))
          .find((link) => new URL(link).pathname === '/vouch')
        return found
      },
      { timeout: 10_000 },
    )
    .toBeTruthy()
  return found!
}

test('a member asks their pastor to vouch; the pastor confirms from the email; the profile shows it', async ({
  page,
  baseURL,
  browser,
}) => {
  // Two browsers and a round trip through the outbox.
  test.setTimeout(60_000)
  const member = await registerMember(page.request, 'Priscilla', { gender: 'woman', age: 29 })
  const pastorEmail = `pastor.${Date.now()}@grace-chapel.example`
  const submitted = await page.request.post('/api/verification/faith', {
    multipart: {
      churchName: 'Grace Chapel',
      pastorName: 'Pastor Aquila Reed',
      pastorEmail,
      membershipYears: '5',
      document: { name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  })
  expect(submitted.ok(), await submitted.text()).toBe(true)

  await page.goto('/verification?tab=faith')
  const panel = page.getByRole('region', { name: 'Church vouch' })
  await panel.getByRole('button', { name: 'Ask My Pastor to Vouch' }).click()
  await expectToast(page, 'Request sent', 'We emailed Pastor Aquila Reed a link to vouch for you.')
  await expect(panel).toContainText('We emailed Pastor Aquila Reed')

  // The pastor has no account: a fresh browser opens the link from the email.
  const link = await vouchLinkFromInbox(baseURL!, pastorEmail)
  const pastorContext = await browser.newContext({ baseURL })
  const pastor = await pastorContext.newPage()
  const pastorErrors = failOnConsoleErrors(pastor)
  await pastor.goto(link)
  const name = `${member.firstName} ${member.lastName}`
  await expect(pastor.getByRole('heading', { name: `Would you vouch for ${name}?` })).toBeVisible()
  await expect(pastor.getByRole('blockquote')).toContainText(
    `${name} is a member of Grace Chapel and, to my knowledge, a committed follower of Christ, unmarried and free to marry.`,
  )
  await pastor.getByRole('button', { name: 'Confirm' }).click()
  await expect(pastor.getByRole('heading', { name: 'Thank you for vouching' })).toBeVisible()
  await expect(pastor.getByRole('button', { name: 'Revoke My Confirmation' })).toBeVisible()
  pastorErrors()
  await pastorContext.close()

  // The member's open Verification Center shows the pastor's answer as it comes, without a reload.
  await expect(panel.getByText('Vouched by their church', { exact: true })).toBeVisible()

  await page.goto('/profile')
  await page.getByRole('button', { name: 'See your profile as others do' }).click()
  await expect(page.getByRole('dialog').getByText('Vouched by their church', { exact: true })).toBeVisible()

  await page.goto('/verification?tab=faith')
  await expect(page.getByRole('region', { name: 'Church vouch' }).getByText('Vouched by their church', { exact: true })).toBeVisible()
})
