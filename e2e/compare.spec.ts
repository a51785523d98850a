import { expect, request as playwrightRequest, test } from './support/test'
import {
  E2E_ADMIN,
  createConfirmedUser,
  signInByApi,
  useLanguage,
  type TestUser,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import {
  buildBracketTournament,
  placeBet,
  setStatus,
  type BuiltTournament,
} from './support/tournament-builder'
import { expectNoPageScrollX } from './support/tournaments'

// Compare (docs/product.md "Fans' brackets and the People's Bracket"): both champions side by side and the list of differences (match,
// my pick, their pick, result) before the trees; the "differs" ring at 3:1 or more (WCAG 1.4.11).
// The fan picks "pair 1 always wins"; the rival turns the first match around and carries its
// winner to the title: four picks differ. Round-of-16 match 1 is then won by pair 1.

let built: BuiltTournament
let fan: TestUser
let rival: TestUser

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  built = await buildBracketTournament(admin, {
    prefix: 'Compare',
    entryFee: 20,
    basePool: 500,
    multiplier: 1,
  })
  const fanRequest = await playwrightRequest.newContext({ baseURL })
  fan = await createConfirmedUser(fanRequest, 'cmpfan')
  await placeBet(fanRequest, built, built.champion.player1.id)
  const rivalRequest = await playwrightRequest.newContext({ baseURL })
  rival = await createConfirmedUser(rivalRequest, 'cmprival')
  const { matches } = (await (
    await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`)
  ).json()) as {
    matches: { id: string; round: string; matchNumber: number; team1Id: string; team2Id: string }[]
  }
  const first = matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
  const detail = (await (await rivalRequest.get(`/api/tournaments/${built.id}`)).json()) as {
    pairs: { id: string; player1: { id: string } }[]
  }
  const upset = built.picks.map((pick) => ({
    matchId: pick.matchId,
    winnerTeamId: pick.winnerTeamId === first.team1Id ? first.team2Id : pick.winnerTeamId,
  }))
  const mvp = detail.pairs.find((pair) => pair.id === first.team2Id)!.player1.id
  const placed = await rivalRequest.post(`/api/tournaments/${built.id}/bets`, {
    data: { picks: upset, mvpPlayerId: mvp },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  await setStatus(admin, built, 'active')
  const saved = await admin.put(`/api/admin/matches/${first.id}`, {
    data: {
      tournamentId: built.id,
      round: 'round16',
      matchNumber: 1,
      team1Id: first.team1Id,
      team2Id: first.team2Id,
      winnerTeamId: first.team1Id,
    },
  })
  expect(saved.status()).toBe(200)
  await Promise.all([fanRequest.dispose(), rivalRequest.dispose(), adminContext.close()])
})

const TEXT = {
  en: {
    differ: '4 picks differ',
    rounds: [
      'Round of 16 · match 1',
      'Quarterfinals · match 1',
      'Semifinals · match 1',
      'Final · match 1',
    ],
    won: 'Won by',
    notPlayed: 'Not played yet',
    right: 'Correct',
    wrong: 'Wrong',
  },
  es: {
    differ: '4 elecciones son distintas',
    rounds: [
      'Octavos de final · partido 1',
      'Cuartos de final · partido 1',
      'Semifinales · partido 1',
      'Final · partido 1',
    ],
    won: 'Ganó',
    notPlayed: 'Por jugar',
    right: 'Acierto',
    wrong: 'Fallo',
  },
} as const

for (const language of ['es', 'en'] as const) {
  for (const width of [360, 1280]) {
    test(`compare lists the differences above the trees at ${width} px (${language})`, async ({
      page,
      context,
    }) => {
      const t = TEXT[language]
      await useLanguage(context, language)
      await signInByApi(context, fan)
      await page.setViewportSize({ width, height: width < 500 ? 740 : 900 })
      await page.goto(`/tournaments/${built.id}/compare/${rival.username}`)

      // Both champions on the first screen, side by side.
      const champions = page.getByTestId('compare-champions')
      await expect(champions).toBeVisible({ timeout: 20_000 })
      const sides = champions.locator('[data-side]')
      const [mine, theirs] = [await sides.nth(0).boundingBox(), await sides.nth(1).boundingBox()]
      expect(mine!.y + mine!.height).toBeLessThanOrEqual(page.viewportSize()!.height)
      expect(Math.abs(mine!.y - theirs!.y)).toBeLessThanOrEqual(1)
      expect(theirs!.x).toBeGreaterThan(mine!.x)

      // The differences as a list, in the order of the draw, each with both picks and the result.
      await expect(page.getByTestId('compare-differences')).toHaveText(t.differ)
      const rows = page.getByTestId('compare-difference')
      await expect(rows).toHaveCount(4)
      for (const [index, round] of t.rounds.entries())
        await expect(rows.nth(index)).toContainText(round)
      await expect(rows.first().getByTestId('compare-result')).toContainText(t.won)
      await expect(
        rows.first().getByTestId('compare-my-pick').getByRole('img'),
      ).toHaveAccessibleName(t.right)
      await expect(
        rows.first().getByTestId('compare-their-pick').getByRole('img'),
      ).toHaveAccessibleName(t.wrong)
      await expect(rows.nth(1).getByTestId('compare-result')).toHaveText(t.notPlayed)
      // The list comes before the trees.
      const list = await page.getByTestId('compare-difference-list').boundingBox()
      const tree = await page.getByTestId('compare-mine').boundingBox()
      expect(list!.y).toBeLessThan(tree!.y)

      // The "differs" ring stands out at 3:1 or more from the page and the card.
      const ratios = await page
        .getByTestId('compare-mine')
        .locator('[data-different]')
        .first()
        .evaluate((card) => {
          const rgb = (text: string) =>
            [...text.matchAll(/rgba?\(([^)]+)\)/g)].map((m) =>
              m[1]!.split(',').map((v) => Number(v.trim())),
            )
          const lum = ([r, g, b]: number[]) => {
            const c = [r!, g!, b!]
              .map((v) => v / 255)
              .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!
          }
          const ratio = (a: number[], b: number[]) => {
            const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
            return (hi! + 0.05) / (lo! + 0.05)
          }
          const page = rgb(getComputedStyle(document.body).backgroundColor)[0]!
          const surface = rgb(getComputedStyle(card).backgroundColor)[0]!
          // The offset ring has the page's colour; the mark is the other one.
          const ring = rgb(getComputedStyle(card).boxShadow).find((c) => ratio(c, page) > 1.01)!
          return [ratio(ring, page), ratio(ring, surface)]
        })
      for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(3)

      await expectNoPageScrollX(page)
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoSeriousA11yViolations(page)
    })
  }
}
