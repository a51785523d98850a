import { expect, test, type Page } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi } from './support/accounts'
import { DEMO, tournamentId } from './support/tournaments'

// No page scrolls sideways on a phone or a small laptop: every route of the app, as the caller
// it is made for, at 360 and 1024 px. A wide part (a bracket tree, a table) scrolls inside its
// own frame; the page itself never does.

const WIDTHS = [360, 1024]

/** Waits for the page to settle (no spinner, fonts in), then measures its sideways overflow. */
async function overflowOf(page: Page, path: string): Promise<number> {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  return page.evaluate(async () => {
    await document.fonts.ready
    return document.documentElement.scrollWidth - document.documentElement.clientWidth
  })
}

async function expectNoSidewaysScroll(page: Page, paths: string[], who: string): Promise<void> {
  const overflowing: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    for (const path of paths) {
      const overflow = await overflowOf(page, path)
      if (overflow > 0) overflowing.push(`${path} at ${width} px: ${overflow} px`)
    }
  }
  expect(overflowing, `pages that scroll sideways for ${who}`).toEqual([])
}

test('no page scrolls sideways for a visitor', async ({ page }) => {
  test.setTimeout(120_000)
  await expectNoSidewaysScroll(
    page,
    [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/email-sent',
      '/about',
      '/unsubscribe',
      '/no-such-page',
    ],
    'a visitor',
  )
})

test('no page scrolls sideways for a fan', async ({ page }) => {
  test.setTimeout(240_000)
  // Confirming the address signs the page's context in.
  const fan = await createConfirmedUser(page.request, 'walker', 'en')
  const settled = await tournamentId(page, DEMO.milano)
  const open = await tournamentId(page, DEMO.madrid)
  const standings = (await (
    await page.request.get(`/api/tournaments/${settled}/standings`)
  ).json()) as { rows: { username: string }[] }
  const other = standings.rows[0]?.username
  expect(other, 'a fan on the settled demo tournament').toBeTruthy()
  const league = await page.request.post('/api/leagues', {
    data: { name: `Walkers ${fan.username.slice(-6)}` },
  })
  expect(league.status(), await league.text()).toBe(201)
  const { id: leagueId } = (await league.json()) as { id: string }

  await expectNoSidewaysScroll(
    page,
    [
      '/dashboard',
      '/tournaments',
      '/tournaments/next',
      `/tournament/${open}`,
      `/tournament/${settled}`,
      `/tournaments/${settled}/standings`,
      `/tournaments/${settled}/brackets/${other}`,
      `/tournaments/${settled}/compare/${other}`,
      '/my-brackets',
      '/leaderboard',
      '/leagues',
      `/leagues/${leagueId}`,
      '/notifications',
      '/profile',
    ],
    'a fan',
  )
})

test('no page scrolls sideways for the admin', async ({ page }) => {
  test.setTimeout(180_000)
  await signInByApi(page, { username: 'e2e-admin', ...E2E_ADMIN })
  const settled = await tournamentId(page, DEMO.milano)
  await expectNoSidewaysScroll(
    page,
    [
      '/admin',
      '/admin/tournaments',
      `/admin/tournaments/${settled}/results`,
      '/admin/teams',
      '/admin/matches',
      '/admin/players',
      '/admin/users',
      '/admin/wallets',
      '/admin/audit',
      '/admin/mail-outbox',
      '/admin/settings',
    ],
    'the admin',
  )
})
