import { expect, test } from '@playwright/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { buildBracketTournament, setStatus } from './support/tournament-builder'

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
  await expect(mark).toContainText('Live')
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
