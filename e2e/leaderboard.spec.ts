import { expect, test, type Page } from './support/test'
import { createConfirmedUser, useLanguage, type Language } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'
import { DEMO, tournamentId } from './support/tournaments'

// The rankings on a live server: other journeys add users and bets meanwhile, so the figures
// are compared with the API's own answers rather than with fixed numbers.

interface Entry {
  rank_position: number
  username: string
  total_coins: number
  is_current_user: boolean
}
interface Board {
  entries: Entry[]
  totals: { total_players: number; top_score: number; average_coins: number }
}

async function boardOf(page: Page, limit: number): Promise<Board> {
  const response = await page.request.get(`/api/leaderboard?limit=${limit}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Board
}

const text = {
  en: {
    title: 'Leaderboard | Golden Point',
    heading: 'Leaderboard',
    you: 'You',
    showMore: 'Show more',
    players: (total: string) => `of ${total} players`,
    coins: (amount: string) => `${amount} coins`,
    unranked: 'You are not ranked yet',
    firstPrediction: 'Make your first prediction',
  },
  es: {
    title: 'Clasificación | Golden Point',
    heading: 'Clasificación',
    you: 'Tú',
    showMore: 'Ver más',
    players: (total: string) => `de ${total} jugadores`,
    coins: (amount: string) => `${amount} monedas`,
    unranked: 'Aún no estás en la clasificación',
    firstPrediction: 'Haz tu primer pronóstico',
  },
} as const

for (const language of ['en', 'es'] as const satisfies Language[]) {
  test(`the leaderboard in ${language}: own rank, podium, ranking with the user highlighted, totals`, async ({
    page,
    context,
  }) => {
    // A sign-up, a bet, a wait for the rank rebuild and two axe passes.
    test.slow()
    await useLanguage(context, language)
    const t = text[language]
    const number = new Intl.NumberFormat(language, {
      maximumFractionDigits: 0,
      useGrouping: 'always',
    })
    const user = await createConfirmedUser(page.request, 'rank', language)
    await page.goto('/leaderboard?tab=coins')

    await expect(page).toHaveTitle(t.title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heading)

    // Before any bet the welcome bonus ranks nobody: the card says how to get ranked.
    const card = page.getByTestId('my-rank-card')
    await expect(card.getByTestId('my-rank-unranked')).toContainText(t.unranked)
    await expect(card.getByTestId('my-rank-unranked')).toContainText(t.coins(number.format(1000)))
    await expect(card.getByTestId('my-rank')).toHaveCount(0)
    await expect(card.getByRole('link', { name: t.firstPrediction })).toHaveAttribute(
      'href',
      '/tournaments',
    )
    const before = await boardOf(page, 100)
    expect(before.entries.some((entry) => entry.is_current_user)).toBe(false)
    await expectNoSeriousA11yViolations(page)

    // The first bet ranks the fan: live in the list, and in the totals from the next rebuild of
    // the rank table (the server's refresher, every few seconds), which the page is compared with.
    const { balance } = await placeFavouritesBet(
      page.request,
      await tournamentId(page, DEMO.madrid),
    )
    const betDone = Date.now()
    await expect
      .poll(
        async () => {
          const me = (await (await page.request.get('/api/leaderboard/me')).json()) as {
            refreshed_at: string
          }
          // A margin: a rebuild already running when the bet committed may have missed it.
          return Date.parse(me.refreshed_at) - betDone
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1_000)
    await page.reload()

    // Own card: rank (a few seconds stale at most), the coins after the fee, of all players.
    await expect(card.getByTestId('my-rank')).toHaveText(/^#\d[\d.,]*$/)
    await expect(card.getByTestId('my-rank-coins')).toHaveText(number.format(balance))
    // Other tests sign up players at the same time, so the total may move between the page's
    // read and ours: the card shows a count no larger than the one the API gives afterwards.
    const playersPattern = new RegExp(
      '^' +
        t
          .players('NUMBER')
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('NUMBER', '([\\d.,]+)') +
        '$',
    )
    await expect(card.getByTestId('my-rank-players')).toHaveText(playersPattern)
    const shown = Number(
      ((await card.getByTestId('my-rank-players').textContent()) ?? '')
        .match(playersPattern)?.[1]
        ?.replace(/[.,]/g, ''),
    )
    const position = (await (await page.request.get('/api/leaderboard/me')).json()) as {
      total_players: number
    }
    expect(shown).toBeGreaterThanOrEqual(1)
    expect(shown).toBeLessThanOrEqual(position.total_players)

    // Podium: the first three of the ranking, first in the middle, each on the step of its
    // place (players level on coins share one).
    const top = await boardOf(page, 5)
    const podium = page.getByTestId('podium-place')
    await expect(podium).toHaveCount(Math.min(3, top.entries.length))
    for (const [index, entry] of top.entries.slice(0, 3).entries()) {
      await expect(podium.nth(index)).toContainText(entry.username)
      await expect(podium.nth(index)).toContainText(t.coins(number.format(entry.total_coins)))
      await expect(podium.nth(index)).toHaveAttribute('data-step', String(entry.rank_position))
    }
    const x = async (index: number) => (await podium.nth(index).boundingBox())!.x
    const [first, second, third] = [await x(0), await x(1), await x(2)]
    expect(second).toBeLessThan(first)
    expect(first).toBeLessThan(third)

    // The list: top 5 first.
    const rows = page.getByTestId('ranking-row')
    await expect(rows).toHaveCount(top.entries.length)
    for (const [index, entry] of top.entries.entries()) {
      await expect(rows.nth(index).getByTestId('ranking-username')).toHaveText(entry.username)
      await expect(rows.nth(index).getByTestId('ranking-rank')).toHaveText(
        `#${number.format(entry.rank_position)}`,
      )
      await expect(rows.nth(index).getByTestId('ranking-coins')).toHaveText(
        t.coins(number.format(entry.total_coins)),
      )
    }

    // Totals.
    await expect(page.getByTestId('total-total-players')).toHaveText(
      number.format(top.totals.total_players),
    )
    await expect(page.getByTestId('total-top-score')).toHaveText(
      number.format(top.totals.top_score),
    )
    await expect(page.getByTestId('total-average-coins')).toHaveText(
      number.format(top.totals.average_coins),
    )
    await expectNoSeriousA11yViolations(page)

    // Show more until the new user is in the list (up to 100), highlighted and marked.
    const mine = page.locator('[data-testid="ranking-row"][data-current-user]')
    const more = page.getByRole('button', { name: t.showMore })
    const busy = page.locator('section[aria-busy="true"]')
    while ((await mine.count()) === 0 && (await more.count()) > 0) {
      await more.click()
      await expect(busy).toHaveCount(0)
    }
    await expect(mine).toHaveCount(1)
    await expect(mine).toHaveAttribute('aria-current', 'true')
    await expect(mine.getByTestId('ranking-username')).toHaveText(user.username)
    await expect(mine).toContainText(t.you)
    await expect(mine.getByTestId('ranking-coins')).toHaveText(t.coins(number.format(balance)))
    expect(await rows.count()).toBeLessThanOrEqual(100)
    await expectNoSeriousA11yViolations(page)
  })
}

test.describe('leaderboard states', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en')
  })

  test('a failed ranking fetch leaves an empty list with a message', async ({ page }) => {
    await createConfirmedUser(page.request, 'rank_fail', 'en')
    await page.route('**/api/leaderboard?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    )
    await page.goto('/leaderboard?tab=coins')
    await expect(page.getByTestId('leaderboard-error')).toContainText(
      'The rankings could not be loaded.',
    )
    await expect(page.getByTestId('ranking-row')).toHaveCount(0)
    await expect(page.getByTestId('podium-place')).toHaveCount(0)
    await expect(page.getByTestId('total-total-players')).toHaveText('—')
    // The own card comes from its own request and still shows.
    await expect(page.getByTestId('my-rank-card')).toContainText('1,000 coins')
    await expectNoSeriousA11yViolations(page)

    await page.unroute('**/api/leaderboard?*')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByTestId('ranking-row').first()).toBeVisible()
    await expect(page.getByTestId('leaderboard-error')).toHaveCount(0)
  })

  test('a user without a position yet sees a note and the balance', async ({ page }) => {
    await createConfirmedUser(page.request, 'rank_new', 'en')
    await page.route('**/api/leaderboard/me', (route) =>
      route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'none' } } }),
    )
    await page.goto('/leaderboard?tab=coins')
    const card = page.getByTestId('my-rank-card')
    await expect(card).toContainText('You will appear in the rankings in a few seconds.')
    await expect(card).toContainText('1,000 coins')
  })

  test('players with equal coins share a rank; the current user is marked on the podium', async ({
    page,
  }) => {
    await createConfirmedUser(page.request, 'rank_tie', 'en')
    const entries = [
      { rank_position: 1, username: 'ana', total_coins: 1500, is_current_user: false },
      { rank_position: 1, username: 'bea', total_coins: 1500, is_current_user: true },
      { rank_position: 3, username: 'cris', total_coins: 1200, is_current_user: false },
    ]
    await page.route('**/api/leaderboard?*', (route) =>
      route.fulfill({
        json: { entries, totals: { total_players: 3, top_score: 1500, average_coins: 1400 } },
      }),
    )
    await page.goto('/leaderboard?tab=coins')
    const podium = page.getByTestId('podium-place')
    await expect(podium).toHaveCount(3)
    await expect(podium.nth(0)).toContainText('#1')
    await expect(podium.nth(1)).toContainText('#1')
    await expect(podium.nth(1)).toHaveAttribute('aria-current', 'true')
    await expect(podium.nth(2)).toContainText('#3')
    // Shared first place: both on the first step, neither higher, both labelled "Tied".
    for (const index of [0, 1]) {
      await expect(podium.nth(index)).toHaveAttribute('data-step', '1')
      await expect(podium.nth(index).getByTestId('podium-shared')).toHaveText('Tied')
    }
    await expect(podium.nth(2)).toHaveAttribute('data-step', '3')
    await expect(podium.nth(2).getByTestId('podium-shared')).toHaveCount(0)
    const top = async (index: number) => (await podium.nth(index).boundingBox())!.y
    expect(await top(0)).toBe(await top(1))
    expect(await top(2)).toBeGreaterThan(await top(0))
    await expectNoSeriousA11yViolations(page)
    // Fewer players than asked for: nothing more to show.
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0)
    await expect(page.getByTestId('ranking-row').nth(1)).toContainText('You')
  })
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the leaderboard fits the screen and stays accessible', async ({ page, context }) => {
    await useLanguage(context, 'es')
    await createConfirmedUser(page.request, 'rank_phone', 'es')
    await page.goto('/leaderboard?tab=coins')
    await expect(page.getByTestId('ranking-row').first()).toBeVisible()
    await expect(page.getByTestId('my-rank-unranked')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoSeriousA11yViolations(page)

    // "Ver más" works from the keyboard.
    const more = page.getByRole('button', { name: 'Ver más' })
    if ((await more.count()) > 0) {
      const before = await page.getByTestId('ranking-row').count()
      await more.focus()
      await page.keyboard.press('Enter')
      await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0)
      expect(await page.getByTestId('ranking-row').count()).toBeGreaterThanOrEqual(before)
    }
  })
})
