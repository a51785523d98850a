import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import {
  buildBracketTournament,
  placeBet,
  playOutAndComplete,
  settle,
  type BuiltTournament,
} from './support/tournament-builder'
import { expectNoPageScrollX } from './support/tournaments'

// Seasons on the web (docs/product.md "Seasons" and §18, "League pots"): the admin makes a season in
// the admin area and puts two tournaments in it; two fans in a league play both; the owner starts
// a pot and the member joins it; once both are settled the season page, my season, the dashboard
// card, the leaderboard's season tab and the league's table and pot show them, on a phone and a
// desktop, in English and Spanish.

// Season standings are rebuilt a few seconds after a settlement (docs/product.md "Seasons").
const expect = baseExpect.configure({ timeout: 20_000 })
const SHOTS = 'test-results/season-shots'

const PHONE = { width: 360, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

async function newFan(browser: { newContext: () => Promise<BrowserContext> }, prefix: string) {
  const context = await browser.newContext()
  await useLanguage(context, 'en')
  const user = await createConfirmedUser(context.request, prefix, 'en')
  return { context, user, page: await context.newPage() }
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size)
    await expectNoPageScrollX(page)
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true })
  }
}

async function waitForSeasonRanks(request: APIRequestContext, seasonId: string, counted: number) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/seasons/${seasonId}/standings`)
        const body = (await response.json()) as { counted?: number }
        return body.counted ?? -1
      },
      { timeout: 30_000 },
    )
    .toBe(counted)
}

/** The UTC day `days` from today, as the date fields take it. */
function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

async function betAndSettle(admin: APIRequestContext, built: BuiltTournament) {
  await playOutAndComplete(admin, built, built.champion.player1)
  await settle(admin, built.id)
}

test('a season from the admin area to the fans: table, my season, card, leaderboard, league and pot', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const adminContext = await browser.newContext()
  await useLanguage(adminContext, 'en')
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const first = await buildBracketTournament(admin, {
    prefix: 'Season opener',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })
  const second = await buildBracketTournament(admin, {
    prefix: 'Season finale',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })

  // The admin creates the season and puts both tournaments in it, on a phone.
  const adminPage = await adminContext.newPage()
  await adminPage.setViewportSize(PHONE)
  await adminPage.goto('/admin/seasons')
  const seasonName = `Premier ${Date.now().toString(36)}`
  const form = adminPage.getByTestId('create-season')
  await form.getByLabel('Name').fill(seasonName)
  // Starting today, after the demo world's season began: the current season for every page.
  await form.getByLabel('First day').fill(isoDay(0))
  await form.getByLabel('Last day').fill(isoDay(365))
  await form.getByRole('button', { name: 'Create the season' }).click()
  const card = adminPage.locator(`[data-testid="admin-season"][data-season-name="${seasonName}"]`)
  await expect(card).toBeVisible()
  for (const built of [first, second]) {
    await card.getByLabel('Add a tournament').selectOption({ label: built.name })
    await card.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(
      card.getByTestId('admin-season-tournament').filter({ hasText: built.name }),
    ).toBeVisible()
  }
  await expectNoSeriousA11yViolations(adminPage)
  await shoot(adminPage, 'admin-seasons-en')
  const { seasons } = (await (await admin.get('/api/admin/seasons')).json()) as {
    seasons: { id: string; name: string }[]
  }
  const seasonId = seasons.find((season) => season.name === seasonName)!.id

  // Two fans in a league; both make a bracket of each tournament.
  const owner = await newFan(browser, 'snowner')
  const member = await newFan(browser, 'snmember')
  const created = await owner.context.request.post('/api/leagues', {
    data: { name: `Season pals ${Date.now().toString(36)}` },
  })
  expect(created.status()).toBe(201)
  const { id: leagueId } = (await created.json()) as { id: string }
  const { inviteCode } = (await (
    await owner.context.request.get(`/api/leagues/${leagueId}`)
  ).json()) as {
    inviteCode: string
  }
  expect(
    (
      await member.context.request.post('/api/leagues/join', { data: { code: inviteCode } })
    ).status(),
  ).toBe(200)
  for (const built of [first, second]) {
    await placeBet(owner.context.request, built, built.champion.player1.id)
    await placeBet(member.context.request, built, built.champion.player1.id)
  }

  // The owner starts a pot on the open tournament; the member joins it after a confirmation.
  const potOf = (page: Page) =>
    page
      .locator(`[data-testid="league-tournament"][data-tournament-id="${second.id}"]`)
      .getByTestId('league-pot')
  await owner.page.setViewportSize(PHONE)
  await owner.page.goto(`/leagues/${leagueId}`)
  await potOf(owner.page).getByLabel('Stake (coins)').fill('5000')
  await potOf(owner.page).getByRole('button', { name: 'Start a pot' }).click()
  await expect(potOf(owner.page).getByTestId('pot-stake-status')).toContainText('from 1 to 1,000')
  await potOf(owner.page).getByLabel('Stake (coins)').fill('40')
  await potOf(owner.page).getByRole('button', { name: 'Start a pot' }).click()
  await expect(potOf(owner.page).getByTestId('pot-stake')).toContainText('40 coins a member')

  await member.page.setViewportSize(PHONE)
  await member.page.goto(`/leagues/${leagueId}`)
  const balance = (
    (await (await member.context.request.get('/api/me')).json()) as { balance: number }
  ).balance
  await potOf(member.page).getByTestId('pot-join').click()
  const dialog = member.page.getByTestId('pot-join-dialog')
  await expect(dialog.getByTestId('pot-balance-after')).toContainText(
    `${new Intl.NumberFormat('en').format(balance - 40)} coins`,
  )
  await expectNoSeriousA11yViolations(member.page)
  await dialog.getByTestId('confirm-button').click()
  await expect(potOf(member.page).getByTestId('pot-joined')).toBeVisible()
  await expect(potOf(member.page).getByTestId('pot-entry')).toHaveCount(1)
  // With a member in, the stake is fixed: the owner's form is gone.
  await owner.page.reload()
  await expect(potOf(owner.page).getByTestId('pot-entry')).toHaveCount(1)
  await expect(potOf(owner.page).getByLabel('Stake (coins)')).toHaveCount(0)
  await potOf(owner.page).getByTestId('pot-join').click()
  await owner.page.getByTestId('pot-join-dialog').getByTestId('confirm-button').click()
  await expect(potOf(owner.page).getByTestId('pot-entry')).toHaveCount(2)

  // Both tournaments are played and settled; the season counts them.
  await betAndSettle(admin, first)
  await betAndSettle(admin, second)
  await waitForSeasonRanks(owner.context.request, seasonId, 2)

  // A settled tournament stays in its season: the admin sees the translated reason.
  await adminPage.reload()
  await card.getByRole('button', { name: `Remove ${first.name} from the season` }).click()
  await expect(card.getByTestId('admin-season-error')).toContainText('stays in its season')

  // The season page: the member's row pinned, the table, the points rule.
  const page = member.page
  await page.goto(`/seasons/${seasonId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seasonName)
  await expect(page.getByTestId('season-progress')).toHaveText('2 of 2 tournaments counted')
  await expect(page.getByTestId('season-my-row')).toContainText(/of [\d,]+/)
  await expect(
    page.locator(`[data-testid="season-row"][data-username="${member.user.username}"]`),
  ).toBeVisible()
  await expect(page.getByTestId('season-bonus')).toContainText('+10')
  await expectNoSeriousA11yViolations(page)
  await shoot(page, 'season-en')

  // My season: figures, the rank line and each tournament.
  await page.getByRole('link', { name: 'My season' }).click()
  await expect(page).toHaveURL(new RegExp(`/seasons/${seasonId}/me$`))
  await expect(
    page.getByTestId('my-season-figures').locator('[data-figure="played"] dd'),
  ).toHaveText('2 of 2')
  await expect(page.getByTestId('season-rank-chart')).toBeVisible()
  await expect(page.getByTestId('my-season-tournament')).toHaveCount(2)
  await expectNoSeriousA11yViolations(page)
  await shoot(page, 'my-season-en')

  // Share my season: the copied link's page names the card's image in its Open Graph tags.
  await member.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL!,
  })
  const share = page.getByTestId('my-season-share')
  await share.getByRole('button', { name: 'Share my season' }).click()
  await expect(share.getByTestId('share-status')).toHaveText('Link copied')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(new RegExp(`^${baseURL}/season-share/[\\w-]+\\?lang=en$`))
  const html = await (await page.request.get(link)).text()
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? ''
  expect(image).toMatch(/\/api\/season-share\/[\w-]+\/image\.png\?lang=en$/)
  const png = await page.request.get(new URL(image).pathname + new URL(image).search)
  expect(png.headers()['content-type']).toBe('image/png')

  // The dashboard card and the leaderboard's season tab, shown first.
  await page.goto('/dashboard')
  await expect(page.getByTestId('season-card')).toContainText(/of [\d,]+ after 2 of 2 tournaments/)
  await page.goto('/leaderboard')
  await expect(
    page.getByTestId('leaderboard-tabs').getByRole('button', { name: 'Season' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('leaderboard-season')).toBeVisible()
  await page.getByTestId('leaderboard-tabs').getByRole('button', { name: 'All-time coins' }).click()
  await expect(page.getByTestId('leaderboard-season')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // The league: its season table has the two members only, and the pot its result and rule.
  await page.goto(`/leagues/${leagueId}`)
  const leagueTable = page.getByTestId('league-season')
  await expect(leagueTable.getByTestId('season-row')).toHaveCount(2)
  await expect(potOf(page).getByTestId('pot-result')).toContainText('Won by')
  await expect(potOf(page).getByTestId('pot-split-rule')).toContainText('earliest entry')
  await expectNoSeriousA11yViolations(page)
  await shoot(page, 'league-en')
  // On a phone the table's last column ends inside its frame (one line per fan, nothing cut).
  await page.setViewportSize(PHONE)
  const frame = (await leagueTable.getByTestId('season-table').boundingBox())!
  const section = (await leagueTable.boundingBox())!
  expect(frame.x + frame.width).toBeLessThanOrEqual(section.x + section.width + 0.5)
  await potOf(page).screenshot({ path: `${SHOTS}/league-pot-en-360.png` })
  await leagueTable.screenshot({ path: `${SHOTS}/league-season-en-360.png` })

  // The same pages in Spanish.
  await page.evaluate(() => window.localStorage.setItem('language', 'es'))
  for (const [path, name] of [
    [`/seasons/${seasonId}`, 'season-es'],
    [`/seasons/${seasonId}/me`, 'my-season-es'],
    [`/leagues/${leagueId}`, 'league-es'],
    ['/dashboard', 'dashboard-es'],
  ] as const) {
    await page.setViewportSize(PHONE)
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(
      page
        .getByTestId(
          name === 'dashboard-es'
            ? 'season-card'
            : name === 'league-es'
              ? 'league-pot'
              : name === 'season-es'
                ? 'season-table'
                : 'season-rank-chart',
        )
        .first(),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await shoot(page, name)
  }
  await expect(page.getByTestId('season-card')).toContainText(/\.º de [\d.]+ tras 2 de 2 torneos/)
})

test('season screens say when something is missing or fails', async ({ browser }) => {
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  // A past season: never the current one, so other journeys' defaults stay as they are.
  const made = await adminContext.request.post('/api/admin/seasons', {
    data: { name: `Past ${Date.now().toString(36)}`, startsOn: '2025-01-01', endsOn: '2025-12-31' },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { id: seasonId } = (await made.json()) as { id: string }

  const fan = await newFan(browser, 'snempty')
  const page = fan.page
  await page.setViewportSize(PHONE)
  await page.goto('/seasons/00000000-0000-4000-8000-000000000000')
  await expect(page.getByTestId('season-page-error')).toContainText('This season does not exist.')
  // No tournament counted: an empty table and an empty "my season".
  await page.goto(`/seasons/${seasonId}`)
  await expect(page.getByTestId('season-empty')).toContainText('No points yet')
  await expectNoSeriousA11yViolations(page)
  await page.goto(`/seasons/${seasonId}/me`)
  await expect(page.getByTestId('my-season-empty')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  // A failing table says so and offers another try.
  await page.route('**/api/seasons/*/standings*', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  )
  await page.goto(`/seasons/${seasonId}`)
  await expect(page.getByTestId('season-error')).toContainText('could not be loaded')
  await expect(page.getByTestId('season-error').getByRole('button')).toBeVisible()
})
