// The profile's change-password form and "sign out other devices" (issue #14): a new password
// signs the other devices out by default and keeps this browser signed in; the button ends every
// other session. At 360 px, keyboard only, axe-clean in light and dark, in English and Spanish.
import { expect, test, type Browser } from './support/test'
import { createConfirmedUser, PASSWORD, useLanguage, type TestUser } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

const NEW_PASSWORD = 'a-brand-new-Padel-Password-7'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

/** Another device: a browser context of its own, signed in with `password`. */
async function otherDevice(browser: Browser, user: TestUser, password: string, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return context
}

async function isSignedIn(context: {
  request: { get(url: string): Promise<{ status(): number }> }
}) {
  return (await context.request.get('/api/me')).status() === 200
}

test('change the password from the profile: other devices are signed out, this one stays', async ({
  page,
  browser,
  baseURL,
}) => {
  // Several argon2 hashes (sign-up, sign-ins, the change) on a shared machine.
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 360, height: 800 })
  const user = await createConfirmedUser(page.request, 'security', 'en')
  const phone = await otherDevice(browser, user, PASSWORD, baseURL!)
  await page.goto('/profile')

  const form = page.getByTestId('change-password-form')
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible()
  await expect(form.getByRole('checkbox', { name: 'Sign out my other devices' })).toBeChecked()

  // A wrong current password: a translated message, nothing changed.
  await form.getByLabel('Current password', { exact: true }).fill('not-my-Password-1')
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await form.getByLabel('Confirm the new password', { exact: true }).fill(NEW_PASSWORD)
  await form.getByLabel('Confirm the new password', { exact: true }).press('Enter')
  await expect(page.getByTestId('change-password-error')).toHaveText(
    'Your current password is not correct.',
  )
  expect(await isSignedIn(phone)).toBe(true)

  // Keyboard only: type the right one and submit with Enter.
  await form.getByLabel('Current password', { exact: true }).fill(PASSWORD)
  await form.getByLabel('Current password', { exact: true }).press('Enter')
  await expect(page.getByTestId('change-password-done')).toHaveText(
    'Your password has been changed and your other devices have been signed out.',
  )
  expect(await isSignedIn(phone)).toBe(false)
  await page.reload()
  await expect(page.getByTestId('profile-username')).toHaveText(user.username)
  await expectNoSeriousA11yViolations(page)

  // As the phone's browser would send it: with its Origin, since the phone still holds cookies
  // (its trusted-device mark), and better-auth refuses a cookie-bearing sign-in without one.
  const oldPassword = await phone.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: PASSWORD },
    headers: { Origin: baseURL! },
  })
  expect(oldPassword.status()).toBe(401)
  await phone.close()
})

test('sign out other devices, in Spanish and in the dark theme at 1280 px', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'dark' })
  const user = await createConfirmedUser(page.request, 'devices', 'en')
  const laptop = await otherDevice(browser, user, PASSWORD, baseURL!)
  await page.goto('/profile')
  // A member's language switch is in the account menu.
  await page.getByTestId('user-menu').click()
  await page.getByRole('button', { name: 'ES', exact: true }).click()

  await expect(page.getByRole('heading', { name: 'Otros dispositivos' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cambia tu contraseña' })).toBeVisible()
  const button = page.getByRole('button', { name: 'Cerrar sesión en otros dispositivos' })
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('other-devices-done')).toHaveText(
    'Se ha cerrado la sesión en tus otros dispositivos.',
  )
  expect(await isSignedIn(laptop)).toBe(false)
  expect(await isSignedIn(page)).toBe(true)
  await expectNoSeriousA11yViolations(page)
  await laptop.close()
})
