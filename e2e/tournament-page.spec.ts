import { expect, test, type Browser, type Page } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import {
  DEMO,
  expectAccessibleAtTop,
  expectNoPageScrollX,
  tabTo,
  tournamentId,
} from './support/tournaments'
import {
  buildBracketTournament,
  cancel,
  placeBet,
  playOutAndComplete,
  settle,
} from './support/tournament-builder'

// The tournament page as a fan reads it: what a card costs and who is in, a finished tournament
// before and after its payouts, a cancelled one, and the bracket on a phone.

const number = (value: number) => new Intl.NumberFormat('en').format(value)

/** The first look after a navigation: a busy shared test machine can take seconds to render. */
const afterLoad = expect.configure({ timeout: 20_000 })

interface ApiCard {
  id: string
  name: string
  entryFee: number
  participantCount: number
}

interface ApiDetail {
  pairs: { id: string; player1: { name: string }; player2: { name: string } }[]
  matches: { round: string; winnerTeamId: string | null }[]
  mvpPlayer: { name: string } | null
}

test.beforeEach(async ({ context }) => {
  // Every journey here renders whole brackets and runs axe; on a loaded machine that takes time.
  test.slow()
  await useLanguage(context, 'en')
})

/** A browser context signed in as the e2e admin, for the admin API. */
async function adminRequest(browser: Browser) {
  const context = await browser.newContext()
  await signInByApi(context, { username: 'e2e-admin', ...E2E_ADMIN })
  return context
}

/** A fresh fan in a context of its own, with a page in English. */
async function newFan(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext()
  await useLanguage(context, 'en')
  await createConfirmedUser(context.request, prefix, 'en')
  return context.newPage()
}

test('a card shows the entry fee and how many fans have entered, besides the pool', async ({
  page,
}) => {
  await createConfirmedUser(page.request, 'cards', 'en')
  const { tournaments } = (await (await page.request.get('/api/tournaments')).json()) as {
    tournaments: ApiCard[]
  }
  const madrid = tournaments.find((t) => t.name === DEMO.madrid)!
  // The demo fans have bet on Madrid, so the count is a real one.
  expect(madrid.participantCount).toBeGreaterThan(0)

  await page.goto('/tournaments')
  await afterLoad(page.getByTestId('tournament-card').first()).toBeVisible()
  for (const name of [DEMO.madrid, DEMO.milano]) {
    const api = tournaments.find((t) => t.name === name)!
    const card = page
      .getByTestId('tournament-card')
      .filter({ has: page.getByRole('heading', { name }) })
    await expect(card.getByTestId('card-entry-fee')).toHaveText(number(api.entryFee))
    await expect(card.getByTestId('card-entrants')).toHaveText(number(api.participantCount))
    await expect(card).toContainText('Entry fee')
    await expect(card).toContainText('Entrants')
  }
  await expectAccessibleAtTop(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)
})

test('a finished tournament before its payouts: pending payouts, champions and MVP celebrated', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // The demo's completed tournament is settled at first start (decision 099): a fresh one here.
  const admin = await adminRequest(browser)
  const built = await buildBracketTournament(admin.request, {
    prefix: 'E2E Pending',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })
  await playOutAndComplete(admin.request, built, built.champion.player1)
  await createConfirmedUser(page.request, 'pending', 'en')
  const id = built.id
  const detail = (await (await page.request.get(`/api/tournaments/${id}`)).json()) as ApiDetail
  const championId = detail.matches.find((m) => m.round === 'final')!.winnerTeamId
  const champion = detail.pairs.find((p) => p.id === championId)!
  expect(detail.mvpPlayer).not.toBeNull()

  await page.goto(`/tournament/${id}`)
  const celebration = page.getByTestId('champion-card')
  await afterLoad(celebration).toContainText('Champions')
  await expect(celebration).toContainText(`${champion.player1.name} / ${champion.player2.name}`)
  await expect(celebration).toContainText(detail.mvpPlayer!.name)

  const pending = page.getByTestId('payouts-pending')
  await expect(pending).toContainText('Payouts pending')
  await expect(pending).toContainText('prizes have not been paid yet')
  // The results are there; only the payouts are not.
  await expect(page.getByTestId('results-panel')).not.toContainText('not been published')
  await expect(page.getByTestId('results-section').getByTestId('bracket-match')).toHaveCount(15)
  await expectAccessibleAtTop(page)
})

test('a winner after settlement: tier, 15 of 16, prizes reduced to fit the pool', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const admin = await adminRequest(browser)
  // Fee 100 × 2 fans × 1 + base 1,000 = a pool of 1,200. Both fans get all 15 matches right and
  // the MVP wrong: 15 of 16, the 60 % tier twice, 1,440 promised, so both prizes shrink to 600.
  const built = await buildBracketTournament(admin.request, {
    prefix: 'E2E Reduced',
    entryFee: 100,
    basePool: 1000,
    multiplier: 1,
  })
  const other = await newFan(browser, 'rival')
  await placeBet(other.context().request, built, built.champion.player2.id)
  await createConfirmedUser(page.request, 'winner', 'en')
  await placeBet(page.request, built, built.champion.player2.id)
  await playOutAndComplete(admin.request, built, built.champion.player1)
  await settle(admin.request, built.id)

  await page.goto(`/tournament/${built.id}`)
  const banner = page.getByTestId('winnings-banner')
  await afterLoad(banner).toContainText('You won 600 coins')
  await expect(banner).toContainText('Near perfect tier')
  await expect(banner).toContainText('15 of 16')
  // The page opens with the outcome (rank, score, tier, coins) and the champions, above the
  // tournament's facts; nothing still speaks of a bracket in play.
  await afterLoad(banner.getByTestId('outcome-rank')).toHaveText('Rank 1 of 2')
  const outcome = page.getByTestId('settled-outcome')
  await expect(outcome.getByTestId('champion-card')).toContainText(built.champion.player1.name)
  const top = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())!.y
  expect(await top('settled-outcome')).toBeLessThan(await top('detail-prize-pool'))
  for (const stale of ['insight-card', 'bet-placed-banner', 'live-mark', 'start-predictions']) {
    await expect(page.getByTestId(stale), stale).toHaveCount(0)
  }
  await expect(page.getByTestId('my-predictions')).not.toContainText('as results come in')
  await expect(page.getByTestId('my-predictions')).toContainText('Every result is in')
  const reduced = banner.getByTestId('prizes-reduced')
  await expect(reduced).toContainText('reduced to fit the pool')
  await expect(reduced).toContainText(number(720))
  await expect(page.getByTestId('payouts-pending')).toHaveCount(0)
  await expect(page.getByTestId('champion-card')).toContainText(built.champion.player1.name)
  await expectAccessibleAtTop(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)

  // The other fan sees the same reduced win, and shares rank 1; in Spanish too.
  await other.goto(`/tournament/${built.id}`)
  await afterLoad(other.getByTestId('winnings-banner')).toContainText('You won 600 coins')
  await other.evaluate(() => window.localStorage.setItem('language', 'es'))
  await other.reload()
  const theirs = other.getByTestId('winnings-banner')
  await afterLoad(theirs).toContainText('¡Has ganado 600 monedas!')
  await expect(theirs).toContainText('Nivel Casi perfecta')
  await afterLoad(theirs.getByTestId('outcome-rank')).toHaveText('Puesto 1 de 2')
  await expect(other.getByTestId('insight-card')).toHaveCount(0)
  await expect(other.getByTestId('my-predictions')).toContainText('Ya están todos los resultados')
  await other.context().close()
  await admin.close()
})

test('a cancelled tournament says so and that the fee came back, and no longer counts as a bet', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const admin = await adminRequest(browser)
  const built = await buildBracketTournament(admin.request, {
    prefix: 'E2E Called Off',
    entryFee: 100,
    basePool: 1000,
    multiplier: 1,
  })
  await createConfirmedUser(page.request, 'refunded', 'en')
  await placeBet(page.request, built, built.champion.player1.id)
  await cancel(admin.request, built.id)
  await admin.close()

  await page.goto(`/tournament/${built.id}`)
  const refund = page.getByTestId('refund-banner')
  await afterLoad(refund).toContainText('cancelled')
  await expect(refund).toContainText('100 coins')
  await expect(refund).toContainText('refunded')
  await expect(page.getByTestId('bet-placed-banner')).toHaveCount(0)
  await expect(page.getByTestId('my-predictions')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'View prize breakdown' })).toHaveCount(0)
  await expect(page.getByTestId('tournament-cancelled')).toContainText('cancelled')
  await expect(page.getByTestId('detail-prize-pool')).toHaveCount(0)
  // It never played: its tree is the draw, not results.
  await expect(page.getByRole('heading', { level: 2, name: 'Draw' })).toBeVisible()
  await expectAccessibleAtTop(page)

  await page.goto('/tournaments')
  const card = page
    .getByTestId('tournament-card')
    .filter({ has: page.getByRole('heading', { name: built.name }) })
  await afterLoad(card).toContainText('Refunded')
  await expect(card).not.toContainText('Bet placed')
  await expect(card).toContainText('Every entry fee has been refunded')
  await expect(card.getByTestId('prize-pool')).toHaveCount(0)
  await expect(card.getByTestId('tournament-link')).toContainText('View tournament')

  const stats = (await (await page.request.get('/api/me/stats')).json()) as { betCount: number }
  expect(stats.betCount).toBe(0)
  const mine = (await (await page.request.get('/api/me/bets')).json()) as { bets: unknown[] }
  expect(mine.bets).toEqual([])
})

test.describe('the bracket on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 800 } })

  test('a cue says more rounds wait to the right, until the last round is in view', async ({
    page,
  }) => {
    await createConfirmedUser(page.request, 'scroller', 'en')
    const id = await tournamentId(page, DEMO.milano)
    await page.goto(`/tournament/${id}`)
    const section = page.getByTestId('results-section')
    const tree = section.getByTestId('bracket-tree')
    const hint = section.getByTestId('scroll-hint')
    await afterLoad(tree.getByTestId('bracket-match')).toHaveCount(15)
    await expect(hint).toBeVisible()
    await expect(hint).toContainText('More rounds')
    await expect(section.getByTestId('scroll-fade-after')).toBeVisible()
    await expect(section.getByTestId('scroll-fade-before')).toHaveCount(0)
    expect(await tree.evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain('x')
    await expectNoPageScrollX(page)

    // The keyboard scrolls the frame; at the end the cue goes, back at the start it returns.
    await tabTo(page, tree)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => tree.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await expect(section.getByTestId('scroll-fade-before')).toBeVisible()
    await page.keyboard.press('End')
    await expect(hint).toHaveCount(0)
    await expect(section.getByTestId('scroll-fade-after')).toHaveCount(0)
    await expect(section.getByTestId('scroll-fade-before')).toBeVisible()
    expect(
      await tree.evaluate((el) => Math.abs(el.scrollWidth - el.clientWidth - el.scrollLeft)),
    ).toBeLessThanOrEqual(1)
    await page.keyboard.press('Home')
    await expect(hint).toBeVisible()
    await expect.poll(() => tree.evaluate((el) => el.scrollLeft)).toBe(0)
    // Home and End stay within the frame: the page itself did not scroll.
    expect(await page.evaluate(() => window.scrollX)).toBe(0)

    // The cue itself moves the frame on when tapped.
    await hint.click()
    await expect.poll(() => tree.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await expectAccessibleAtTop(page)
  })

  test('every seed number sits whole on one line: the draw, the wizard and the pairs', async ({
    page,
  }) => {
    await createConfirmedUser(page.request, 'seeds', 'es')
    const id = await tournamentId(page, DEMO.madrid)
    await page.goto(`/tournament/${id}`)
    await page.getByTestId('start-predictions').click()
    const wizard = page.getByTestId('bracket-wizard')
    await expect(wizard.getByTestId('match-picker')).toHaveCount(8)
    // The wizard's own bracket is laid out only once it is on screen.
    await wizard.getByTestId('bracket-tree').scrollIntoViewIfNeeded()
    const seeds = page.getByTestId('pair-seed').filter({ hasText: /16/ })
    expect(await seeds.count()).toBeGreaterThanOrEqual(4)
    const broken = await seeds.evaluateAll((elements) =>
      elements.flatMap((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
        return lines.size !== 1 || element.scrollWidth > element.clientWidth
          ? [
              `"${element.textContent}" on ${lines.size} lines, ${element.scrollWidth}/${element.clientWidth} px`,
            ]
          : []
      }),
    )
    expect(broken).toEqual([])
  })

  test('the cue respects reduced motion: no smooth scrolling', async ({ page }) => {
    await createConfirmedUser(page.request, 'still', 'en')
    const id = await tournamentId(page, DEMO.milano)
    await page.goto(`/tournament/${id}`)
    const tree = page.getByTestId('results-section').getByTestId('bracket-tree')
    await afterLoad(tree.getByTestId('bracket-match')).toHaveCount(15)
    expect(await tree.evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('smooth')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await tree.evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('auto')
  })
})

test('at 1280 px the whole bracket fits and no cue shows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await createConfirmedUser(page.request, 'wide', 'en')
  const id = await tournamentId(page, DEMO.milano)
  await page.goto(`/tournament/${id}`)
  const section = page.getByTestId('results-section')
  await afterLoad(section.getByTestId('bracket-match')).toHaveCount(15)
  await expect(section.getByTestId('scroll-hint')).toHaveCount(0)
  await expect(section.getByTestId('scroll-fade-after')).toHaveCount(0)
})
