import { expect, test, type Page } from './support/test'
import {
  createConfirmedUser,
  linkIn,
  pathOf,
  RESET_SUBJECT,
  signInByApi,
  useLanguage,
  waitForMail,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

const NEW_PASSWORD = 'a-brand-new-Padel-2027'

async function requestResetLink(page: Page, email: string): Promise<string> {
  await page.goto('/forgot-password')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send me a reset link' }).click()
  await expect(page.getByTestId('reset-requested')).toContainText(email)
  return linkIn(await waitForMail(page.request, email, RESET_SUBJECT), '/reset-password')
}

/** Fills the reset form when it is shown (a dead link may already be refused on arrival). */
async function submitNewPassword(page: Page, password: string): Promise<void> {
  const form = page.locator('form[data-state="ready"]')
  const error = page.getByTestId('reset-error')
  await expect(form.or(error)).toBeVisible()
  if (await error.isVisible()) return
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('Confirm the new password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Save the new password' }).click()
}

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

test('forgot → e-mail → reset → sign in with the new password; other sessions end', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000)
  const user = await createConfirmedUser(request, 'reset', 'en')

  // A session opened elsewhere before the reset.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await signInByApi(other, user)
  await other.goto('/dashboard')
  await expect(other.getByTestId('header-username')).toHaveText(user.username)

  // Forgot password → the check-your-email confirmation, with a link back to sign in.
  const link = await requestResetLink(page, user.email)
  await expect(page.getByRole('link', { name: 'Back to sign in' }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The link → the form → success → /login after 3 seconds.
  await page.goto(pathOf(link))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await expect(page.locator('form[data-state="ready"]')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await submitNewPassword(page, NEW_PASSWORD)
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 })

  // The old password no longer works; the new one does.
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('form-error')).toHaveText('The email or password is not correct.')
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('header-username')).toHaveText(user.username)

  // The session opened before the reset is gone.
  expect((await other.request.get('/api/me')).status()).toBe(401)
  await other.goto('/dashboard')
  await expect(other).toHaveURL(/\/login$/)
  await otherContext.close()
})

test('a reset link used twice shows the expired-link error', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'reuse', 'en')
  const link = await requestResetLink(page, user.email)

  await page.goto(pathOf(link))
  await submitNewPassword(page, NEW_PASSWORD)
  await expect(page.locator('[data-state="success"]')).toBeVisible()

  await page.goto(pathOf(link))
  await submitNewPassword(page, 'yet-another-Padel-2028')
  await expect(page.getByTestId('reset-error')).toHaveText(
    'This reset link has expired or has already been used. Request a new one.',
  )
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('an unknown (or expired) reset token shows the expired-link error', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token')
  await submitNewPassword(page, NEW_PASSWORD)
  await expect(page.getByTestId('reset-error')).toHaveText(
    'This reset link has expired or has already been used. Request a new one.',
  )
})

test('a reset page without a token says the link is incomplete', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByTestId('reset-error')).toHaveText(
    'This link is incomplete. Open it again from your recovery email.',
  )
})

test('the reset form checks both fields, their match and the length', async ({ page }) => {
  // No live token needed: the early link check is answered "cannot tell", so the form shows.
  await page.route('**/api/auth/reset-password/*', (route) => route.fulfill({ status: 404 }))
  await page.goto('/reset-password?token=form-checks-only')
  const password = page.getByLabel('New password', { exact: true })
  const confirm = page.getByLabel('Confirm the new password', { exact: true })
  const save = page.getByRole('button', { name: 'Save the new password' })
  const error = page.getByTestId('form-error')

  await save.click()
  await expect(error).toHaveText('Please fill in both fields.')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toBeFocused()

  await password.fill('padel-2026')
  await confirm.fill('padel-2027')
  await save.click()
  await expect(error).toHaveText('The passwords do not match.')
  await expect(confirm).toHaveAttribute('aria-invalid', 'true')

  await password.fill('short')
  await confirm.fill('short')
  await save.click()
  await expect(error).toHaveText('The password must have at least 8 characters.')
  await expect(password).toHaveAttribute('aria-invalid', 'true')

  // Each field has its own show/hide toggle.
  const toggle = page.getByRole('button', { name: 'Show new password' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(password).toHaveAttribute('type', 'password')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(password).toHaveAttribute('type', 'text')
  await expect(confirm).toHaveAttribute('type', 'password')
})
