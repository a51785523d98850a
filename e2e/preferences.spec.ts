import { expect as baseExpect, test } from './support/test'
import { randomUUID } from 'node:crypto'
import {
  createConfirmedUser,
  E2E_ADMIN,
  signInByApi,
  useLanguage,
  waitForMail,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// Mail preferences on the profile and the one-click unsubscribe (decision 100): a switch flipped
// by mouse and keyboard and kept; a deadline reminder (decision 101) opened in the local mailbox,
// its List-Unsubscribe headers shown, and its unsubscribe link confirmed on our page.

const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 90_000 })

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

test('a fan turns reminders off and on again in the profile, by mouse and keyboard', async ({
  page,
}) => {
  await createConfirmedUser(page.request, 'prefs', 'en')
  await page.goto('/profile')
  const section = page.getByTestId('mail-preferences')
  await expect(section.getByRole('heading', { name: 'Mail preferences' })).toBeVisible()
  const reminders = section.getByRole('switch', { name: 'Deadline reminders' })
  await expect(reminders).toHaveAttribute('aria-checked', 'true')
  await expect(section.getByRole('switch', { name: 'Results' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expectNoSeriousA11yViolations(page)

  await reminders.click()
  await expect(reminders).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByTestId('mail-preferences-saved')).toHaveText('Saved.')
  await page.reload()
  await expect(reminders).toHaveAttribute('aria-checked', 'false')

  await reminders.focus()
  await page.keyboard.press('Space')
  await expect(reminders).toHaveAttribute('aria-checked', 'true')
  const saved = await (await page.request.get('/api/me/preferences')).json()
  expect(saved).toMatchObject({ reminders: true, results: true, leagueNudges: true, locale: 'en' })

  // In Spanish, the same section.
  // A member's language switch is in the account menu.
  await page.getByTestId('user-menu').click()
  await page.getByRole('button', { name: 'ES', exact: true }).click()
  await expect(section.getByRole('heading', { name: 'Preferencias de correo' })).toBeVisible()
  await expect(section.getByRole('switch', { name: 'Recordatorios de cierre' })).toBeVisible()
  // The switch also keeps the account's language, the language of its mails.
  await expect
    .poll(async () => (await (await page.request.get('/api/me/preferences')).json()).locale)
    .toBe('es')
})

test('a fan unsubscribes from reminders with the link of a reminder in the local mailbox', async ({
  browser,
  page,
}) => {
  const fan = await createConfirmedUser(page.request, 'unsub', 'en')
  // An open tournament whose deadline has just come within 24 hours: the next scan reminds every
  // fan, on time, so the mail counts the hours (a reminder sent late says when it closes).
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const deadline = Date.now() + 24 * 60 * 60 * 1000 - 2 * 60 * 1000
  const name = `Reminder Open ${randomUUID().slice(0, 8)}`
  const created = await adminContext.request.post('/api/admin/tournaments', {
    data: {
      name,
      status: 'upcoming',
      bettingDeadline: new Date(deadline).toISOString(),
      startDate: new Date(deadline + 24 * 60 * 60 * 1000).toISOString(),
      endDate: new Date(deadline + 4 * 24 * 60 * 60 * 1000).toISOString(),
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  await adminContext.close()
  const subject = `24 hours left to enter ${name}`
  await waitForMail(page.request, fan.email, new RegExp(subject))

  await page.goto('/dev/mailbox')
  await page
    .getByTestId('mailbox-list')
    .getByRole('button')
    .filter({ hasText: subject })
    .filter({ hasText: fan.email })
    .click()
  const message = page.getByTestId('mailbox-message')
  await expect(message.getByRole('heading', { name: subject })).toBeVisible()
  const headers = message.getByTestId('mailbox-headers')
  await expect(headers).toContainText('List-Unsubscribe-Post')
  await expect(headers).toContainText('List-Unsubscribe=One-Click')
  await expect(headers).toContainText('/api/unsubscribe?token=')
  await expect(message.getByTestId('mailbox-text')).toContainText('Make my prediction')

  await message
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /\/unsubscribe\?token=/ })
    .click()
  await expect(page).toHaveURL(/\/unsubscribe\?token=/)
  await expect(page.getByTestId('unsubscribe-question')).toHaveText(
    'Stop sending you deadline reminders?',
  )
  await expectNoSeriousA11yViolations(page)
  await page.getByTestId('unsubscribe-confirm').click()
  await expect(page.getByTestId('unsubscribe-done')).toContainText(
    'we will not send you deadline reminders any more',
  )

  // The page's context is still the fan's session (the confirmation link signed it in).
  const preferences = await (await page.request.get('/api/me/preferences')).json()
  expect(preferences).toMatchObject({ reminders: false, results: true })

  // A link that is not ours says so, in the fan's language, and changes nothing.
  await page.goto('/unsubscribe?token=u1.reminders.Zm9v.bad')
  await expect(page.getByTestId('unsubscribe-invalid')).toContainText(
    'This unsubscribe link is not valid',
  )
})
