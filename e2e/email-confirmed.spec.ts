import { expect, test } from './support/test'
import {
  CONFIRM_SUBJECT,
  linkIn,
  newUser,
  pathOf,
  signUpByApi,
  useLanguage,
  waitForMail,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// The e-mail-confirmed page (issue #14): the confirmation signs the user in, so it offers the
// dashboard and not "sign in"; a link opened again later (already used) leaves a visitor with a
// message and the way to sign in, instead of a silent trip to the login page.
test('a confirmation offers the dashboard only; the link opened again tells a visitor to sign in', async ({
  page,
  browser,
}) => {
  // A sign-up, its e-mail, two confirmations and a 3.5 s wait on a shared machine.
  test.slow()
  await useLanguage(page.context(), 'en')
  const user = newUser('confirm')
  await signUpByApi(page.request, user, 'en')
  const link = pathOf(
    linkIn(await waitForMail(page.request, user.email, CONFIRM_SUBJECT), '/email-confirmation'),
  )

  await page.goto(link)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 })

  // The same link in another browser, signed out: confirmed already, so sign in.
  const guestContext = await browser.newContext()
  await useLanguage(guestContext, 'en')
  const guest = await guestContext.newPage()
  await guest.goto(link)
  const notice = guest.getByTestId('confirmation-already')
  // Two calls (the confirmation, then who is signed in) before the page can say which case.
  await expect(notice).toContainText('Your email is confirmed', { timeout: 15_000 })
  await expect(notice).toContainText('Sign in to continue to your dashboard.')
  await expect(
    guest.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }),
  ).toHaveCount(0)
  await expectNoSeriousA11yViolations(guest)
  // It stays: no trip to the login page without a word.
  await guest.waitForTimeout(3_500)
  await expect(guest).toHaveURL(/\/email-confirmation\?token=/)
  await guest.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await expect(guest).toHaveURL(/\/login$/)
  await guestContext.close()
})
