// Changing a bracket until the deadline, and quick fill (docs/product.md "Changing a bracket and quick fill").
import { expect, test, type Browser, type Locator, type Page } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectShownBriefly } from './support/brief-states'
import { buildBracketTournament, type BuiltTournament } from './support/tournament-builder'
import { expectAccessibleAtTop, expectNoPageScrollX } from './support/tournaments'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

interface MyBetAnswer {
  bet: { id: string; amount: number } | null
  predictions: { matchId: string; round: string; matchNumber: number; predictedWinnerId: string }[]
  finalTotalGames: number | null
}

async function tournament(browser: Browser, bracketsChangeable: boolean) {
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const built = await buildBracketTournament(adminContext.request, {
    prefix: bracketsChangeable ? 'Changeable Open' : 'Final Open',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.7,
    bracketsChangeable,
  })
  await adminContext.close()
  return built
}

async function placeByApi(page: Page, built: BuiltTournament) {
  const res = await page.request.post(`/api/tournaments/${built.id}/bets`, {
    data: { picks: built.picks, mvpPlayerId: built.champion.player1.id, finalTotalGames: 25 },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function myBet(page: Page, id: string): Promise<MyBetAnswer> {
  return (await (await page.request.get(`/api/tournaments/${id}/my-bet`)).json()) as MyBetAnswer
}

async function balance(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/me')).json()) as { balance: number }).balance
}

const pickOf = (answer: MyBetAnswer, round: string, matchNumber: number) =>
  answer.predictions.find((p) => p.round === round && p.matchNumber === matchNumber)!
    .predictedWinnerId

/** Picks the pair of the picker's match that is not picked now; its change may clear the MVP. */
async function pickTheOther(picker: Locator) {
  const radios = picker.getByRole('radio')
  const other = (await radios.nth(0).isChecked()) ? 1 : 0
  await picker.getByTestId('pick-option').nth(other).click()
  await expect(radios.nth(other)).toBeChecked()
}

/** Next through the rounds to the MVP step, then the MVP, which opens the review. */
async function toReview(wizard: Locator, page: Page) {
  const title = wizard.getByTestId('wizard-step-title')
  while ((await title.textContent()) !== 'MVP') {
    await wizard.getByRole('button', { name: 'Next' }).click()
  }
  await wizard.getByTestId('mvp-option').first().click()
  return page.getByRole('dialog')
}

test('a fan changes a bracket twice before the deadline, for free, and sees the new picks', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000)
  const built = await tournament(browser, true)
  const fan = await createConfirmedUser(page.request, 'twice', 'en')
  await placeByApi(page, built)
  const placed = await myBet(page, built.id)
  const coins = await balance(page)

  await page.goto(`/tournament/${built.id}`)
  await page.getByTestId('change-bracket').click()
  const wizard = page.getByTestId('bracket-wizard')
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('16 of 16 predictions')

  // First change: the final's other pair (the MVP goes with the old champion, and is chosen again).
  for (let i = 0; i < 3; i += 1) await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(wizard.getByTestId('wizard-step-title')).toHaveText('Final')
  await pickTheOther(wizard.getByTestId('match-picker').first())
  let review = await toReview(wizard, page)
  await expect(review).toHaveAccessibleName('Review your changed bracket')
  await expect(review.getByTestId('review-no-fee')).toContainText(
    'No fee: this changes your bracket',
  )
  await expect(review.getByTestId('review-fee')).toHaveCount(0)
  await expectAccessibleAtTop(page)
  await review.getByTestId('confirm-bet').click()
  await expectShownBriefly(review.getByText('Your bracket is changed. Good luck!'))
  await expect(wizard).toHaveCount(0)

  const once = await myBet(page, built.id)
  expect(once.bet).toEqual(placed.bet)
  expect(pickOf(once, 'final', 1)).not.toBe(pickOf(placed, 'final', 1))
  expect(pickOf(once, 'round16', 8)).toBe(pickOf(placed, 'round16', 8))

  // Second change: round of 16, match 8 (its winner was out in the quarterfinal: nothing clears).
  await page.getByTestId('change-bracket').click()
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('16 of 16 predictions')
  await pickTheOther(wizard.getByTestId('match-picker').nth(7))
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('16 of 16 predictions')
  review = await toReview(wizard, page)
  await review.getByTestId('confirm-bet').click()
  await expectShownBriefly(review.getByText('Your bracket is changed. Good luck!'))
  await expect(wizard).toHaveCount(0)

  const twice = await myBet(page, built.id)
  expect(twice.bet).toEqual(placed.bet)
  expect(pickOf(twice, 'round16', 8)).not.toBe(pickOf(placed, 'round16', 8))
  expect(pickOf(twice, 'final', 1)).toBe(pickOf(once, 'final', 1))
  expect(await balance(page)).toBe(coins)
  // The page shows the new picks: the fan's bracket marks the changed round-of-16 winner.
  const detail = (await (await page.request.get(`/api/tournaments/${built.id}`)).json()) as {
    pairs: { id: string; player1: { name: string }; player2: { name: string } }[]
  }
  const newWinner = detail.pairs.find((pair) => pair.id === pickOf(twice, 'round16', 8))!
  await page.reload()
  await expect(
    page
      .getByTestId('my-predictions')
      .locator(`[data-picked][title="${newWinner.player1.name} / ${newWinner.player2.name}"]`),
  ).not.toHaveCount(0)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)

  // The admin reads the bracket's three versions from the fan's transactions.
  const adminContext = await browser.newContext()
  await useLanguage(adminContext, 'en')
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const adminPage = await adminContext.newPage()
  await adminPage.goto('/admin/users')
  await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(fan.email)
  const row = adminPage.getByTestId('user-row').filter({ hasText: fan.email })
  await row.getByRole('button', { name: 'View Transactions' }).click()
  const modal = adminPage.getByTestId('transactions-modal')
  await modal.getByTestId('bet-history-open').click()
  await expect(modal.getByTestId('bet-version')).toHaveCount(3)
  await expect(modal.getByTestId('bet-version').nth(1)).toContainText('Changed 1 pick.')
  await expectAccessibleAtTop(adminPage)
  await modal.getByTestId('bet-history-back').click()
  await expect(modal.getByTestId('bet-history-open')).toBeVisible()
  await adminContext.close()
})

test('a tournament whose brackets are final offers no change, and the API refuses one', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000)
  const built = await tournament(browser, false)
  await createConfirmedUser(page.request, 'fixed', 'en')
  await placeByApi(page, built)
  await page.goto(`/tournament/${built.id}`)
  await expect(page.getByTestId('my-predictions')).toBeVisible()
  await expect(page.getByTestId('change-bracket')).toHaveCount(0)
  const res = await page.request.put(`/api/tournaments/${built.id}/my-bet`, {
    data: { picks: built.picks, mvpPlayerId: built.champion.player2.id, finalTotalGames: 30 },
  })
  expect(res.status()).toBe(409)
  expect(((await res.json()) as { error: { reason: string } }).error.reason).toBe(
    'BRACKETS_NOT_CHANGEABLE',
  )
  expect((await myBet(page, built.id)).finalTotalGames).toBe(25)
})

test('quick fill with the favourites, change one pick, then submit', async ({ browser, page }) => {
  test.setTimeout(120_000)
  const built = await tournament(browser, false)
  await createConfirmedUser(page.request, 'filler', 'en')
  await page.goto(`/tournament/${built.id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('0 of 16 predictions')

  // By keyboard: the help opens, and the favourites fill every pick and the MVP.
  await wizard.getByTestId('wizard-help').locator('summary').focus()
  await page.keyboard.press('Enter')
  // The favourites are the rule chosen at first; "Fill every pick" fills by it.
  await expect(wizard.getByTestId('quick-fill-favourites')).toBeChecked()
  await wizard.getByTestId('quick-fill-all').focus()
  await page.keyboard.press('Enter')
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('16 of 16 predictions')
  await expect(wizard.getByTestId('quick-fill-status')).toContainText('better-ranked pair')
  await expectAccessibleAtTop(page)

  // One change: the final's other pair; the MVP is chosen again.
  for (let i = 0; i < 3; i += 1) await wizard.getByRole('button', { name: 'Next' }).click()
  await pickTheOther(wizard.getByTestId('match-picker').first())
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('15 of 16 predictions')
  const review = await toReview(wizard, page)
  await expect(review.getByTestId('review-fee')).toHaveText('50 coins')
  await review.getByTestId('confirm-bet').click()
  await expectShownBriefly(review.getByText('Your prediction is in. Good luck!'))

  const placed = await myBet(page, built.id)
  expect(placed.bet?.amount).toBe(50)
  expect(placed.predictions).toHaveLength(15)
  expect(placed.finalTotalGames).toBe(22)
})
