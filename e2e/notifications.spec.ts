import { expect, test, type Browser, type Page } from './support/test'
import {
  E2E_ADMIN,
  createConfirmedUser,
  signInByApi,
  useLanguage,
  waitForMail,
  type Language,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectNoPageScrollX } from './support/tournaments'
import {
  buildBracketTournament,
  placeBet,
  playOutAndComplete,
  settle,
} from './support/tournament-builder'

// Notifications (docs/product.md "Notifications, results mail and receipts", decision 102): a fan bets, the admin settles, the fan sees
// the bell's count, reads the notification, and gets the results mail in their language.

async function newFan(browser: Browser, prefix: string, language: Language) {
  const context = await browser.newContext()
  await useLanguage(context, language)
  const user = await createConfirmedUser(context.request, prefix, language)
  return { user, page: await context.newPage() }
}

async function settledWith(browser: Browser, fans: Page[]) {
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const built = await buildBracketTournament(admin, {
    prefix: 'Bell',
    entryFee: 100,
    basePool: 1000,
    multiplier: 1,
  })
  for (const fan of fans) await placeBet(fan.request, built, built.champion.player1.id)
  await playOutAndComplete(admin, built, built.champion.player1)
  await settle(admin, built.id)
  await adminContext.close()
  // The notifications come from a background job a few seconds after the settlement.
  for (const fan of fans) {
    await expect
      .poll(
        async () =>
          (
            (await (await fan.request.get('/api/notifications?limit=0')).json()) as {
              unread: number
            }
          ).unread,
        { timeout: 30_000 },
      )
      .toBe(1)
  }
  return built
}

test('after settlement the bell counts the payout, the fan reads it and gets the results mail', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const fan = await newFan(browser, 'bell', 'en')
  const built = await settledWith(browser, [fan.page])
  const { page } = fan

  await page.goto('/dashboard')
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' })
  await expect(bell).toBeVisible()
  // Keyboard: the bell opens the list, Escape closes it and gives the focus back.
  await bell.focus()
  await page.keyboard.press('Enter')
  const panel = page.getByRole('region', { name: 'Notifications' })
  await expect(panel).toContainText(`Prize received: ${built.name}`)
  await expect(panel).toContainText('16 of 16 picks right')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(bell).toBeFocused()

  await bell.click()
  await panel.getByRole('button', { name: `Mark as read: Prize received: ${built.name}` }).click()
  await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()

  const mail = await waitForMail(page.request, fan.user.email, /Your result in/, {
    timeoutMs: 30_000,
  })
  expect(mail.subject).toBe(`Your result in ${built.name}`)
  expect(mail.text).toContain('You got 16 of 16 picks right (100%).')
  expect(mail.text).toContain(`/tournament/${built.id}`)
  await page.context().close()
})

test('on a 360 px phone in Spanish: the notifications page and mark all as read', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const fan = await newFan(browser, 'campana', 'es')
  await settledWith(browser, [fan.page])
  const { page } = fan
  await page.setViewportSize({ width: 360, height: 740 })

  await page.goto('/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Notificaciones, 1 sin leer' })).toBeVisible()
  await expect(page.getByTestId('notification-list')).toContainText('Premio recibido')
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Marcar todo como leído' }).click()
  await expect(page.getByRole('button', { name: 'Notificaciones, ninguna sin leer' })).toBeVisible()

  await page.context().close()
})

test('a fan with nothing yet sees the empty state', async ({ browser }) => {
  const fan = await newFan(browser, 'quiet', 'en')
  await fan.page.goto('/notifications')
  await expect(fan.page.getByText('Nothing new')).toBeVisible()
  await expect(fan.page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible()
  await expectNoSeriousA11yViolations(fan.page)
  await fan.page.context().close()
})
