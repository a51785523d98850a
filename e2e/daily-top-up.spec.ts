import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Browser } from './support/test'
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
  // 110 covers Lisbon's 100: the dialog says so and leads straight to the wizard.
  const done = page.getByRole('dialog', { name: 'Done — you have 110 coins' })
  await expect(done).toBeVisible()
  await expect(done).not.toContainText('Not enough coins')
  await expect(page.getByTestId('header-balance')).toHaveText('110')
  await done.getByRole('button', { name: 'Make my bracket' }).click()
  await expect(done).toBeHidden()
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
  await expect(page.getByRole('dialog', { name: 'Listo: tienes 100 monedas' })).toContainText(
    'Te alcanza para participar',
  )
  await page.keyboard.press('Escape')

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

test('the dashboard and the profile offer the top-up while the fan may claim it', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(90_000)
  await useLanguage(context, 'en')
  await page.setViewportSize({ width: 360, height: 740 })
  await createConfirmedUser(page.request, 'lowcoins', 'en')
  // With the welcome coins there is nothing to offer: the status comes, and no card.
  const asked = page.waitForResponse('**/api/me/top-up')
  await page.goto('/dashboard')
  expect(((await (await asked).json()) as { eligible: boolean }).eligible).toBe(false)
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible()
  await expect(page.getByTestId('top-up-card')).toHaveCount(0)

  await setBalance(browser, page.request, 10)
  await page.goto('/profile')
  await expect(page.getByTestId('top-up-card')).toContainText('Your daily coins')
  await page.goto('/dashboard')
  const card = page.getByTestId('top-up-card')
  await expect(card).toContainText('Claim your daily top-up of 100 coins.')
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)
  await card.getByRole('button', { name: 'Claim 100 coins' }).click()
  await expect(card.getByTestId('top-up-claimed')).toHaveText(
    '100 coins added. Your balance is now 110.',
  )
  await expect(page.getByTestId('header-balance')).toHaveText('110')
  // Claimed for today: the next visit offers nothing.
  const askedAgain = page.waitForResponse('**/api/me/top-up')
  await page.reload()
  expect(((await (await askedAgain).json()) as { eligible: boolean }).eligible).toBe(false)
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible()
  await expect(page.getByTestId('top-up-card')).toHaveCount(0)
})
