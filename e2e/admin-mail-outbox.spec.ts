import { expect as baseExpect, test } from './support/test'
import { E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { tabTo } from './support/tournaments'

// The admin's mail outbox screen (decision 091): reached from the admin navigation, empty while
// nothing failed, and a failed mail retried from the keyboard. The run's server sends to its
// local mailbox, which never fails, so the failed mail and the retry's answer are played here.

const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 60_000 })

const admin = { username: 'e2e-admin', ...E2E_ADMIN }
const FAILED_MAIL = {
  id: '0190f000-0000-7000-8000-000000000001',
  to: 'lost-fan@example.test',
  subject: 'Confirm your e-mail for Golden Point',
  state: 'failed',
  attempts: 6,
  lastError: 'SMTP 550 mailbox unavailable',
  createdAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: '2026-11-25T11:00:00.000Z',
  sentAt: null,
}

test('an admin finds the mail outbox, sees it empty, and retries a failed mail by keyboard', async ({
  context,
  page,
}) => {
  await useLanguage(context, 'en')
  await signInByApi(page, admin)
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Mail outbox' }).click()
  await expect(page).toHaveURL(/\/admin\/mail-outbox/)
  await expect(page.getByRole('heading', { name: 'Mail outbox', level: 1 })).toBeVisible()
  await expect(page.getByText('No failed mails: everything went out.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  let retried = false
  await page.route('**/api/admin/mail-outbox?state=failed', (route) =>
    route.fulfill({ json: retried ? [] : [FAILED_MAIL] }),
  )
  await page.route(`**/api/admin/mail-outbox/${FAILED_MAIL.id}/retry`, (route) => {
    retried = true
    return route.fulfill({ json: { ...FAILED_MAIL, state: 'pending', attempts: 0 } })
  })
  await page.reload()
  const row = page.getByTestId('mail-outbox-row').filter({ hasText: FAILED_MAIL.to })
  await expect(row.first()).toBeVisible()
  const retry = page.getByRole('button', { name: `Retry the mail to ${FAILED_MAIL.to}` })
  await tabTo(page, retry)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('mail-outbox-notice')).toContainText(
    `The mail to ${FAILED_MAIL.to} is back in line`,
  )
  await expect(page.getByText('No failed mails: everything went out.')).toBeVisible()
  expect(retried).toBe(true)
})

test('the screen speaks Spanish too', async ({ context, page }) => {
  await useLanguage(context, 'es')
  await signInByApi(page, admin)
  await page.goto('/admin/mail-outbox?state=sent')
  await expect(page.getByRole('heading', { name: 'Correos salientes', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Estado')).toHaveValue('sent')
  // The run's sign-ups have put their confirmation mails through the outbox by now, or not yet.
  await expect(
    page.getByTestId('mail-outbox-table').or(page.getByText('No hay correos en este estado.')),
  ).toBeVisible()
})
