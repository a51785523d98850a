import { expect, test, type APIRequestContext } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import {
  buildBracketTournament,
  placeBet,
  setStatus,
  type BuiltTournament,
} from './support/tournament-builder'

// The insight for one's own bracket (issue #16 §4, docs/product.md "Insight for my bracket"): a fan with a bracket
// sees correct so far, what is still possible, the prize within reach and the chance of each
// tier, on a phone, in both languages, and it follows the results live.

type Round = 'round16' | 'quarterfinal' | 'semifinal' | 'final'

/** Enters the results of `rounds` as the fan's bracket predicted them (pair 1 wins). */
async function enterResults(
  admin: APIRequestContext,
  built: BuiltTournament,
  rounds: readonly Round[],
) {
  const winners = new Map(built.picks.map((pick) => [pick.matchId, pick.winnerTeamId]))
  for (const round of rounds) {
    const response = await admin.get(
      `/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`,
    )
    const { matches } = (await response.json()) as {
      matches: {
        id: string
        round: string
        matchNumber: number
        team1Id: string
        team2Id: string
      }[]
    }
    for (const match of matches.filter((m) => m.round === round)) {
      const saved = await admin.put(`/api/admin/matches/${match.id}`, {
        data: {
          tournamentId: built.id,
          round,
          matchNumber: match.matchNumber,
          team1Id: match.team1Id,
          team2Id: match.team2Id,
          winnerTeamId: winners.get(match.id),
        },
      })
      expect(saved.status(), await saved.text()).toBe(200)
    }
  }
}

test.use({ viewport: { width: 360, height: 740 } })

test('a fan follows their bracket’s outlook live, on a phone, in both languages', async ({
  browser,
}) => {
  test.slow()
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const built = await buildBracketTournament(admin, {
    prefix: 'Insight',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })

  const fanContext = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await useLanguage(fanContext, 'en')
  await createConfirmedUser(fanContext.request, 'insightfan', 'en')
  await placeBet(fanContext.request, built, built.champion.player1.id)
  // Everything but the final is played as the fan predicted.
  await setStatus(admin, built, 'active')
  await enterResults(admin, built, ['round16', 'quarterfinal', 'semifinal'])

  const page = await fanContext.newPage()
  await page.goto(`/tournament/${built.id}`)
  const card = page.getByTestId('insight-card')
  await expect(card.getByRole('heading', { name: "Your bracket's outlook" })).toBeVisible()
  await expect(card.getByTestId('insight-correct')).toHaveText('14 of 16')
  await expect(card.getByTestId('insight-max_possible')).toHaveText('16 of 16')
  await expect(card.getByTestId('insight-best_tier')).toHaveText('Perfect prediction')
  // The perfect tier pays the whole pool: 1,000 + floor(50 × 1 × 0.5).
  await expect(card.getByTestId('insight-max_coins')).toHaveText('up to 1,025 coins')
  await expect(card).toContainText('before any scale-down')
  await expect(card.getByTestId('insight-model')).toContainText(
    "in proportion to the other pair's ranking",
  )
  // The chart reads as a list: one item per tier and "no tier", each with its value as text.
  const chances = card.getByRole('list')
  await expect(chances.getByRole('listitem')).toHaveCount(6)
  await expect(chances.getByRole('listitem').first()).toContainText('Perfect prediction')
  await expect(chances.locator('[data-tier="tier_60"]')).toContainText('0%')
  await expect(page.getByTestId('live-mark')).toHaveAttribute('data-state', 'live', {
    timeout: 20_000,
  })
  await expectNoSeriousA11yViolations(page)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'the page scrolls sideways by').toBeLessThanOrEqual(0)

  // The final is played as predicted: without a reload, 15 right and the MVP (one of the two
  // champions, each as likely) decides between perfect and near perfect.
  await enterResults(admin, built, ['final'])
  await expect(card.getByTestId('insight-correct')).toHaveText('15 of 16', { timeout: 5_000 })
  await expect(chances.locator('[data-tier="tier_100"]')).toContainText('50%')
  await expect(chances.locator('[data-tier="tier_90"]')).toContainText('50%')

  // In Spanish.
  await page.evaluate(() => window.localStorage.setItem('language', 'es'))
  await page.reload()
  await expect(card.getByRole('heading', { name: 'Cómo va tu cuadro' })).toBeVisible()
  await expect(card.getByTestId('insight-correct')).toHaveText('15 de 16')
  await expect(card.getByTestId('insight-model')).toContainText('en proporción al ranking')
  await expectNoSeriousA11yViolations(page)

  await adminContext.close()
  await fanContext.close()
})

test('a fan without a bracket sees no insight', async ({ browser }) => {
  const context = await browser.newContext()
  await useLanguage(context, 'en')
  await createConfirmedUser(context.request, 'noinsight', 'en')
  const page = await context.newPage()
  const { tournaments } = (await (await context.request.get('/api/tournaments')).json()) as {
    tournaments: { id: string; name: string }[]
  }
  const live = tournaments.find((t) => t.name === 'Buenos Aires Masters')!
  await page.goto(`/tournament/${live.id}`)
  await expect(page.getByTestId('results-section')).toBeVisible()
  await expect(page.getByTestId('insight-card')).toHaveCount(0)
  await context.close()
})
