import { expect, test, type Page } from './support/test'
import {
  CONFIRM_SUBJECT,
  createConfirmedUser,
  mailboxOf,
  newUser,
  signUpByApi,
  useLanguage,
  waitForMail,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// The account forms one rule at a time (docs/product.md "Validation", min 8 for passwords), their server errors and
// the resend-confirmation panel. English copy; the journeys cover Spanish.

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

const jsonError = (status: number, code: string, headers: Record<string, string> = {}) => ({
  status,
  contentType: 'application/json',
  headers,
  body: JSON.stringify({ error: { code, message: code } }),
})

async function fillRegister(
  page: Page,
  values: { username: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Username', { exact: true }).fill(values.username)
  await page.getByLabel('Email', { exact: true }).fill(values.email)
  await page.getByLabel('Password', { exact: true }).fill(values.password)
  await page.getByLabel('Confirm password', { exact: true }).fill(values.confirm)
  await page.getByRole('button', { name: 'Create my account' }).click()
}

test.describe('sign-in form', () => {
  test('requires both fields and an e-mail with an at sign', async ({ page }) => {
    await page.goto('/login')
    const error = page.getByTestId('form-error')
    const email = page.getByLabel('Email', { exact: true })
    const password = page.getByLabel('Password', { exact: true })
    const submit = page.getByRole('button', { name: 'Sign in', exact: true })

    await submit.click()
    await expect(error).toHaveText('Please enter your email and password.')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toBeFocused()

    await email.fill('ana.example.com')
    await password.fill('whatever')
    await submit.click()
    await expect(error).toHaveText('Please enter a valid email address.')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(password).not.toHaveAttribute('aria-invalid', 'true')
    await expectNoSeriousA11yViolations(page)
  })

  test('shows the show/hide toggle and the links to reset and register', async ({ page }) => {
    await page.goto('/login')
    const password = page.getByLabel('Password', { exact: true })
    const toggle = page.getByRole('button', { name: 'Show password' })
    await password.fill('secret-value')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(password).toHaveAttribute('type', 'text')
    await toggle.press('Enter')
    await expect(password).toHaveAttribute('type', 'password')

    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await page.goto('/login')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/register$/)
  })

  test('shows the server’s refusal translated, and the fallback when the answer is unreadable', async ({
    page,
  }) => {
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.test')
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByTestId('form-error')).toHaveText('The email or password is not correct.')

    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    )
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByTestId('form-error')).toHaveText('Login failed. Please try again.')
  })

  test('shows how long to wait when the server rate-limits', async ({ page }) => {
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill(jsonError(429, 'RATE_LIMITED', { 'Retry-After': '42' })),
    )
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill('ana@example.test')
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByTestId('form-error')).toHaveText(
      'Too many attempts. Please wait a moment and try again. Try again in 42 seconds.',
    )
  })

  test('an unconfirmed account gets the resend-confirmation panel', async ({ page, request }) => {
    const user = newUser('unconfirmed')
    await signUpByApi(request, user, 'en')
    await waitForMail(request, user.email, CONFIRM_SUBJECT)

    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const panel = page.getByTestId('unverified-panel')
    await expect(panel).toBeVisible()
    await expect(panel).toContainText(user.email)
    await expectNoSeriousA11yViolations(page)

    // Resend succeeds: a green confirmation, and a second e-mail in the mailbox.
    await panel.getByRole('button', { name: 'Resend the confirmation email' }).click()
    await expect(panel.getByTestId('resend-success')).toHaveText(
      'We have sent you a new confirmation email.',
    )
    await expect(panel.getByTestId('resend-success')).toHaveAttribute('data-tone', 'success')
    await waitForMail(request, user.email, CONFIRM_SUBJECT, { after: 1 })
    expect(await mailboxOf(request, user.email)).toHaveLength(2)

    // Resend fails: register.error_resend_failed.
    await page.route('**/api/auth/send-verification-email', (route) =>
      route.fulfill(jsonError(500, 'INTERNAL')),
    )
    await panel.getByRole('button', { name: 'Resend the confirmation email' }).click()
    await expect(panel.getByTestId('resend-error')).toHaveText(
      'We could not resend the confirmation email. Please try again.',
    )
  })
})

test.describe('register form', () => {
  const valid = { username: 'form_checks', email: 'form@example.test', password: 'padel-2026' }

  test('checks every rule: all fields, at sign, match, length of 8', async ({ page }) => {
    await page.goto('/register')
    const error = page.getByTestId('form-error')

    await page.getByRole('button', { name: 'Create my account' }).click()
    await expect(error).toHaveText('Please fill in all the fields.')
    await expect(page.getByLabel('Username', { exact: true })).toBeFocused()

    await fillRegister(page, { ...valid, email: 'form.example.test', confirm: valid.password })
    await expect(error).toHaveText('Please enter a valid email address.')
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')

    await fillRegister(page, { ...valid, confirm: 'padel-2027' })
    await expect(error).toHaveText('The passwords do not match.')
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )

    await fillRegister(page, { ...valid, password: 'seven77', confirm: 'seven77' })
    await expect(error).toHaveText('The password must have at least 8 characters.')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expectNoSeriousA11yViolations(page)
  })

  test('has a show/hide toggle on each password field', async ({ page }) => {
    await page.goto('/register')
    await page.getByRole('button', { name: 'Show password confirmation' }).click()
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute(
      'type',
      'text',
    )
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password')
  })

  test('shows the server’s reasons translated: taken username, invalid username', async ({
    page,
    request,
  }) => {
    const taken = await createConfirmedUser(request, 'taken', 'en')
    await page.goto('/register')
    await fillRegister(page, {
      username: taken.username,
      email: newUser().email,
      password: valid.password,
      confirm: valid.password,
    })
    await expect(page.getByTestId('form-error')).toHaveText(
      'This username is already taken. Please choose another.',
    )

    await fillRegister(page, {
      username: 'no spaces allowed',
      email: newUser().email,
      password: valid.password,
      confirm: valid.password,
    })
    await expect(page.getByTestId('form-error')).toHaveText(
      'Usernames have 3 to 30 characters: letters, digits, dots and underscores.',
    )
  })

  test('falls back to “Registration failed” when the answer is unreadable', async ({ page }) => {
    await page.route('**/api/auth/sign-up/email', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    )
    await page.goto('/register')
    await fillRegister(page, { ...valid, confirm: valid.password })
    await expect(page.getByTestId('form-error')).toHaveText(
      'Registration failed. Please try again.',
    )
  })
})

test.describe('email-sent page', () => {
  test('resends to the remembered address; back forgets it and returns to /register', async ({
    page,
    request,
  }) => {
    const user = newUser('sent')
    await page.goto('/register')
    await fillRegister(page, { ...user, confirm: user.password })
    await expect(page).toHaveURL(/\/email-sent\?email=/)
    await waitForMail(request, user.email, CONFIRM_SUBJECT)

    // Without the query parameter the remembered address is used.
    await page.goto('/email-sent')
    await expect(page.getByTestId('sent-email')).toHaveText(user.email)
    await page.getByRole('button', { name: 'Resend the confirmation email' }).click()
    await expect(page.getByTestId('resend-success')).toBeVisible()
    await waitForMail(request, user.email, CONFIRM_SUBJECT, { after: 1 })
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Back to registration' }).click()
    await expect(page).toHaveURL(/\/register$/)
    expect(await page.evaluate(() => localStorage.getItem('pendingConfirmationEmail'))).toBeNull()

    // Nothing remembered and no parameter: no address to send to.
    await page.goto('/email-sent')
    await expect(page.getByTestId('sent-email')).toHaveCount(0)
    await page.getByRole('button', { name: 'Resend the confirmation email' }).click()
    await expect(page.getByTestId('resend-error')).toHaveText(
      'We do not know which email to send the confirmation to. Please register again.',
    )
  })

  test('a rate-limited resend says how long to wait', async ({ page }) => {
    await page.route('**/api/auth/send-verification-email', (route) =>
      route.fulfill(jsonError(429, 'RATE_LIMITED', { 'Retry-After': '1' })),
    )
    await page.goto('/email-sent?email=someone%40example.test')
    await expect(page.getByTestId('sent-email')).toHaveText('someone@example.test')
    await page.getByRole('button', { name: 'Resend the confirmation email' }).click()
    await expect(page.getByTestId('resend-error')).toHaveText(
      'Too many attempts. Please wait a moment and try again. Try again in 1 second.',
    )
  })
})

test.describe('email-confirmation page', () => {
  test('says “No token found” without a token', async ({ page }) => {
    await page.goto('/email-confirmation')
    await expect(page.getByTestId('confirmation-error')).toContainText('No token found')
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('shows the verification error for a bad token', async ({ page }) => {
    await page.goto('/email-confirmation?token=not-a-real-token')
    await expect(page.getByTestId('confirmation-error')).toHaveText(
      'This confirmation link is invalid or has expired. Sign in to ask for a new one.',
    )
  })

  test('shows “confirming” while the server answers', async ({ page }) => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/auth/verify-email*', async (route) => {
      await answered
      await route.fulfill(jsonError(400, 'INVALID_TOKEN'))
    })
    await page.goto('/email-confirmation?token=slow')
    await expect(page.locator('[data-state="confirming"]')).toBeVisible()
    release()
    await expect(page.locator('[data-state="error"]')).toBeVisible()
  })
})

test.describe('forgot-password form', () => {
  test('requires an e-mail with an at sign, then confirms and links back to sign in', async ({
    page,
  }) => {
    await page.goto('/forgot-password')
    const error = page.getByTestId('form-error')
    const submit = page.getByRole('button', { name: 'Send me a reset link' })
    await submit.click()
    await expect(error).toHaveText('Please enter your email.')
    await page.getByLabel('Email', { exact: true }).fill('nobody')
    await submit.click()
    await expect(error).toHaveText('Please enter a valid email address.')
    await expectNoSeriousA11yViolations(page)

    // Unknown addresses get the same answer as known ones.
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.test')
    await submit.click()
    await expect(page.getByTestId('reset-requested')).toContainText('nobody@example.test')
    await page.getByRole('link', { name: 'Back to sign in' }).first().click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('falls back to forgot_password.error_reset_failed', async ({ page }) => {
    await page.route('**/api/auth/request-password-reset', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: 'Bad gateway' }),
    )
    await page.goto('/forgot-password')
    await page.getByLabel('Email', { exact: true }).fill('ana@example.test')
    await page.getByRole('button', { name: 'Send me a reset link' }).click()
    await expect(page.getByTestId('form-error')).toHaveText(
      'We could not send the reset link. Please try again.',
    )
  })
})
