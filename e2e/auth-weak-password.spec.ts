import { expect, test } from './support/test'
import {
  createConfirmedUser,
  linkIn,
  mailboxOf,
  newUser,
  pathOf,
  RESET_SUBJECT,
  useLanguage,
  waitForMail,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// Passwords an attacker tries first (decision 067): the server refuses them with
// PASSWORD_TOO_WEAK and the sign-up and reset forms say so in the interface's language, with the
// password field marked. Spanish is the default; the reset form is checked in English.

test('the sign-up form refuses a common password in Spanish, then accepts a good one', async ({
  page,
  request,
}) => {
  await useLanguage(page.context(), 'es')
  const user = newUser('weak')
  await page.goto('/register')
  await expect(page.getByText('ni una contraseña común ni tu nombre de usuario')).toBeVisible()
  await page.getByLabel('Nombre de usuario', { exact: true }).fill(user.username)
  await page.getByLabel('Correo electrónico', { exact: true }).fill(user.email)
  const password = page.getByLabel('Contraseña', { exact: true })
  const confirm = page.getByLabel('Confirma la contraseña', { exact: true })
  await password.fill('password123')
  await confirm.fill('password123')
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click()

  await expect(page.getByTestId('form-error')).toHaveText(
    'Esta contraseña es demasiado fácil de adivinar: es muy común o contiene tu nombre de usuario o tu correo. Elige otra.',
  )
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/register$/)
  await expectNoSeriousA11yViolations(page)
  expect(await mailboxOf(request, user.email)).toEqual([])

  // The username itself is refused too.
  await password.fill(user.username)
  await confirm.fill(user.username)
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click()
  await expect(password).toHaveAttribute('aria-invalid', 'true')

  await password.fill(user.password)
  await confirm.fill(user.password)
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click()
  await expect(page).toHaveURL(/\/email-sent\?/)
})

test('the reset form refuses a common password in English and keeps the link usable', async ({
  page,
  request,
}) => {
  await useLanguage(page.context(), 'en')
  const user = await createConfirmedUser(request, 'weakreset', 'en')
  await page.goto('/forgot-password')
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByRole('button', { name: 'Send me a reset link' }).click()
  await expect(page.getByTestId('reset-requested')).toContainText(user.email)
  const link = linkIn(await waitForMail(request, user.email, RESET_SUBJECT), '/reset-password')

  await page.goto(pathOf(link))
  await expect(page.getByText('not a common password or your username')).toBeVisible()
  const password = page.getByLabel('New password', { exact: true })
  const confirm = page.getByLabel('Confirm the new password', { exact: true })
  const save = page.getByRole('button', { name: 'Save the new password' })
  await password.fill('12345678')
  await confirm.fill('12345678')
  await save.click()
  await expect(page.getByTestId('form-error')).toHaveText(
    'This password is too easy to guess: it is a common one or contains your username or e-mail. Choose another.',
  )
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousA11yViolations(page)

  await password.fill('a-brand-new-Padel-2027')
  await confirm.fill('a-brand-new-Padel-2027')
  await save.click()
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible()
})
