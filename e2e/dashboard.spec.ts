import { expect, test, type Page } from './support/test'
import { createConfirmedUser, useLanguage, type Language } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'

// The dashboard of a fresh account on the demo data (2 upcoming open, 1 upcoming closed,
// 1 live, 1 completed). Other journeys may add tournaments meanwhile, so the expected cards are
// worked out from GET /api/tournaments rather than from fixed names.

interface Card {
  id: string
  name: string
  status: string
  startDate: string
  currentPrizePool: number
  pairCount: number
  isBettingOpen: boolean
  hasBet: boolean
}

async function tournamentsOf(page: Page): Promise<Card[]> {
  const response = await page.request.get('/api/tournaments')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { tournaments: Card[] }).tournaments
}

const byStart = (a: Card, b: Card) => Date.parse(a.startDate) - Date.parse(b.startDate)

function expected(tournaments: Card[]) {
  return {
    live: tournaments
      .filter((t) => t.status === 'active')
      .sort((a, b) => byStart(b, a))
      .slice(0, 3),
    upcoming: tournaments
      .filter((t) => t.status === 'upcoming')
      .sort(byStart)
      .slice(0, 3),
  }
}

const text = {
  en: {
    welcome: (name: string) => `Welcome, ${name}`,
    title: 'Dashboard | Golden Point',
    viewLive: 'View live results',
    placeBets: 'Place bets',
    view: 'View tournament',
    viewBet: 'View bet',
    quickTitle: 'Quick actions',
    quick: [
      'Browse tournaments',
      'My brackets',
      'Your leagues',
      'See the leaderboard',
      'Your profile',
    ],
    coins: (amount: string) => `${amount} coins`,
  },
  es: {
    welcome: (name: string) => `Te damos la bienvenida, ${name}`,
    title: 'Panel | Golden Point',
    viewLive: 'Ver resultados en directo',
    placeBets: 'Hacer mi pronóstico',
    view: 'Ver torneo',
    viewBet: 'Ver mi cuadro',
    quickTitle: 'Accesos rápidos',
    quick: ['Ver los torneos', 'Mis cuadros', 'Tus ligas', 'Ver la clasificación', 'Tu perfil'],
    coins: (amount: string) => `${amount} monedas`,
  },
} as const

for (const language of ['en', 'es'] as const satisfies Language[]) {
  test(`a fresh user's dashboard in ${language}: balance, no bets, win rate dashes, tournaments`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language)
    const t = text[language]
    const number = new Intl.NumberFormat(language, {
      maximumFractionDigits: 0,
      useGrouping: 'always',
    })
    const user = await createConfirmedUser(page.request, 'dash', language)
    await page.goto('/dashboard')

    await expect(page).toHaveTitle(t.title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.welcome(user.username))
    await expect(page.getByTestId('dashboard-balance')).toContainText(number.format(1000))
    await expect(page.getByTestId('dashboard-bet-count')).toHaveText('0')
    await expect(page.getByTestId('dashboard-win-rate')).toHaveText('—')

    const { live, upcoming } = expected(await tournamentsOf(page))
    expect(live.length, 'the demo data has a live tournament').toBeGreaterThan(0)
    expect(upcoming.length, 'the demo data has upcoming tournaments').toBeGreaterThan(1)

    const liveCards = page.getByTestId('live-tournament')
    await expect(liveCards).toHaveCount(live.length)
    for (const [index, tournament] of live.entries()) {
      const card = liveCards.nth(index)
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(tournament.name)
      await expect(card.getByTestId('tournament-prize-pool')).toHaveText(
        t.coins(number.format(tournament.currentPrizePool)),
      )
      await expect(card.getByTestId('tournament-pairs')).toHaveText(
        number.format(tournament.pairCount),
      )
      await expect(card.getByRole('link', { name: t.viewLive })).toHaveAttribute(
        'href',
        `/tournament/${tournament.id}`,
      )
    }

    const upcomingCards = page.getByTestId('upcoming-tournament')
    await expect(upcomingCards).toHaveCount(upcoming.length)
    for (const [index, tournament] of upcoming.entries()) {
      const card = upcomingCards.nth(index)
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(tournament.name)
      await expect(card.locator('time')).toHaveAttribute('datetime', tournament.startDate)
      await expect(card.getByTestId('tournament-prize-pool')).toHaveText(
        t.coins(number.format(tournament.currentPrizePool)),
      )
      await expect(card.getByTestId('bet-placed-badge')).toHaveCount(0)
      const label = tournament.isBettingOpen ? t.placeBets : t.view
      await expect(card.getByRole('link', { name: label })).toHaveAttribute(
        'href',
        `/tournament/${tournament.id}`,
      )
    }
    // The demo data has both an open and a closed upcoming tournament.
    await expect(
      page.locator('[data-testid="upcoming-tournament"][data-action="place-bets"]'),
    ).not.toHaveCount(0)

    const quick = page.getByRole('navigation', { name: t.quickTitle })
    for (const [index, name] of t.quick.entries()) {
      await expect(quick.getByRole('link', { name })).toHaveAttribute(
        'href',
        ['/tournaments', '/my-brackets', '/leagues', '/leaderboard', '/profile'][index]!,
      )
    }
    await expectNoSeriousA11yViolations(page)

    // The links lead to the tournament pages.
    await liveCards.first().getByRole('link', { name: t.viewLive }).click()
    await expect(page).toHaveURL(new RegExp(`/tournament/${live[0]!.id}$`))
    await page.goBack()
    await quick.getByRole('link', { name: t.quick[3] }).click()
    await expect(page).toHaveURL(/\/leaderboard$/)
  })
}

test.describe('dashboard states', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en')
  })

  test('loading text, then a bet placed badge and the view-bet link', async ({ page }) => {
    await createConfirmedUser(page.request, 'dash_bet', 'en')
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/tournaments', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { tournaments: Card[] }
      const soonest = expected(body.tournaments).upcoming[0]
      for (const tournament of body.tournaments) {
        if (tournament.id === soonest?.id) tournament.hasBet = true
      }
      await answered
      await route.fulfill({ response, json: body })
    })
    await page.goto('/dashboard')
    await expect(page.getByRole('status').filter({ hasText: 'Loading dashboard…' })).toBeVisible()
    release()

    const first = page.getByTestId('upcoming-tournament').first()
    await expect(first.getByTestId('bet-placed-badge')).toHaveText('Bet placed')
    await expect(first.getByRole('link', { name: 'View bet' })).toBeVisible()
    await expect(page.getByTestId('bet-placed-badge')).toHaveCount(1)
  })

  test('empty states when nothing is live or upcoming', async ({ page }) => {
    await createConfirmedUser(page.request, 'dash_empty', 'en')
    await page.route('**/api/tournaments', (route) =>
      route.fulfill({ json: { tournaments: [], serverTime: new Date().toISOString() } }),
    )
    await page.goto('/dashboard')
    await expect(page.getByText('No tournament is live right now.')).toBeVisible()
    await expect(page.getByText('No upcoming tournaments yet.')).toBeVisible()
    await expect(page.getByTestId('live-tournament')).toHaveCount(0)
  })

  test('an error message with a retry when the tournaments cannot be loaded', async ({ page }) => {
    await createConfirmedUser(page.request, 'dash_error', 'en')
    let fail = true
    await page.route('**/api/tournaments', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL', message: 'Internal error' } },
          })
        : route.fallback(),
    )
    await page.goto('/dashboard')
    const alert = page.getByTestId('dashboard-error')
    await expect(alert).toContainText('The tournaments could not be loaded.')
    // The wallet still shows; only the tournaments failed.
    await expect(page.getByTestId('dashboard-balance')).toContainText('1,000')
    fail = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByTestId('live-tournament').first()).toBeVisible()
    await expect(alert).toHaveCount(0)
  })

  test('a settled record shows the real win rate', async ({ page }) => {
    await createConfirmedUser(page.request, 'dash_rate', 'en')
    await page.route('**/api/me/stats', (route) =>
      route.fulfill({
        json: {
          betCount: 3,
          active: 0,
          won: 2,
          lost: 1,
          refunded: 0,
          winRate: 66.67,
          totalWinnings: 500,
        },
      }),
    )
    await page.goto('/dashboard')
    await expect(page.getByTestId('dashboard-bet-count')).toHaveText('3')
    await expect(page.getByTestId('dashboard-win-rate')).toHaveText('66.7%')
  })
})

test.describe("the fan's own standing", () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en')
  })

  test('a fan who never bet is nudged to a first prediction; the bet then lists as in play', async ({
    page,
  }) => {
    await createConfirmedUser(page.request, 'dash_first', 'en')
    const soonestOpen = (await tournamentsOf(page))
      .filter((t) => t.status === 'upcoming' && t.isBettingOpen)
      .sort(byStart)[0]!
    await page.goto('/dashboard')
    const nudge = page.getByTestId('first-prediction')
    await expect(nudge.getByRole('heading', { name: 'Make your first prediction' })).toBeVisible()
    await expect(nudge.getByRole('link', { name: 'Make your first prediction' })).toHaveAttribute(
      'href',
      `/tournament/${soonestOpen.id}`,
    )
    await expect(page.getByTestId('my-brackets')).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)

    await placeFavouritesBet(page.request, soonestOpen.id)
    await page.reload()
    await expect(page.getByTestId('dashboard-bet-count')).toHaveText('1')
    await expect(page.getByTestId('first-prediction')).toHaveCount(0)
    const bracket = page.getByTestId('my-bracket')
    await expect(bracket).toHaveCount(1)
    await expect(bracket.getByRole('heading', { level: 3 })).toHaveText(soonestOpen.name)
    await expect(bracket.getByTestId('bracket-outcome')).toHaveText('In play')
    await bracket.getByRole('link', { name: 'View bracket' }).click()
    await expect(page).toHaveURL(new RegExp(`/tournament/${soonestOpen.id}$`))
  })

  test('settled brackets stay listed with their results; the win rate has its own name', async ({
    page,
  }) => {
    await createConfirmedUser(page.request, 'dash_settled', 'en')
    const tournament = (name: string, status: string) => ({
      name,
      status,
      startDate: '2026-01-01T10:00:00.000Z',
      endDate: '2026-01-03T10:00:00.000Z',
      bettingDeadline: '2026-01-01T09:00:00.000Z',
      prizePoolConfig: { entry_fee: 50, base_pool: 5000, multiplier: 1, tiers: [] },
    })
    const bet = (index: number, status: string, payout: number | null, name: string) => ({
      id: `bet-${index}`,
      tournamentId: `t-${index}`,
      amount: 50,
      status,
      createdAt: '2026-01-01T08:00:00.000Z',
      payout,
      tournament: {
        ...tournament(name, status === 'active' ? 'upcoming' : 'completed'),
        id: `t-${index}`,
      },
    })
    const bets = [
      bet(0, 'active', null, 'Open Cup'),
      bet(1, 'won', 700, 'Won Masters'),
      bet(2, 'lost', 0, 'Lost Open'),
      bet(3, 'refunded', 50, 'Cancelled Cup'),
      bet(4, 'lost', 0, 'Old Open 4'),
      bet(5, 'lost', 0, 'Old Open 5'),
      bet(6, 'won', 120, 'Old Open 6'),
    ]
    await page.route('**/api/me/bets*', (route) => route.fulfill({ json: { bets } }))
    await page.route('**/api/me/stats', (route) =>
      route.fulfill({
        json: {
          betCount: 7,
          active: 1,
          won: 2,
          lost: 3,
          refunded: 1,
          winRate: 40,
          totalWinnings: 820,
        },
      }),
    )
    await page.goto('/dashboard')
    await expect(page.getByTestId('first-prediction')).toHaveCount(0)
    const rows = page.getByTestId('my-bracket')
    await expect(rows).toHaveCount(5)
    const outcomes = rows.getByTestId('bracket-outcome')
    await expect(outcomes).toHaveText([
      'In play',
      'Won: +700 coins',
      'No prize',
      'Refunded: 50 coins',
      'No prize',
    ])
    const more = page.getByRole('button', { name: 'Show all 7 brackets' })
    await expect(more).toHaveAttribute('aria-expanded', 'false')
    await more.click()
    await expect(rows).toHaveCount(7)
    await expect(rows.nth(6).getByTestId('bracket-outcome')).toHaveText('Won: +120 coins')
    await expect(page.getByRole('button', { name: 'Show fewer' })).toBeFocused()

    // The win rate (brackets that won a prize) is not the accuracy of a bracket's picks.
    const tiles = page.getByRole('region', { name: 'Your summary' })
    await expect(tiles.getByText('Brackets won')).toBeVisible()
    await expect(tiles.getByText('Of your settled brackets')).toBeVisible()
    await expect(page.getByTestId('dashboard-win-rate')).toHaveText('40%')
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the dashboard fits the screen and is keyboard and axe clean', async ({ page, context }) => {
    await useLanguage(context, 'es')
    await createConfirmedUser(page.request, 'dash_phone', 'es')
    await page.goto('/dashboard')
    await expect(page.getByTestId('live-tournament').first()).toBeVisible()
    await expect(page.getByTestId('first-prediction')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoSeriousA11yViolations(page)

    // Every card link is reachable with the keyboard: the standings, then the tournament itself.
    const card = page.getByTestId('live-tournament').first()
    const standings = card.getByTestId('live-tournament-standings')
    await standings.focus()
    await expect(standings).toBeFocused()
    await expect(standings).toHaveAttribute('href', /^\/tournaments\/[^/]+\/standings$/)
    const link = card.getByRole('link').first()
    await link.focus()
    await expect(link).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/tournament\/[^/]+$/)
  })
})
