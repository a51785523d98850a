import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO, expectNoPageScrollX, tournamentId } from './support/tournaments'

// The daily top-up (docs/decisions/076) from the insufficient-funds dialog: a fan left with
// fewer coins than the lowest open entry fee (50, Madrid) claims 100 coins once a day.

/** Takes the fan's balance down to `balance` through the admin API, as an admin would. */
async function setBalance(browser: Browser, fan: APIRequestContext, balance: number) {
  const me = (await (await fan.get('/api/me')).json()) as {
    user: { id: string }
    balance: number
  }
  const context = await browser.newContext()
  try {
    await signInByApi(context, { username: 'e2e-admin', ...E2E_ADMIN })
    const response = await context.request.post(`/api/admin/wallets/${me.user.id}/adjustments`, {
      data: {
        type: 'withdrawal',
        amount: me.balance - balance,
        reason: 'E2E: a fan who spent everything',
        idempotencyKey: `e2e-top-up-${randomUUID()}`,
      },
    })
    expect(response.status(), await response.text()).toBe(201)
  } finally {
    await context.close()
  }
}

test('a broke fan claims the daily top-up from "Earn coins", then can predict', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(90_000)
  await useLanguage(context, 'en')
  await createConfirmedUser(page.request, 'topup', 'en')
  await setBalance(browser, page.request, 10)
  const id = await tournamentId(page, DEMO.lisbon)
  await page.goto(`/tournament/${id}`)
  await expect(page.getByTestId('header-balance')).toHaveText('10')

  await page.getByTestId('start-predictions').click()
  const dialog = page.getByRole('dialog', { name: 'Not enough coins' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Earn coins' }).click()
  await expect(dialog.getByTestId('top-up-offer')).toContainText(
    'Claim your daily top-up of 100 coins.',
  )
  await expectNoSeriousA11yViolations(page)
  const claim = dialog.getByRole('button', { name: 'Claim 100 coins' })
  await claim.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByTestId('top-up-claimed')).toHaveText(
    '100 coins added. Your balance is now 110.',
  )
  await expect(page.getByTestId('header-balance')).toHaveText('110')

  // 110 covers Lisbon's 100: the wizard opens now.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByTestId('start-predictions').click()
  await expect(page.getByTestId('bracket-wizard')).toBeVisible()

  // The server agrees: no second top-up today.
  const again = await page.request.post('/api/me/top-up')
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
    'TOP_UP_UNAVAILABLE',
  )
})

test('en español, y al día siguiente: la recarga dice cuándo llega la próxima', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(90_000)
  await useLanguage(context, 'es')
  await page.setViewportSize({ width: 360, height: 740 })
  await createConfirmedUser(page.request, 'recarga', 'es')
  await setBalance(browser, page.request, 0)
  const id = await tournamentId(page, DEMO.madrid)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const dialog = page.getByRole('dialog', { name: 'No tienes suficientes monedas' })
  await dialog.getByRole('button', { name: 'Conseguir monedas' }).click()
  await dialog.getByRole('button', { name: 'Reclamar 100 monedas' }).click()
  await expect(dialog.getByTestId('top-up-claimed')).toHaveText(
    'Se añadieron 100 monedas. Tu saldo ahora es 100.',
  )

  // Spent again the same day: the dialog says when the next one comes, and offers none.
  await setBalance(browser, page.request, 0)
  await page.reload()
  await page.getByTestId('start-predictions').click()
  await dialog.getByRole('button', { name: 'Conseguir monedas' }).click()
  await expect(dialog.getByTestId('top-up-unavailable')).toContainText(
    'Tu próxima recarga diaria estará disponible desde el',
  )
  await expect(dialog.getByRole('button', { name: /Reclamar/ })).toHaveCount(0)
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)
})
