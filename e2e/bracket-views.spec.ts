import { expect, test, type Browser, type BrowserContext } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectAccessibleAtTop, expectNoPageScrollX, tabTo } from './support/tournaments'
import {
  buildBracketTournament,
  placeBet,
  setStatus,
  type BuiltTournament,
} from './support/tournament-builder'

// The tournament page's one bracket (docs/decisions/174): the fan's picks marked against the
// results, the results and the People's most common bracket behind one switch, its choice in the
// URL; before the deadline only the fan's own picks.

const afterLoad = expect.configure({ timeout: 20_000 })

/**
 * The page of a fan with a bracket on a tournament in play, one result in, at 360 px in English.
 * Measured with the three trees stacked (picks, results, most common): 7,888 px (8,368 in
 * Spanish); with the one switched tree: 6,203 px (6,715).
 */
const MAX_PAGE_HEIGHT_AT_360 = 6_900

interface Detail {
  matches: { id: string; round: string; matchNumber: number; team1Id: string; team2Id: string }[]
  pairs: { id: string; player1: { id: string } }[]
}

async function signedIn(browser: Browser, prefix: string, language: 'en' | 'es') {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } })
  await useLanguage(context, language)
  await createConfirmedUser(context.request, prefix, language)
  return context
}

/** A rival whose bracket turns the first match around (pair 2 wins it and all pair 1 would). */
async function placeUpsetBet(rival: BrowserContext, built: BuiltTournament) {
  const detail = (await (await rival.request.get(`/api/tournaments/${built.id}`)).json()) as Detail
  const first = detail.matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
  const picks = built.picks.map((pick) => ({
    matchId: pick.matchId,
    winnerTeamId: pick.winnerTeamId === first.team1Id ? first.team2Id : pick.winnerTeamId,
  }))
  const mvpPlayerId = detail.pairs.find((pair) => pair.id === first.team2Id)!.player1.id
  const placed = await rival.request.post(`/api/tournaments/${built.id}/bets`, {
    data: { picks, mvpPlayerId },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  return first
}

test('one bracket: my picks marked, results and the People’s, switched by keyboard and kept in the URL', async ({
  browser,
}) => {
  // Two fans, a whole tournament, three views in two languages with axe: minutes when busy.
  test.setTimeout(360_000)
  const admin = await browser.newContext()
  await signInByApi(admin, { username: 'e2e-admin', ...E2E_ADMIN })
  const built = await buildBracketTournament(admin.request, {
    prefix: 'E2E Views',
    entryFee: 50,
    basePool: 1000,
    multiplier: 1,
  })
  const fan = await signedIn(browser, 'views', 'en')
  await placeBet(fan.request, built, built.champion.player1.id)
  const rival = await signedIn(browser, 'viewsrival', 'en')
  const first = await placeUpsetBet(rival, built)
  const page = await fan.newPage()
  const section = page.getByTestId('tournament-bracket')
  const viewSwitch = section.getByTestId('bracket-view-switch')

  // Before the deadline: the fan's own picks only, whatever the link asks for.
  await page.goto(`/tournament/${built.id}?view=people`)
  await afterLoad(section).toHaveAttribute('data-view', 'picks')
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Predictions submitted')
  await expect(viewSwitch).toHaveCount(0)
  await expect(page.getByTestId('most-common-bracket')).toHaveCount(0)
  await expect(page.getByTestId('peoples-bracket')).toHaveCount(0)
  await expect(page.getByTestId('bracket-tree')).toHaveCount(1)
  // No result yet: nothing to mark, so no marks and no legend.
  await expect(section.locator('[data-mark]')).toHaveCount(0)
  await expect(section.getByTestId('mark-legend')).toHaveCount(0)

  // Betting closes; the underdogs win match 1, against the fan's pick (and their champion).
  await setStatus(admin.request, built, 'active')
  const result = await admin.request.put(`/api/admin/matches/${first.id}`, {
    data: {
      tournamentId: built.id,
      round: 'round16',
      matchNumber: 1,
      team1Id: first.team1Id,
      team2Id: first.team2Id,
      winnerTeamId: first.team2Id,
      sets: [
        [3, 6],
        [4, 6],
      ],
    },
  })
  expect(result.status(), await result.text()).toBe(200)

  await page.goto(`/tournament/${built.id}`)
  await afterLoad(page.getByTestId('peoples-bracket').getByTestId('champion-shares')).toBeVisible()
  await expect(section).toHaveAttribute('data-view', 'picks')
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('The bracket')
  const button = (name: string) => viewSwitch.getByRole('button', { name, exact: true })
  await expect(viewSwitch.getByRole('button')).toHaveText(['My picks', 'Results', "People's"])
  await expect(button('My picks')).toHaveAttribute('aria-pressed', 'true')
  // My picks carry the results: match 1 wrong, the champion's three later matches busted, the
  // eleven others still alive.
  const mine = section.getByTestId('my-predictions')
  await expect(mine.locator('[data-mark="wrong"]')).toHaveCount(1)
  await expect(mine.locator('[data-mark="busted"]')).toHaveCount(3)
  await expect(mine.locator('[data-mark="alive"]')).toHaveCount(11)
  await expect(mine.getByTestId('mark-legend')).toContainText('Still alive')
  // One tree on the page, and the page is shorter for it.
  await expect(page.getByTestId('bracket-tree')).toHaveCount(1)
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height, 'document height at 360 px').toBeLessThanOrEqual(MAX_PAGE_HEIGHT_AT_360)
  await expectNoPageScrollX(page)
  await expectAccessibleAtTop(page)

  // The keyboard: Tab to a segment, Enter or Space to choose it; the URL keeps the choice.
  await tabTo(page, button('Results'))
  await page.keyboard.press('Enter')
  await expect(button('Results')).toHaveAttribute('aria-pressed', 'true')
  await expect(button('My picks')).toHaveAttribute('aria-pressed', 'false')
  await expect(page).toHaveURL(/[?&]view=results/)
  await expect(button('Results')).toBeFocused()
  const results = section.getByTestId('results-section')
  await expect(results.locator('[data-winner]')).toHaveCount(1)
  await expect(results.locator('[data-picked]')).toHaveCount(0)
  await expect(page.getByTestId('my-predictions')).toHaveCount(0)

  await page.keyboard.press('Tab')
  await expect(button("People's")).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/[?&]view=people/)
  const mostCommon = section.getByTestId('most-common-bracket')
  await expect(mostCommon).toContainText('1 bracket is exactly this one')
  await expect(mostCommon.locator('[data-picked]')).toHaveCount(15)
  await expect(page.getByTestId('bracket-tree')).toHaveCount(1)
  await expectAccessibleAtTop(page)

  // A link keeps the view: another fan without a bracket opens it on the People's.
  await page.reload()
  await afterLoad(section).toHaveAttribute('data-view', 'people')
  await expect(button("People's")).toHaveAttribute('aria-pressed', 'true')
  const url = page.url()
  const other = await signedIn(browser, 'viewslink', 'es')
  const theirs = await other.newPage()
  await theirs.goto(url)
  const theirSection = theirs.getByTestId('tournament-bracket')
  await afterLoad(theirSection).toHaveAttribute('data-view', 'people')
  // No bracket of their own: the switch offers the results and the People's, in Spanish.
  await expect(theirSection.getByTestId('bracket-view-switch').getByRole('button')).toHaveText([
    'Resultados',
    'Del público',
  ])
  await expect(theirSection.getByRole('heading', { level: 2 })).toHaveText('El cuadro')
  await expect(theirSection.getByTestId('most-common-bracket')).toContainText(
    '1 cuadro es exactamente este',
  )
  await expectAccessibleAtTop(theirs)

  // The fan's own picks in Spanish, with the marks' legend in Spanish.
  await page.evaluate(() => window.localStorage.setItem('language', 'es'))
  await page.goto(`/tournament/${built.id}?view=picks`)
  await afterLoad(viewSwitch.getByRole('button', { name: 'Mi cuadro' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(section.getByTestId('mark-legend')).toContainText('Sigue viva')
  await expectAccessibleAtTop(page)

  await Promise.all([admin.close(), fan.close(), rival.close(), other.close()])
})
