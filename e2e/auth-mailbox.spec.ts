import { expect, test } from './support/test'
import { CONFIRM_SUBJECT, newUser, signUpByApi, useLanguage, waitForMail } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

test('the local mailbox lists messages, opens one, and its link works', async ({
  page,
  request,
}) => {
  const user = newUser('mailbox')
  await signUpByApi(request, user, 'es')
  const mail = await waitForMail(request, user.email, CONFIRM_SUBJECT)

  await page.goto('/dev/mailbox')
  await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible()
  const item = page.getByTestId('mailbox-list').getByRole('button').filter({ hasText: user.email })
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(mail.subject)
  await expectNoSeriousA11yViolations(page)

  await item.click()
  const message = page.getByTestId('mailbox-message')
  await expect(message.getByRole('heading', { name: mail.subject })).toBeVisible()
  await expect(message).toContainText(user.email)
  // Checked before the HTML part opens: axe cannot run inside the script-less sandboxed frame.
  await expectNoSeriousA11yViolations(page)

  const htmlToggle = message.getByRole('button', { name: 'HTML version' })
  await expect(htmlToggle).toHaveAttribute('aria-expanded', 'false')
  await htmlToggle.click()
  await expect(htmlToggle).toHaveAttribute('aria-expanded', 'true')
  const frame = page.getByTitle('The email as its recipient sees it')
  await expect(frame).toBeVisible()
  await expect(frame).toHaveAttribute('sandbox', 'allow-top-navigation-by-user-activation')
  await expect(page.frameLocator('iframe').getByRole('link').first()).toHaveAttribute(
    'href',
    /\/email-confirmation\?token=/,
  )

  // The text version's link is a real link to the confirmation page.
  const link = page
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /email-confirmation\?token=/ })
  await link.click()
  await expect(page).toHaveURL(/\/email-confirmation\?token=/)
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible()
})

test('the mailbox page says so when the server has no local mailbox (404)', async ({ page }) => {
  await page.route('**/api/dev/mailbox*', (route) =>
    route.fulfill({
      status: 404,
      json: { error: { code: 'NOT_FOUND', message: 'No route for GET /api/dev/mailbox.' } },
    }),
  )
  await page.goto('/dev/mailbox')
  await expect(
    page.getByRole('heading', { name: 'The local mailbox is not available' }),
  ).toBeVisible()
})
