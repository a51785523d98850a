import { expect, test } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { buildBracketTournament, setStatus } from './support/tournament-builder'
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
