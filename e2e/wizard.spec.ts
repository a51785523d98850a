import { expect, test } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import { expectShownBriefly } from './support/brief-states'
import {
  DEMO,
  expectAccessibleAtTop,
  expectNoPageScrollX,
  tabTo,
  tournamentId,
} from './support/tournaments'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

test('a whole prediction with the keyboard only: review, pay, locked in', async ({ page }) => {
  test.setTimeout(120_000)
  await createConfirmedUser(page.request, 'wizard', 'en')
  const id = await tournamentId(page, DEMO.madrid)
  await page.goto(`/tournament/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.madrid })).toBeVisible()
  await expect(page.getByTestId('header-balance')).toHaveText('1,000')

  // The rules box can be dismissed.
  await expect(page.getByTestId('rules-box')).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: 'Dismiss the rules' }))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('rules-box')).toHaveCount(0)

  await tabTo(page, page.getByTestId('start-predictions'))
  await page.keyboard.press('Enter')
  const wizard = page.getByTestId('bracket-wizard')
  await expect(wizard).toBeVisible()
  await expectAccessibleAtTop(page)

  const previous = wizard.getByRole('button', { name: 'Previous' })
  const next = wizard.getByRole('button', { name: 'Next' })
  const title = wizard.getByTestId('wizard-step-title')
  const progress = wizard.getByTestId('wizard-progress')
  const bar = wizard.getByRole('progressbar')
  await expect(previous).toBeDisabled()
  await expect(next).toBeDisabled()
  await expect(progress).toHaveText('0 of 16 predictions')
  await expect(bar).toHaveAttribute('aria-valuenow', '20')

  const rounds = [
    ['Round of 16', 8, '40'],
    ['Quarterfinals', 4, '60'],
    ['Semifinals', 2, '80'],
    ['Final', 1, '100'],
  ] as const
  const pickers = wizard.getByTestId('match-picker')
  // Each match is a radio group: one Tab per match (not one per pair), the arrows pick inside it.
  let made = 0
  await expect(wizard.getByRole('radiogroup', { name: 'Match 1' })).toBeVisible()
  // The picks come first; quick fill waits with the help behind a disclosure under them.
  await expect(wizard.getByTestId('quick-fill-favourites')).toBeHidden()
  for (const [name, matches, nextPercent] of rounds) {
    await expect(title).toHaveText(name)
    await expect(pickers).toHaveCount(matches)
    for (let i = 0; i < matches; i += 1) {
      await page.keyboard.press('Tab')
      const first = pickers.nth(i).getByRole('radio').first()
      await expect(first).toBeFocused()
      // The first pair (the top seed in the round of 16): Space, or down to the second and back.
      if (i % 2 === 0) {
        await page.keyboard.press('Space')
      } else {
        await page.keyboard.press('ArrowDown')
        await expect(pickers.nth(i).getByRole('radio').nth(1)).toBeChecked()
        await page.keyboard.press('ArrowUp')
      }
      await expect(first).toBeChecked()
      await expect(first).toBeFocused()
      made += 1
      await expect(progress).toHaveText(`${made} of 16 predictions`)
      await expect(pickers.nth(i).getByTestId('pick-check')).toHaveCount(1)
      if (i < matches - 1) await expect(next).toBeDisabled()
    }
    await expect(wizard.getByTestId('pick-check')).toHaveCount(matches)
    // From the last match: Previous (disabled on the first step, so skipped there), then Next.
    if (name !== 'Round of 16') {
      await page.keyboard.press('Tab')
      await expect(previous).toBeFocused()
    }
    await page.keyboard.press('Tab')
    await expect(next).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(bar).toHaveAttribute('aria-valuenow', nextPercent)
    // Next is disabled on the fresh step, so the keyboard goes on from its heading.
    await expect(title).toBeFocused()
  }

  // Changing a round-of-16 pick clears the picks that carried its old winner, and the MVP.
  await expect(title).toHaveText('MVP')
  await tabTo(page, previous)
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Enter')
  await expect(title).toHaveText('Round of 16')
  await expect(previous).toBeDisabled()
  await tabTo(page, pickers.first().getByRole('radio').first())
  await page.keyboard.press('ArrowDown')
  await expect(pickers.first().getByRole('radio').nth(1)).toBeChecked()
  await expect(progress).toHaveText('12 of 16 predictions')
  await expect(wizard.getByTestId('cleared-picks').getByTestId('cleared-pick')).toHaveCount(3)
  for (const [, matches] of rounds.slice(1)) {
    await tabTo(page, next)
    await page.keyboard.press('Enter')
    await expect(pickers).toHaveCount(matches)
    // Only the first match of each later round lost its pick.
    await expect(pickers.getByRole('radio', { checked: true })).toHaveCount(matches - 1)
    await tabTo(page, pickers.first().getByRole('radio').first())
    await page.keyboard.press('Space')
  }
  await tabTo(page, next)
  await page.keyboard.press('Enter')
  await expect(title).toHaveText('MVP')
  await expect(progress).toHaveText('15 of 16 predictions')
  // The MVP first; the tiebreaker (the final's total games) then takes the focus.
  const mvp = wizard.getByTestId('mvp-option')
  await expect(mvp).toHaveCount(2)
  await tabTo(page, mvp.first())
  await page.keyboard.press('Enter')
  await expect(wizard.getByTestId('tiebreaker-input')).toBeFocused()
  await page.keyboard.type('25')
  await page.keyboard.press('Enter')

  // With both, Enter moves on to the review.
  const review = page.getByRole('dialog', { name: 'Review your prediction' })
  await expect(review).toBeVisible()
  await expect(review.getByTestId('review-fee')).toHaveText('50 coins')
  await expect(review.getByTestId('review-balance')).toHaveText('1,000 coins')
  await expect(review.getByTestId('review-balance-after')).toHaveText('950 coins')
  await expectAccessibleAtTop(page)
  await tabTo(page, review.getByTestId('confirm-bet'))
  await page.keyboard.press('Enter')
  await expect(review.getByText('Validating your predictions…').first()).toBeAttached()
  await expect(review.getByText('Placing your bet…').first()).toBeAttached()
  await expectShownBriefly(review.getByText('Your prediction is in. Good luck!'))

  await expect(page.getByRole('heading', { name: 'Predictions submitted' })).toBeVisible()
  await expect(page.getByTestId('bet-placed-banner')).toContainText('50')
  await expect(page.getByTestId('header-balance')).toHaveText('950')
  await expect(page.getByTestId('bracket-wizard')).toHaveCount(0)
  await expect(page.getByTestId('start-predictions')).toHaveCount(0)
  const mine = page.getByTestId('my-predictions').getByTestId('bracket-tree')
  await expect(mine.locator('[data-picked]')).toHaveCount(15)
  await expectAccessibleAtTop(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)

  // No second attempt: not after a reload, and the server refuses one too.
  await page.reload()
  await expect(page.getByTestId('bet-placed-banner')).toBeVisible()
  await expect(page.getByTestId('start-predictions')).toHaveCount(0)
  const again = await page.request.post(`/api/tournaments/${id}/bets`, {
    data: { picks: [], mvpPlayerId: 'x' },
  })
  expect(again.status()).toBeGreaterThanOrEqual(400)
  await page.goto('/tournaments')
  await expect(
    page
      .getByTestId('tournament-card')
      .filter({ hasText: DEMO.madrid })
      .getByTestId('tournament-link'),
  ).toContainText('View bet')
})

test('too few coins: the insufficient-funds dialog instead of the wizard', async ({ page }) => {
  await createConfirmedUser(page.request, 'broke', 'en')
  await page.route('**/api/session', async (route) => {
    const response = await route.fetch()
    const { me } = (await response.json()) as { me: Record<string, unknown> }
    await route.fulfill({ response, json: { me: { ...me, balance: 10 } } })
  })
  const id = await tournamentId(page, DEMO.lisbon)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const dialog = page.getByRole('dialog', { name: 'Not enough coins' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('insufficient-fee')).toHaveText('100')
  await expect(dialog.getByTestId('insufficient-balance')).toHaveText('10')
  await expectAccessibleAtTop(page)
  // "Earn coins" asks the server for the daily top-up (e2e/daily-top-up.spec.ts): this fan's
  // real balance covers an entry, so none is offered.
  await dialog.getByRole('button', { name: 'Earn coins' }).click()
  await expect(dialog.getByTestId('top-up-unavailable')).toHaveText(
    'You can already afford an entry.',
  )
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('bracket-wizard')).toHaveCount(0)
  await page.getByTestId('start-predictions').click()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('the whole journey in Spanish with the mouse: pay, banner, balance, view bet, chart', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  // The stored choice wins over the English one of beforeEach (it only fills an empty slot).
  await context.addInitScript(() => window.localStorage.setItem('language', 'es'))
  await createConfirmedUser(page.request, 'asistente', 'es')
  const number = new Intl.NumberFormat('es', { maximumFractionDigits: 0, useGrouping: 'always' })
  const id = await tournamentId(page, DEMO.lisbon)
  const fee = 100
  await page.goto(`/tournament/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.lisbon })).toBeVisible()
  await expect(page.getByTestId('header-balance')).toHaveText(number.format(1000))

  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  const title = wizard.getByTestId('wizard-step-title')
  const next = wizard.getByRole('button', { name: 'Siguiente' })
  await expect(wizard.getByRole('button', { name: 'Anterior' })).toBeDisabled()
  const rounds = [
    ['Octavos de final', 8],
    ['Cuartos de final', 4],
    ['Semifinales', 2],
    ['Final', 1],
  ] as const
  let made = 0
  for (const [name, matches] of rounds) {
    await expect(title).toHaveText(name)
    const pickers = wizard.getByTestId('match-picker')
    await expect(pickers).toHaveCount(matches)
    for (let i = 0; i < matches; i += 1) {
      // A mix of favourites and upsets.
      await pickers
        .nth(i)
        .getByTestId('pick-option')
        .nth(i % 3 === 2 ? 1 : 0)
        .click()
      made += 1
    }
    await expect(wizard.getByTestId('wizard-progress')).toContainText(`${made}`)
    await next.click()
  }
  await expect(title).toHaveText('MVP')
  await wizard.getByTestId('tiebreaker-input').fill('31')
  await wizard.getByTestId('mvp-option').last().click()

  const review = page.getByRole('dialog', { name: 'Revisa tu pronóstico' })
  await expect(review).toBeVisible()
  await expect(review.getByTestId('review-fee')).toHaveText(`${number.format(fee)} monedas`)
  await expect(review.getByTestId('review-balance-after')).toHaveText(
    `${number.format(1000 - fee)} monedas`,
  )
  await review.getByTestId('confirm-bet').click()
  await expectShownBriefly(review.getByText('Tu pronóstico está dentro. ¡Suerte!'))

  await expect(page.getByRole('heading', { name: 'Pronóstico enviado' })).toBeVisible()
  await expect(page.getByTestId('bet-placed-banner')).toContainText(number.format(fee))
  await expect(page.getByTestId('header-balance')).toHaveText(number.format(1000 - fee))
  await expect(page.getByTestId('bracket-wizard')).toHaveCount(0)

  await page.goto('/tournaments')
  await expect(
    page
      .getByTestId('tournament-card')
      .filter({ hasText: DEMO.lisbon })
      .getByTestId('tournament-link'),
  ).toContainText('Ver mi cuadro')

  // The profile draws the balance line from the two ledger rows: bonus, then the fee.
  await page.goto('/profile')
  const chart = page.getByTestId('balance-chart')
  await expect(chart.getByRole('heading', { name: 'Evolución del saldo' })).toBeVisible()
  await expect(chart.getByTestId('balance-sparkline')).toHaveAttribute('data-points', '2')
  await expect(chart.getByTestId('balance-chart-summary')).toContainText(
    `de ${number.format(1000)} monedas a ${number.format(1000 - fee)} monedas`,
  )
  await expectAccessibleAtTop(page)
})

test('after the deadline the card says betting closed and the API answers 409', async ({
  page,
}) => {
  await createConfirmedUser(page.request, 'late', 'en')
  // Sevilla is still upcoming, but its betting deadline has passed (the demo data).
  const id = await tournamentId(page, DEMO.sevilla)
  await page.goto('/tournaments')
  const card = page.getByTestId('tournament-card').filter({ hasText: DEMO.sevilla })
  await expect(card.getByTestId('countdown')).toHaveText('Betting closed')
  await expect(card.getByTestId('tournament-link')).toContainText('Betting closed')

  await page.goto(`/tournament/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.sevilla })).toBeVisible()
  await expect(page.getByTestId('start-predictions')).toHaveCount(0)

  // The deadline is checked before the bracket, so any well-formed body gets the 409.
  const response = await page.request.post(`/api/tournaments/${id}/bets`, {
    data: { picks: [], mvpPlayerId: 'any-player' },
  })
  expect(response.status()).toBe(409)
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('BETTING_CLOSED')
  const me = (await (await page.request.get('/api/me')).json()) as { balance: number }
  expect(me.balance).toBe(1000)
})
