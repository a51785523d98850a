import { expect, test } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { buildBracketTournament, placeBet, setStatus } from './support/tournament-builder'
import { DEMO, tournamentId } from './support/tournaments'

// Live updates (issue #16 §3): an admin enters a result in one browser, and a fan's tournament
// page in another shows it without a reload (docs/decisions/089).

test('a result entered by an admin appears on a fan’s open tournament page', async ({
  browser,
}) => {
  test.slow()
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const built = await buildBracketTournament(admin, {
    prefix: 'Live',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })
  await setStatus(admin, built, 'active')

  const fanContext = await browser.newContext()
  await useLanguage(fanContext, 'en')
  await createConfirmedUser(fanContext.request, 'livefan', 'en')
  const page = await fanContext.newPage()
  await page.goto(`/tournament/${built.id}`)
  const mark = page.getByTestId('live-mark')
  await expect(mark).toHaveAttribute('data-state', 'live', { timeout: 20_000 })
  await expect(mark).toContainText('Auto-updating')
  const results = page.getByTestId('results-section')
  await expect(results.getByTestId('bracket-match').first()).toBeVisible()
  await expect(results.locator('[data-winner]')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  const { matches } = (await (
    await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`)
  ).json()) as {
    matches: { id: string; round: string; matchNumber: number; team1Id: string; team2Id: string }[]
  }
  const first = matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
  const saved = await admin.put(`/api/admin/matches/${first.id}`, {
    data: {
      tournamentId: built.id,
      round: first.round,
      matchNumber: first.matchNumber,
      team1Id: first.team1Id,
      team2Id: first.team2Id,
      winnerTeamId: first.team2Id,
    },
  })
  expect(saved.status()).toBe(200)

  // No reload: the winner is marked.
  await expect(results.locator('[data-winner]')).toHaveCount(1, { timeout: 5_000 })
  await adminContext.close()
  await fanContext.close()
})

const MARK = {
  en: { updating: 'Auto-updating', reconnecting: 'Reconnecting…' },
  es: { updating: 'Se actualiza sola', reconnecting: 'Reconectando…' },
} as const

for (const language of ['es', 'en'] as const) {
  test(`the auto-updating mark shows only where something can change, and a dropped stream (${language})`, async ({
    page,
    context,
  }) => {
    test.slow()
    await useLanguage(context, language)
    await createConfirmedUser(page.request, 'markfan', language)

    // Upcoming (nothing changes before play) and settled (final): no mark, and never "live".
    for (const name of [DEMO.madrid, DEMO.milano]) {
      await page.goto(`/tournament/${await tournamentId(page, name)}`)
      await expect(page.getByTestId('detail-prize-pool')).toBeVisible()
      await expect(page.getByTestId('live-mark')).toHaveCount(0)
    }

    // In play: a quiet dot with its name once the stream is open.
    const live = `/tournament/${await tournamentId(page, DEMO.buenosAires)}`
    await page.goto(live)
    const mark = page.getByRole('status').filter({ has: page.getByText(MARK[language].updating) })
    await expect(mark).toHaveAttribute('data-state', 'live', { timeout: 20_000 })
    await expect(mark).not.toContainText(language === 'es' ? 'En directo' : 'Live')

    // The stream is refused: the mark says it is reconnecting, then comes back by itself.
    await page.route('**/api/tournaments/*/live', (route) => route.abort())
    await page.goto(live)
    const reconnecting = page.getByTestId('live-mark')
    await expect(reconnecting).toHaveAttribute('data-state', 'reconnecting', { timeout: 10_000 })
    await expect(reconnecting).toHaveText(MARK[language].reconnecting)
    await expectNoSeriousA11yViolations(page)
    await page.unroute('**/api/tournaments/*/live')
    await expect(reconnecting).toHaveAttribute('data-state', 'live', { timeout: 20_000 })
  })
}

// A live result is said, not only drawn: a polite toast names the winners and the sets, the match
// is marked for a moment (not for a fan who prefers reduced motion), "Show" scrolls a phone's tree
// to it, and the standings say who moved.
const SAID = {
  en: { result: 'Result:', show: 'Show', down: 'Down 1 since the last result' },
  es: { result: 'Resultado:', show: 'Ver', down: 'Baja 1 desde el último resultado' },
} as const

for (const language of ['es', 'en'] as const) {
  test(`a live result is announced, marked and moves the standings (${language})`, async ({
    browser,
  }) => {
    test.slow()
    const adminContext = await browser.newContext()
    await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
    const admin = adminContext.request
    const built = await buildBracketTournament(admin, {
      prefix: 'Said',
      entryFee: 10,
      basePool: 500,
      multiplier: 0.5,
    })
    const detail = (await (await admin.get(`/api/tournaments/${built.id}`)).json()) as {
      pairs: {
        id: string
        player1: { id: string; shortName: string }
        player2: { shortName: string }
      }[]
    }
    const { matches } = (await (
      await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`)
    ).json()) as {
      matches: {
        id: string
        round: string
        matchNumber: number
        team1Id: string
        team2Id: string
      }[]
    }
    const first = matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
    const underdogs = detail.pairs.find((pair) => pair.id === first.team2Id)!

    // The fan backs the favourites (pair 1 of match 1 is their champion); a rival backs the
    // underdogs of match 1 all the way, and goes ahead when they win it.
    const fanContext = await browser.newContext({ viewport: { width: 360, height: 740 } })
    await useLanguage(fanContext, language)
    await createConfirmedUser(fanContext.request, 'saidfan', language)
    await placeBet(fanContext.request, built, built.champion.player1.id)
    const rivalContext = await browser.newContext()
    await createConfirmedUser(rivalContext.request, 'saidrival', language)
    const rivalPicks = built.picks.map((pick) =>
      pick.winnerTeamId === first.team1Id ? { ...pick, winnerTeamId: underdogs.id } : pick,
    )
    const rivalBet = await rivalContext.request.post(`/api/tournaments/${built.id}/bets`, {
      data: { picks: rivalPicks, mvpPlayerId: underdogs.player1.id },
    })
    expect(rivalBet.status(), await rivalBet.text()).toBe(201)
    await setStatus(admin, built, 'active')

    const page = await fanContext.newPage()
    // The fan's page opens on their picks; a link can open it on the results (decision 174).
    await page.goto(`/tournament/${built.id}?view=results`)
    await expect(page.getByTestId('live-mark')).toHaveAttribute('data-state', 'live', {
      timeout: 20_000,
    })
    const standings = await fanContext.newPage()
    await standings.goto(`/tournaments/${built.id}/standings`)
    await expect(standings.getByTestId('live-mark')).toHaveAttribute('data-state', 'live', {
      timeout: 20_000,
    })
    const myRow = standings.locator('[data-testid="standings-row"][data-me="true"]')
    await expect(myRow.getByTestId('standings-rank')).toHaveText('1')
    await expect(standings.getByTestId('standings-move')).toHaveCount(0)

    const saved = await admin.put(`/api/admin/matches/${first.id}`, {
      data: {
        tournamentId: built.id,
        round: first.round,
        matchNumber: first.matchNumber,
        team1Id: first.team1Id,
        team2Id: first.team2Id,
        winnerTeamId: first.team2Id,
        sets: [
          [3, 6],
          [4, 6],
        ],
      },
    })
    expect(saved.status(), await saved.text()).toBe(200)

    // The toast says it from the winners' side, in a polite live region.
    const winners = `${underdogs.player1.shortName} / ${underdogs.player2.shortName}`
    const toast = page.getByTestId('live-result-toast')
    const region = toast.getByRole('status')
    await expect(region).toHaveAttribute('aria-live', 'polite')
    await expect(region).toContainText(`${SAID[language].result} ${winners} 6–3 6–4`, {
      timeout: 10_000,
    })
    // The standings page says it too (its toast goes after a few seconds).
    await expect(standings.getByTestId('live-result-toast').getByRole('status')).toContainText(
      winners,
    )
    // The match is marked in the results tree, and "Show" brings it into view on the phone.
    const card = page
      .getByTestId('results-section')
      .locator('[data-testid="bracket-match"][data-slot="round16#1"]')
    await expect(card).toHaveAttribute('data-just-played', 'true')
    expect(await card.evaluate((node) => getComputedStyle(node).animationName)).toBe('just-played')
    await toast.getByRole('button', { name: SAID[language].show }).click()
    await expect(card).toBeInViewport()
    await expectNoSeriousA11yViolations(page)

    // The standings were rebuilt: the fan fell to second, and it says so.
    await expect(myRow.getByTestId('standings-rank')).toHaveText('2', { timeout: 15_000 })
    const move = myRow.getByTestId('standings-move')
    await expect(move).toHaveAttribute('data-move', 'down')
    await expect(move).toContainText('▼1')
    await expect(move).toContainText(SAID[language].down)
    await expectNoSeriousA11yViolations(standings)

    // A fan who prefers reduced motion hears the toast, and the match does not pulse.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const second = matches.find((m) => m.round === 'round16' && m.matchNumber === 2)!
    const next = await admin.put(`/api/admin/matches/${second.id}`, {
      data: {
        tournamentId: built.id,
        round: second.round,
        matchNumber: second.matchNumber,
        team1Id: second.team1Id,
        team2Id: second.team2Id,
        winnerTeamId: second.team1Id,
      },
    })
    expect(next.status()).toBe(200)
    const secondCard = page
      .getByTestId('results-section')
      .locator('[data-testid="bracket-match"][data-slot="round16#2"]')
    await expect(secondCard).toHaveAttribute('data-just-played', 'true', { timeout: 10_000 })
    expect(await secondCard.evaluate((node) => getComputedStyle(node).animationName)).toBe('none')
    await expect(region).toContainText(SAID[language].result)

    // Dismissed, the toast leaves and the mark goes with it.
    await toast.getByRole('button', { name: language === 'es' ? 'Cerrar' : 'Dismiss' }).click()
    await expect(toast).toHaveAttribute('data-open', 'false')
    await expect(secondCard).not.toHaveAttribute('data-just-played')
    for (const context of [adminContext, fanContext, rivalContext]) await context.close()
  })
}
