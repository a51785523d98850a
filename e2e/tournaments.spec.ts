import { expect, test } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import {
  DEMO,
  expectAccessibleAtTop,
  expectNoPageScrollX,
  tournamentId,
} from './support/tournaments'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

test('the list: newest start first, a label per state, countdowns, no page scroll at 360 px', async ({
  page,
}) => {
  await createConfirmedUser(page.request, 'list', 'en')
  await page.goto('/tournaments')
  const cards = page.getByTestId('tournament-card')
  // Other tests on the same server add tournaments: every demo one is here, and maybe more.
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(5)

  const expected: Record<string, string> = {
    [DEMO.madrid]: 'Place bet',
    [DEMO.lisbon]: 'Place bet',
    [DEMO.sevilla]: 'Betting closed',
    [DEMO.buenosAires]: 'View live results',
    [DEMO.milano]: 'View results',
  }
  for (const [name, label] of Object.entries(expected)) {
    const card = cards.filter({ has: page.getByRole('heading', { name }) })
    await expect(card.getByTestId('tournament-link')).toContainText(label)
  }
  await expect(cards.filter({ hasText: DEMO.buenosAires }).getByTestId('status-badge')).toHaveText(
    'Live',
  )
  await expect(cards.filter({ hasText: DEMO.madrid }).getByTestId('countdown')).toHaveAttribute(
    'data-colour',
    /green|orange/,
  )
  await expect(cards.filter({ hasText: DEMO.sevilla }).getByTestId('countdown')).toHaveText(
    'Betting closed',
  )
  await expect(cards.filter({ hasText: DEMO.milano }).getByTestId('countdown')).toHaveCount(0)
  // One status per card, the tournament page's (tournamentPhase): never "Upcoming" beside a
  // countdown or "Betting closed".
  for (const card of await cards.all()) {
    await expect(card.getByTestId('tournament-status')).toHaveCount(1)
  }
  await expect(
    cards.filter({ hasText: DEMO.sevilla }).getByTestId('tournament-status'),
  ).toHaveAttribute('data-phase', 'closed')
  await expect(cards.filter({ hasText: DEMO.madrid }).getByTestId('status-badge')).toHaveCount(0)

  // Newest start first, as the dates on the cards say.
  const starts = await cards
    .locator('time')
    .evaluateAll((times) =>
      times.filter((_, i) => i % 2 === 0).map((t) => Date.parse(t.getAttribute('datetime') ?? '')),
    )
  expect(starts).toEqual([...starts].sort((a, b) => b - a))

  await expectAccessibleAtTop(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)
  // One compact row per tournament on a phone, where a card once took ~460 px (issue #29).
  const heights = await cards.evaluateAll((rows) =>
    rows.map((row) => row.getBoundingClientRect().height),
  )
  for (const height of heights) expect(height).toBeLessThan(240)
})

test('a completed tournament shows its results tree, pairs and the prize breakdown', async ({
  page,
}) => {
  await createConfirmedUser(page.request, 'results', 'en')
  const id = await tournamentId(page, DEMO.milano)
  await page.goto(`/tournament/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.milano })).toBeVisible()
  await expect(page.getByTestId('status-badge')).toHaveText('Completed')
  // Without a bracket of their own the page's one bracket opens on the results (decision 174).
  await expect(
    page.getByTestId('bracket-view-switch').getByRole('button', { name: 'Results' }),
  ).toHaveAttribute('aria-pressed', 'true')

  const tree = page.getByTestId('results-section').getByTestId('bracket-tree')
  await expect(tree.getByTestId('bracket-match')).toHaveCount(15)
  await expect(tree.locator('[data-winner]')).toHaveCount(15)
  await expect(page.getByTestId('results-panel')).toBeVisible()
  await expect(page.getByTestId('pairs-list').getByTestId('pair-row')).toHaveCount(16)
  await expect(page.getByTestId('start-predictions')).toHaveCount(0)
  await expect(page.getByTestId('rules-box')).toHaveCount(0)
  await expectAccessibleAtTop(page)

  const open = page.getByRole('button', { name: 'View prize breakdown' })
  await open.click()
  const dialog = page.getByRole('dialog', { name: 'Prize breakdown' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('prize-tier')).toHaveCount(5)
  await expect(dialog.getByText('Perfect Prediction')).toBeVisible()
  for (const key of ['participants', 'entry_fee', 'multiplier', 'base_pool']) {
    await expect(dialog.getByTestId(`prize-${key}`)).not.toBeEmpty()
  }
  await expectAccessibleAtTop(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()

  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)
  // The pairs are one table row each, not 16 cards repeating "seed … ranking" (issue #29): at
  // 360 px their section was ~2,900 px and the settled page ~10,300 px; now ~1,050 and ~8,400.
  const rowHeights = await page
    .getByTestId('pair-row')
    .evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height))
  for (const height of rowHeights) expect(height).toBeLessThan(90)
  const pairsSection = page.locator('section', { has: page.getByTestId('pairs-list') })
  expect((await pairsSection.boundingBox())!.height).toBeLessThan(1_300)
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(pageHeight).toBeLessThan(9_000)
})

test('a prize information failure says so under an error heading', async ({ page }) => {
  await createConfirmedUser(page.request, 'prizefail', 'en')
  const id = await tournamentId(page, DEMO.madrid)
  await page.route('**/api/tournaments/*/prize-pool', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
  )
  await page.goto(`/tournament/${id}`)
  await page.getByRole('button', { name: 'View prize breakdown' }).click()
  const dialog = page.getByRole('dialog', { name: 'Prize breakdown' })
  await expect(dialog.getByRole('alert')).toContainText('Error')
  await expect(dialog.getByRole('alert')).toContainText('Failed to load prize information')
})

test('an unknown tournament sends the user back to the list', async ({ page }) => {
  await createConfirmedUser(page.request, 'missing', 'en')
  await page.goto('/tournament/does-not-exist')
  await expect(page).toHaveURL(/\/tournaments$/)
  await expect(page.getByTestId('tournament-card').first()).toBeVisible()
})

test('a settled tournament: the winnings banner and the settlement figures', async ({ page }) => {
  await createConfirmedUser(page.request, 'winner', 'en')
  const id = await tournamentId(page, DEMO.milano)
  await page.route(`**/api/tournaments/${id}/my-bet`, (route) =>
    route.fulfill({
      json: {
        bet: {
          id: 'b',
          tournamentId: id,
          amount: 50,
          status: 'won',
          createdAt: '2026-01-01T00:00:00Z',
        },
        predictions: [],
        mvpPrediction: null,
        tournamentMvpId: null,
      },
    }),
  )
  await page.route(`**/api/tournaments/${id}/my-performance`, (route) =>
    route.fulfill({
      json: {
        bet_status: 'won',
        prediction_result: {
          correct_predictions: 15,
          total_predictions: 16,
          accuracy_percentage: 93.75,
        },
        prize_distribution: { prize_amount: 3600 },
        tier_level: 'tier_90',
      },
    }),
  )
  await page.route(`**/api/tournaments/${id}/results`, (route) =>
    route.fulfill({
      json: {
        tournament_info: { tournament_name: DEMO.milano, prize_pool: 6000, participant_count: 3 },
        statistics: { total_winners: 1, total_paid: 3600, tier_counts: { tier_90: 1 } },
        processed_at: '2026-01-01T00:00:00Z',
      },
    }),
  )
  await page.goto(`/tournament/${id}`)
  await expect(page.getByTestId('winnings-banner')).toContainText('You won 3,600 coins')
  await expect(page.getByTestId('winnings-banner')).toContainText('15 of 16 right')
  await expect(page.getByTestId('results-panel')).toContainText('Coins paid')
  // Once settled, the page opens with the outcome; nothing still speaks of a bracket in play.
  await expect(page.getByTestId('bet-placed-banner')).toHaveCount(0)
})
