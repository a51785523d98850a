import { expect, test } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectShownBriefly } from './support/brief-states'
import {
  DEMO,
  expectAccessibleAtTop,
  expectNoPageScrollX,
  tournamentId,
} from './support/tournaments'
import {
  fillBracket,
  keptDraft,
  pairLabel,
  pickRound,
  tournamentDetail,
  type DetailMatch,
} from './support/wizard'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

const r16 = (matches: DetailMatch[], n: number) =>
  matches.find((match) => match.round === 'round16' && match.matchNumber === n)!

test('a changed pick clears only what depended on it, says so, can be undone, and survives a reload', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await createConfirmedUser(page.request, 'changer', 'en')
  const id = await tournamentId(page, DEMO.madrid)
  const { pairs, matches } = await tournamentDetail(page, id)
  const pair = (teamId: string | null) => pairs.find((p) => p.id === teamId)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  const progress = wizard.getByTestId('wizard-progress')
  const notice = wizard.getByTestId('cleared-picks')

  // The first pair everywhere: r16-1's first pair is champion, r16-5's runner-up.
  await fillBracket(wizard)
  const champion = pair(r16(matches, 1).team1Id)!
  await wizard.getByTestId('mvp-option').first().click()
  const review = page.getByRole('dialog', { name: 'Review your prediction' })
  await expect(review.getByTestId('review-champion')).toHaveText(pairLabel(champion))
  await expect(review.getByTestId('review-runner_up')).toHaveText(
    pairLabel(pair(r16(matches, 5).team1Id)),
  )
  await expect(review.getByTestId('review-mvp')).toHaveText(champion.player1.name)
  await expect(review.getByTestId('review-fee')).toHaveText('50 coins')
  await expect(review.getByTestId('review-balance')).toHaveText('1,000 coins')
  await expect(review.getByTestId('review-balance-after')).toHaveText('950 coins')
  await expect(review.getByTestId('confirm-bet')).toHaveText('Confirm and pay 50 coins')
  await review.getByRole('button', { name: 'Back to edit' }).click()
  for (let i = 0; i < 4; i += 1) await wizard.getByRole('button', { name: 'Previous' }).click()
  await expect(progress).toHaveText('16 of 16 predictions')
  const pickers = wizard.getByTestId('match-picker')

  // r16-8's winner lost its quarterfinal in this bracket: nothing depended on it.
  await pickers.nth(7).getByTestId('pick-option').nth(1).click()
  await expect(progress).toHaveText('16 of 16 predictions')
  await expect(notice).toHaveCount(0)

  // r16-7's winner was picked for quarterfinal 4 only (in the other half from the champion).
  await pickers.nth(6).getByTestId('pick-option').nth(1).click()
  await expect(progress).toHaveText('15 of 16 predictions')
  await expect(notice).toContainText('Your change cleared 1 later pick that depended on it:')
  await expect(notice.getByTestId('cleared-pick')).toHaveText([
    `Quarterfinals, match 4: ${pairLabel(pair(r16(matches, 7).team1Id))}`,
  ])
  await expect(notice.getByTestId('cleared-mvp')).toHaveCount(0)
  await expectAccessibleAtTop(page)
  await notice.getByRole('button', { name: 'Undo' }).click()
  await expect(notice).toHaveCount(0)
  await expect(progress).toHaveText('16 of 16 predictions')
  await expect(pickers.nth(6).getByRole('radio').first()).toBeChecked()

  // The champion's first match: its path and the MVP go, nothing else.
  await pickers.first().getByTestId('pick-option').nth(1).click()
  await expect(progress).toHaveText('12 of 16 predictions')
  await expect(notice).toContainText('Your change cleared 4 later picks that depended on it:')
  await expect(notice.getByTestId('cleared-pick')).toHaveText(
    ['Quarterfinals, match 1', 'Semifinals, match 1', 'Final, match 1'].map(
      (where) => `${where}: ${pairLabel(champion)}`,
    ),
  )
  await expect(notice.getByTestId('cleared-mvp')).toHaveText(`MVP: ${champion.player1.name}`)
  // The note is said once, on the step of the change: the next step opens on its first match.
  await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(wizard.getByTestId('wizard-step-title')).toHaveText('Quarterfinals')
  await expect(notice).toHaveCount(0)
  await wizard.getByRole('button', { name: 'Previous' }).click()

  // A reload brings the picks in progress back, with the wizard open where it was.
  await page.reload()
  await expect(wizard).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('start-predictions')).toHaveCount(0)
  await expect(wizard.getByTestId('wizard-step-title')).toHaveText('Round of 16')
  await expect(progress).toHaveText('12 of 16 predictions')
  await expect(pickers.first().getByRole('radio').nth(1)).toBeChecked()

  await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(pickers.getByRole('radio', { checked: true })).toHaveCount(3)
  await expect(pickers.first().getByRole('radio', { checked: true })).toHaveCount(0)
  for (const count of [4, 2, 1]) {
    await pickRound(wizard, count)
    await wizard.getByRole('button', { name: 'Next' }).click()
  }
  await wizard.getByTestId('mvp-option').last().click()
  const newChampion = pair(r16(matches, 1).team2Id)!
  await expect(review.getByTestId('review-champion')).toHaveText(pairLabel(newChampion))
  await expect(review.getByTestId('review-mvp')).toHaveText(newChampion.player2.name)
  await review.getByTestId('confirm-bet').click()
  await expectShownBriefly(review.getByText('Your prediction is in. Good luck!'))

  // A moment of celebration takes the wizard's place, with the next steps together.
  const celebration = page.getByTestId('bet-celebration')
  await expect(
    celebration.getByRole('heading', { name: 'Your bracket is in. Good luck!' }),
  ).toBeFocused()
  await expect(celebration.getByRole('button', { name: 'Share my bracket' })).toBeVisible()
  await expect(celebration.getByTestId('celebration-invite')).toHaveAttribute('href', '/leagues')
  // The next open tournament this fan has not entered, starting first: the worker's server holds
  // the other journeys' tournaments too, so which one that is comes from the list.
  const listed = (await (await page.request.get('/api/tournaments')).json()) as {
    tournaments: Array<{
      id: string
      name: string
      isBettingOpen: boolean
      hasBet: boolean
      startDate: string
    }>
  }
  const next = listed.tournaments
    .filter((other) => other.id !== id && other.isBettingOpen && !other.hasBet)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))[0]!
  await expect(celebration.getByTestId('celebration-next')).toHaveAttribute(
    'href',
    `/tournament/${next.id}`,
  )
  await expect(celebration.getByTestId('celebration-next')).toHaveText(
    `Next open tournament: ${next.name}`,
  )

  // After the bet: one bracket on the page (the fan's, which holds the draw), and nothing kept.
  await expect(page.getByRole('heading', { name: 'Predictions submitted' })).toBeVisible()
  await expect(page.locator('[data-testid="bracket-tree"]:visible')).toHaveCount(1)
  await expect(page.getByTestId('results-section')).toHaveCount(0)
  await expect(page.getByTestId('bracket-view-switch')).toHaveCount(0)
  await expect(page.getByTestId('my-predictions').locator('[data-picked]')).toHaveCount(15)
  expect(await keptDraft(page, id)).toBeNull()
  await expectAccessibleAtTop(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)
  await page.reload()
  await expect(page.getByTestId('bet-placed-banner')).toBeVisible()
  await expect(page.getByTestId('bet-celebration')).toHaveCount(0)
  await expect(page.getByTestId('bracket-wizard')).toHaveCount(0)
  await expect(page.locator('[data-testid="bracket-tree"]:visible')).toHaveCount(1)
})

test('quick fill: popular waits for 50 brackets; finish my bracket keeps the picks made, and one undo restores them', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await createConfirmedUser(page.request, 'finisher', 'en')
  // A demo tournament has at most 40 brackets: too few for popular picks.
  const id = await tournamentId(page, DEMO.lisbon)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  const progress = wizard.getByTestId('wizard-progress')
  const pickers = wizard.getByTestId('match-picker')
  // The second pair (the lower seed) in the first two matches: not what the favourites pick.
  for (const n of [0, 1]) await pickers.nth(n).getByTestId('pick-option').nth(1).click()
  await expect(progress).toHaveText('2 of 16 predictions')

  const help = wizard.getByTestId('wizard-help')
  await help.locator('summary').click()
  const reason = 'Popular picks show once at least 50 brackets are in.'
  await expect(help.getByTestId('quick-fill-popular-reason')).toHaveText(reason)
  await expect(help.getByTestId('quick-fill-popular')).toBeDisabled()
  await expect(help.getByTestId('quick-fill-popular')).toHaveAccessibleDescription(reason)
  await expect(help.getByTestId('quick-fill-favourites')).toBeChecked()

  await help.getByTestId('quick-fill-finish').click()
  await expect(progress).toHaveText('16 of 16 predictions')
  await expect(help.getByTestId('quick-fill-status')).toHaveText(
    'Your picks kept; the rest filled with the better-ranked pair.',
  )
  for (const n of [0, 1]) await expect(pickers.nth(n).getByRole('radio').nth(1)).toBeChecked()
  await expectAccessibleAtTop(page)

  await help.getByTestId('quick-fill-undo').click()
  await expect(progress).toHaveText('2 of 16 predictions')
  await expect(pickers.getByRole('radio', { checked: true })).toHaveCount(2)
  for (const n of [0, 1]) await expect(pickers.nth(n).getByRole('radio').nth(1)).toBeChecked()
  await expect(help.getByTestId('quick-fill-undo')).toHaveCount(0)
  await expect(help.getByTestId('quick-fill-status')).toHaveText(
    'Your picks are back as they were before the fill.',
  )

  // Filling every pick instead replaces those two with the favourites.
  await help.getByTestId('quick-fill-all').click()
  await expect(progress).toHaveText('16 of 16 predictions')
  for (const n of [0, 1]) await expect(pickers.nth(n).getByRole('radio').first()).toBeChecked()
})

test('a bet placed elsewhere meanwhile: the review shows the fresh balance and no second payment', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await createConfirmedUser(page.request, 'twotabs', 'en')
  const id = await tournamentId(page, DEMO.lisbon)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  await fillBracket(wizard, (i) => (i % 2 === 0 ? 0 : 1))
  await wizard.getByTestId('mvp-option').first().click()
  const review = page.getByRole('dialog', { name: 'Review your prediction' })
  await expect(review.getByTestId('review-balance')).toHaveText('1,000 coins')

  // The same bracket goes in from "another tab" (the same session, through the API).
  const draft = await keptDraft(page, id)
  expect(draft?.mvpPlayerId).toBeTruthy()
  const placed = await page.request.post(`/api/tournaments/${id}/bets`, {
    data: {
      picks: Object.entries(draft!.picks).map(([matchId, winnerTeamId]) => ({
        matchId,
        winnerTeamId,
      })),
      mvpPlayerId: draft!.mvpPlayerId,
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)

  await review.getByTestId('confirm-bet').click()
  // The spec's pauses (0.5 s, 1 s) come first.
  await expect(review.getByTestId('review-error')).toContainText(
    'Failed to place bet: You have already placed a prediction for this tournament.',
    { timeout: 15_000 },
  )
  await expect(review.getByTestId('review-error')).toContainText('Nothing was charged.')
  await expect(review.getByTestId('review-balance')).toHaveText('900 coins')
  await expect(review.getByTestId('confirm-bet')).toHaveCount(0)
  const close = review.getByTestId('review-refused-close')
  await expect(close).toBeFocused()
  await expectAccessibleAtTop(page)
  expect(await keptDraft(page, id)).toBeNull()

  await page.keyboard.press('Enter')
  await expect(review).toBeHidden()
  await expect(page.getByTestId('bet-placed-banner')).toContainText('100')
  await expect(page.getByTestId('header-balance')).toHaveText('900')
  await expect(page.getByTestId('bracket-wizard')).toHaveCount(0)
  await expect(page.locator('[data-testid="bracket-tree"]:visible')).toHaveCount(1)
})

test('betting closed at the last moment: no "confirm and pay" again, and the page reloads its state on close', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await createConfirmedUser(page.request, 'toolate', 'en')
  await page.route('**/api/tournaments/*/bets', (route) =>
    route.fulfill({ status: 409, json: { error: { code: 'BETTING_CLOSED', message: 'closed' } } }),
  )
  const id = await tournamentId(page, DEMO.madrid)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  await fillBracket(wizard, () => 1)
  await wizard.getByTestId('mvp-option').last().click()
  const review = page.getByRole('dialog', { name: 'Review your prediction' })

  // The balance comes with the session (decision 069).
  const balanceAsked = page.waitForRequest((request) => request.url().endsWith('/api/session'))
  await review.getByTestId('confirm-bet').click()
  await expect(review.getByTestId('review-error')).toContainText(
    'Failed to place bet: Betting is closed for this tournament.',
    { timeout: 15_000 },
  )
  await balanceAsked
  await expect(review.getByTestId('confirm-bet')).toHaveCount(0)
  await expect(review.getByRole('button', { name: 'Back to edit' })).toHaveCount(0)

  const stateAsked = page.waitForRequest((request) => request.url().endsWith(`/tournaments/${id}`))
  await review.getByTestId('review-refused-close').click()
  await stateAsked
  await expect(review).toBeHidden()
})

test('a passing failure (the server busy) keeps "confirm and pay" for another try', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await createConfirmedUser(page.request, 'retry', 'en')
  let calls = 0
  await page.route('**/api/tournaments/*/bets', async (route) => {
    calls += 1
    if (calls === 1) {
      await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } })
    } else {
      await route.continue()
    }
  })
  const id = await tournamentId(page, DEMO.madrid)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  await fillBracket(wizard, () => 1)
  await wizard.getByTestId('mvp-option').last().click()
  const review = page.getByRole('dialog', { name: 'Review your prediction' })
  await review.getByTestId('confirm-bet').click()
  await expect(review.getByTestId('review-error')).toContainText('Failed to place bet:', {
    timeout: 15_000,
  })
  await expect(page.getByTestId('header-balance')).toHaveText('1,000')
  await review.getByTestId('confirm-bet').click()
  await expect(page.getByRole('heading', { name: 'Predictions submitted' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByTestId('header-balance')).toHaveText('950')
})

test('a tournament without matches does not offer predictions', async ({ page, browser }) => {
  const admin = await browser.newContext()
  await signInByApi(admin, { username: 'e2e-admin', ...E2E_ADMIN })
  const name = `E2E No Draw ${Date.now()}`
  const created = await admin.request.post('/api/admin/tournaments', {
    data: {
      name,
      status: 'upcoming',
      bettingDeadline: '2031-01-01T00:00:00.000Z',
      startDate: '2031-01-02T00:00:00.000Z',
      endDate: '2031-01-05T00:00:00.000Z',
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await admin.close()

  await createConfirmedUser(page.request, 'nodraw', 'en')
  await page.goto(`/tournament/${id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('This tournament has no matches yet')).toBeVisible()
  await expect(page.getByTestId('start-predictions')).toHaveCount(0)
  await expect(page.getByTestId('rules-box')).toHaveCount(0)
  await expectAccessibleAtTop(page)
})
