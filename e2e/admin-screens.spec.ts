import { expect as baseExpect, test, type APIRequestContext, type Page } from './support/test'
import { randomUUID } from 'node:crypto'
import { createConfirmedUser, E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectNoPageScrollX } from './support/tournaments'

// The admin screens at 1280 and 360 px: lists that never hide their actions, results entered on
// the bracket, the work queue, the MVP picker, users, time zones, and the way into the admin area.

// The server shares two cores with the rest of the suite: pages may take more than 5 s to load.
const expect = baseExpect.configure({ timeout: 15_000 })

const admin = { username: 'e2e-admin', ...E2E_ADMIN }

test.describe.configure({ timeout: 90_000 })
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`
const DAY = 24 * 60 * 60 * 1000

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) {
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as T
}

/** A tournament made through the admin API; betting closed a day ago unless `open`. */
async function createTournament(
  request: APIRequestContext,
  name: string,
  { status = 'active', open = false }: { status?: string; open?: boolean } = {},
) {
  const start = Date.now() + (open ? 10 * DAY : -DAY / 2)
  return json<{ id: string }>(
    await request.post('/api/admin/tournaments', {
      data: {
        name,
        status,
        bettingDeadline: new Date(start - DAY / 2).toISOString(),
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3 * DAY).toISOString(),
        basePool: 1000,
        entryFee: 50,
        multiplier: 0.7,
      },
    }),
    201,
  )
}

/** 16 new pairs and the generated bracket. */
async function withBracket(request: APIRequestContext, tournamentId: string) {
  const run = randomUUID().slice(0, 6)
  const players: string[] = []
  for (let i = 1; i <= 32; i += 1) {
    const player = await json<{ id: string }>(
      await request.post('/api/admin/players', {
        data: { name: `Screens Player ${i} ${run}`, country: 'Spain', ranking: 200 + i },
      }),
      201,
    )
    players.push(player.id)
  }
  for (let i = 0; i < 16; i += 1) {
    await json(
      await request.post('/api/admin/teams', {
        data: { tournamentId, player1Id: players[2 * i], player2Id: players[2 * i + 1] },
      }),
      201,
    )
  }
  await json(await request.post(`/api/admin/tournaments/${tournamentId}/bracket`), 201)
}

const match = (page: Page, round: string, number: number) =>
  page.getByRole('group', { name: `${round} · Match ${number}`, exact: true })

test.beforeEach(async ({ context, page }) => {
  await useLanguage(context, 'en')
  await signInAdmin(page)
})

async function signInAdmin(page: Page) {
  await signInByApi(page, admin)
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the tournaments list shows Settle and Cancel without a sideways scroll', async ({
    page,
  }) => {
    await page.goto('/admin/tournaments')
    const list = page.getByTestId('tournaments-table')
    await expect(list).toHaveAttribute('data-layout', 'table')
    const actions = page.getByRole('button', { name: /^(Cancel|Settle) / })
    await expect(actions.first()).toBeVisible()
    const overflow = await page
      .getByRole('region', { name: 'Tournaments' })
      .evaluate((region) => region.scrollWidth - region.clientWidth)
    expect(overflow, 'the table scrolls sideways by').toBeLessThanOrEqual(0)
    for (const button of await actions.all()) {
      const box = await button.boundingBox()
      expect(box, 'an action button has a box').not.toBeNull()
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280)
    }
    await expectNoPageScrollX(page)
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('every admin list is a stack of compact rows that never scrolls sideways', async ({
    page,
  }) => {
    // An admin write, so that the audit log has a row to show.
    await json(
      await page.request.post('/api/admin/players', {
        data: { name: unique('Phone Player'), country: 'Spain', ranking: 0 },
      }),
      201,
    )
    const { tournaments } = await json<{ tournaments: { id: string }[] }>(
      await page.request.get('/api/admin/tournaments'),
      200,
    )
    const lists: [path: string, testId: string][] = [
      ['/admin/tournaments', 'tournaments-table'],
      [`/admin/matches?tournament=${tournaments[0]!.id}`, 'matches-table'],
      ['/admin/users', 'users-table'],
      ['/admin/players', 'players-table'],
      ['/admin/wallets', 'wallets-table'],
      ['/admin/audit', 'audit-table'],
      [`/admin/teams?tournament=${tournaments[0]!.id}`, 'teams-table'],
    ]
    for (const [path, testId] of lists) {
      await page.goto(path)
      const list = page.getByTestId(testId).first()
      await expect(list, path).toHaveAttribute('data-layout', 'rows')
      await expectNoPageScrollX(page)
    }
    // One or two lines a record, where a card once took about 170 px (issue 29).
    for (const [path, rowTestId] of [
      ['/admin/wallets', 'wallet-row'],
      ['/admin/users', 'user-row'],
    ] as const) {
      await page.goto(path)
      const rows = page.getByTestId(rowTestId)
      await expect(rows.first(), path).toBeVisible()
      const heights = await rows.evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().height),
      )
      expect(heights.length, path).toBeGreaterThan(5)
      for (const height of heights) expect(height, path).toBeLessThanOrEqual(80)
      // The row's action is a 44 px target that names its record.
      const action = rows.first().getByRole('button')
      const box = await action.boundingBox()
      expect(box!.width, path).toBeGreaterThanOrEqual(44)
      expect(box!.height, path).toBeGreaterThanOrEqual(44)
    }
    // What does not fit on a row opens under it, from the keyboard too.
    await page.goto('/admin/tournaments')
    const first = page.getByTestId('tournament-row').first()
    const toggle = first.getByTestId('row-details-toggle')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(first.getByRole('link', { name: /^Edit / })).toHaveCount(0)
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(first.getByRole('link', { name: /^Edit / })).toBeVisible()
    await expectNoPageScrollX(page)
    await page.goto('/admin/tournaments')
    await expect(page.getByTestId('tournament-row').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})

test('results are entered on the bracket; the MVP picker puts the champions first', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const name = unique('E2E Results')
  const { id } = await createTournament(page.request, name)
  await withBracket(page.request, id)

  // The match list, grouped by tournament then round, leads to the bracket.
  await page.goto(`/admin/matches?tournament=${id}`)
  const group = page.getByTestId('match-group').filter({ hasText: name })
  await expect(group.getByRole('heading', { level: 2 })).toHaveText(name)
  await expect(group.getByRole('heading', { level: 3 })).toHaveText([
    'Round of 16',
    'Quarterfinal',
    'Semifinal',
    'Final',
  ])
  await group.getByRole('link', { name: `Results of ${name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/tournaments/${id}/results$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results — ${name}`)
  await expect(page.getByTestId('results-count')).toHaveText('0 of 15 matches decided')
  await expectNoSeriousA11yViolations(page)

  // A click makes a pair the winner, which moves on to the quarterfinal.
  const first = match(page, 'Round of 16', 1)
  const winner = first.getByRole('button').first()
  const winnerName = (await winner.textContent()) ?? ''
  await winner.click()
  await expect(winner).toHaveAttribute('aria-pressed', 'true')
  await expect(match(page, 'Quarterfinal', 1).getByRole('button').first()).toHaveText(winnerName)
  await expect(page.getByTestId('results-count')).toHaveText('1 of 15 matches decided')
  // A second click takes the result back.
  await winner.click()
  await expect(winner).toHaveAttribute('aria-pressed', 'false')
  await expect(match(page, 'Quarterfinal', 1)).toContainText('To be decided')

  // With a result in, the status select no longer offers reopening betting.
  await winner.click()
  await expect(page.getByTestId('results-count')).toHaveText('1 of 15 matches decided')
  await page.goto(`/admin/tournaments/${id}/edit`)
  await expect(page.getByLabel('Status *').locator('option')).toHaveText(['Live', 'Completed'])
  await page.goto(`/admin/tournaments/${id}/results`)

  // Every match: the first pair wins each time; the server fills the later rounds.
  const rounds: [string, number][] = [
    ['Round of 16', 8],
    ['Quarterfinal', 4],
    ['Semifinal', 2],
    ['Final', 1],
  ]
  for (const [round, count] of rounds) {
    for (let n = 1; n <= count; n += 1) {
      const button = match(page, round, n).getByRole('button').first()
      await expect(button).toBeEnabled()
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click()
      await expect(button).toHaveAttribute('aria-pressed', 'true')
    }
  }
  await expect(page.getByTestId('results-count')).toHaveText('15 of 15 matches decided')
  const champion = (await match(page, 'Final', 1).getByRole('button').first().textContent()) ?? ''

  // Changing a result a later one depends on is refused, with the server's reason.
  await match(page, 'Round of 16', 1).getByRole('button').nth(1).click()
  await expect(page.getByRole('alert')).toContainText('The result was not saved:')
  await expect(winner).toHaveAttribute('aria-pressed', 'true')

  // Completed: the MVP picker lists the champion pair first; one confirm sets it.
  const current = await json<Record<string, unknown>>(
    await page.request.get(`/api/admin/tournaments/${id}`),
    200,
  )
  await json(
    await page.request.put(`/api/admin/tournaments/${id}`, {
      data: { ...current, status: 'completed' },
    }),
    200,
  )
  await page.goto('/admin')
  const item = page.getByTestId('work-item').filter({ hasText: name })
  await expect(item).toHaveAttribute('data-kind', 'missing_mvp')
  await expect(item).toContainText('Completed without an MVP')
  await item.getByRole('link', { name: `Set MVP: ${name}` }).click()
  await expect(page).toHaveURL(/\/admin\/tournaments$/)
  const row = page.getByTestId('tournament-row').filter({ hasText: name })
  await row.getByRole('button', { name: `Set MVP for ${name}` }).click()
  const picker = page.getByTestId('mvp-picker')
  const options = picker.getByRole('radio')
  const [player1, player2] = champion.split(' / ')
  await expect(options.nth(0)).toHaveAccessibleName(`${player1} Champion`)
  await expect(options.nth(1)).toHaveAccessibleName(`${player2} Champion`)
  await expectNoSeriousA11yViolations(page)
  await picker.getByRole('button', { name: 'Set MVP' }).click()
  await expect(picker.getByText('Choose a player first.')).toBeVisible()
  await options.nth(0).check()
  await expect(picker.getByRole('button', { name: /Set .* as MVP/ })).toHaveCount(1)
  await picker.getByRole('button', { name: `Set ${player1} as MVP` }).click()
  await expect(picker).toBeHidden()
  await expect(row).toContainText(player1!)

  // The work queue now offers to settle it.
  await page.goto('/admin')
  await expect(item).toHaveAttribute('data-kind', 'ready_to_settle')
  await expect(item.getByRole('link', { name: `Settle: ${name}` })).toBeVisible()
})

test('the admin home lists tournaments waiting for results, not open ones', async ({ page }) => {
  const waiting = unique('E2E No bracket')
  await createTournament(page.request, waiting)
  const open = unique('E2E Still open')
  await createTournament(page.request, open, { status: 'upcoming', open: true })

  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 2, name: 'To do' })).toBeVisible()
  const queue = page.getByTestId('work-queue')
  await expect(queue.getByTestId('work-item').filter({ hasText: waiting })).toContainText(
    'No bracket yet · betting closed',
  )
  await expect(queue.getByTestId('work-item').filter({ hasText: open })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await queue
    .getByTestId('work-item')
    .filter({ hasText: waiting })
    .getByRole('link', { name: `Enter results: ${waiting}` })
    .click()
  await expect(page).toHaveURL(/\/admin\/tournaments\/[^/]+\/results$/)
  await expect(page.getByText('This tournament has no bracket yet')).toBeVisible()
})

test('the match list keeps its filter after a save', async ({ page }) => {
  const { tournaments } = await json<{
    tournaments: { id: string; matchCount: number; status: string; isSettled: boolean }[]
  }>(await page.request.get('/api/admin/tournaments'), 200)
  // A demo tournament that is still open: its matches can be saved.
  const withMatches = tournaments.find(
    (tournament) =>
      tournament.matchCount > 0 && tournament.status === 'upcoming' && !tournament.isSettled,
  )!
  await page.goto('/admin/matches')
  await page.getByLabel('Tournament').selectOption(withMatches.id)
  await expect(page).toHaveURL(new RegExp(`\\?tournament=${withMatches.id}$`))
  await expect(page.getByTestId('match-group')).toHaveCount(1)
  await page
    .getByTestId('match-row')
    .first()
    .getByRole('link', { name: /^Edit / })
    .click()
  await expect(page).toHaveURL(/\/admin\/matches\/[^/]+\/edit$/)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/matches\\?tournament=${withMatches.id}$`))
  await expect(page.getByLabel('Tournament')).toHaveValue(withMatches.id)
  await expect(page.getByTestId('match-group')).toHaveCount(1)
})

test('users show role and balance, and the search finds one', async ({ page }) => {
  await page.goto('/admin/users')
  await page.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.email.toUpperCase())
  const rows = page.getByTestId('user-row')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(E2E_ADMIN.email)
  await expect(rows.locator('[data-role="admin"]')).toHaveText('Admin')
  await expect(rows).toContainText(/\d coins/)
  await expect(page.getByTestId('users-total')).toContainText(/^1 of [\d,]+ users$/)
  await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody-zz-no-such-user')
  await expect(page.getByText('No users found')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test.describe('in Madrid', () => {
  test.use({ timezoneId: 'Europe/Madrid' })

  test('date fields and deadlines name their time zone', async ({ page }) => {
    const offset = new Intl.DateTimeFormat('en', {
      timeZone: 'Europe/Madrid',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')!.value
    await page.goto('/admin/tournaments/new')
    await expect(page.getByTestId('time-zone')).toHaveText(
      `Dates and times are in your time zone: Europe/Madrid (${offset}).`,
    )
    await expect(
      page.getByLabel(`Betting Deadline * — Time (Europe/Madrid (${offset}))`),
    ).toBeVisible()
    await page.goto('/admin/tournaments')
    await expect(page.getByTestId('tournament-row').first()).toContainText(
      /Betting until .* GMT\+[12]/,
    )
  })
})

test('an admin signing in lands in the admin area; the header links there for admins only', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await useLanguage(context, 'en')
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible()

  await page.goto('/tournaments')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.getByRole('link', { name: 'Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await context.close()

  const fanContext = await browser.newContext()
  await useLanguage(fanContext, 'en')
  await createConfirmedUser(fanContext.request, 'screens', 'en')
  const fanPage = await fanContext.newPage()
  await fanPage.goto('/tournaments')
  await expect(fanPage.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  await expect(fanPage.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
  await fanContext.close()
})

test('the footer’s "how it works" and "features" lead somewhere for a signed-in fan', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await useLanguage(context, 'en')
  await createConfirmedUser(context.request, 'footer', 'en')
  const page = await context.newPage()
  await page.goto('/dashboard')
  const footer = page.getByRole('navigation', { name: 'Quick links' })
  await footer.getByRole('link', { name: 'How it works' }).click()
  await expect(page).toHaveURL(/\/about#how-it-works$/)
  await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeInViewport()
  await page.goto('/dashboard')
  await footer.getByRole('link', { name: 'Features' }).click()
  await expect(page).toHaveURL(/\/about#features$/)
  await expect(page.locator('#features')).toBeInViewport()
  await expectNoSeriousA11yViolations(page)
  await context.close()
})
