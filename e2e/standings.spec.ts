import { expect, test } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'
import { buildBracketTournament, setStatus } from './support/tournament-builder'

// Standings (issue #16, docs/product.md "Standings"): before betting closes a fan sees only the
// number of entries; then their rank, pinned; an admin enters a result through the API and the
// standings move without a reload. The dashboard and /my-brackets show the live rank.

test('a fan sees their rank, and a result moves the standings without reload', async ({
  browser,
}) => {
  test.slow()
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const built = await buildBracketTournament(admin, {
    prefix: 'Standings',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })

  const fanContext = await browser.newContext()
  await useLanguage(fanContext, 'en')
  await createConfirmedUser(fanContext.request, 'rankfan', 'en')
  await placeFavouritesBet(fanContext.request, built.id)
  const page = await fanContext.newPage()

  // Betting open: the count only.
  await page.goto(`/tournaments/${built.id}/standings`)
  await expect(page.getByTestId('standings-closed')).toContainText('1 entry so far')
  await expect(page.getByTestId('standings-row')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // Play starts: the ranks open.
  await setStatus(admin, built, 'active')
  await page.reload()
  const me = page.getByTestId('standings-me')
  await expect(me).toContainText('Rank 1 of 1', { timeout: 15_000 })
  await expect(me).toContainText('0 correct, up to 16 still possible')
  await expect(page.locator('[data-testid="standings-row"][data-me="true"]')).toHaveCount(1)
  await expect(page.getByTestId('live-mark')).toHaveAttribute('data-state', 'live', {
    timeout: 20_000,
  })
  await expectNoSeriousA11yViolations(page)

  // The admin enters the first result, pair 1 winning as the fan picked.
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
      winnerTeamId: first.team1Id,
    },
  })
  expect(saved.status()).toBe(200)
  // No reload: the fan's row moves.
  await expect(me).toContainText('1 correct, up to 16 still possible', { timeout: 10_000 })

  // On a phone the ranking keeps one line per fan, keyboard reachable.
  await page.setViewportSize({ width: 360, height: 740 })
  const row = await page.getByTestId('standings-row').first().boundingBox()
  expect(row!.height).toBeLessThanOrEqual(56)
  await page.getByTestId('standings-list').getByRole('link').first().focus()
  await expect(page.getByTestId('standings-list').getByRole('link').first()).toBeFocused()

  // The dashboard lists the bracket with its live rank, and leads to /my-brackets.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/dashboard')
  await expect(page.getByTestId('my-bracket-rank').first()).toContainText('Rank 1 of 1')
  await page.getByTestId('my-brackets-page-link').click()
  await expect(page).toHaveURL(/\/my-brackets$/)
  await expect(page.getByTestId('my-brackets-item')).toContainText('Rank 1 of 1')
  await expectNoSeriousA11yViolations(page)

  await adminContext.close()
  await fanContext.close()
})

test('in Spanish, a fan without brackets sees the empty state', async ({ browser }) => {
  const context = await browser.newContext()
  await useLanguage(context, 'es')
  await createConfirmedUser(context.request, 'nobracket', 'es')
  const page = await context.newPage()
  await page.goto('/my-brackets')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis cuadros')
  await expect(page.getByTestId('my-brackets-empty')).toContainText('Aún no tienes cuadros')
  await expectNoSeriousA11yViolations(page)
  await context.close()
})
