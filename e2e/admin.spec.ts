import { expect, test, type Page } from './support/test'
import { randomUUID } from 'node:crypto'
import { E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// The admin area in a real browser: the admin signs in through the API (E2E_ADMIN is made at
// start-up from ADMIN_EMAIL/ADMIN_PASSWORD), the forms under test are driven through the page.

const admin = { username: 'e2e-admin', ...E2E_ADMIN }
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`

interface Stats {
  activeBets: number
  tournaments: number
  activeTournaments: number
  users: number
  totalPrizePools: number
  workQueue: unknown[]
}

test.beforeEach(async ({ context, page }) => {
  await useLanguage(context, 'en')
  await signInByApi(page, admin)
})

const number = (value: number) => new Intl.NumberFormat('en').format(value)

async function expectMessageDialog(page: Page, title: string | RegExp, items: string[] = []) {
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading')).toHaveText(title)
  for (const item of items) await expect(dialog.getByRole('listitem').getByText(item)).toBeVisible()
  return dialog
}

test('the dashboard shows the figures the API reports and the work queue', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible()
  await expect(page.getByTestId('stat-tournaments')).toBeVisible()

  const stats = (await (await page.request.get('/api/admin/stats')).json()) as Stats
  await expect(page.getByTestId('stat-activeBets')).toHaveText(number(stats.activeBets))
  await expect(page.getByTestId('stat-tournaments')).toHaveText(number(stats.tournaments))
  await expect(page.getByTestId('stat-activeTournaments')).toHaveText(
    number(stats.activeTournaments),
  )
  await expect(page.getByTestId('stat-users')).toHaveText(number(stats.users))
  await expect(page.getByTestId('stat-prizePools')).toHaveText(number(stats.totalPrizePools))
  expect(stats.tournaments).toBeGreaterThanOrEqual(5)
  if (stats.workQueue.length === 0) {
    await expect(page.getByText('Nothing waits for you')).toBeVisible()
  } else {
    await expect(page.getByTestId('work-item')).toHaveCount(stats.workQueue.length)
  }
  await expectNoSeriousA11yViolations(page)
})

test('creating a player: the empty form lists its errors, then the player is saved', async ({
  page,
}) => {
  await page.goto('/admin/players/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Add Player' })).toBeVisible()

  await page.getByRole('button', { name: 'Save' }).click()
  const dialog = await expectMessageDialog(page, 'Please fix the following errors:', [
    'Name is required',
    'Country is required',
  ])
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Save' })).toBeFocused()

  const name = unique('E2E Player')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Ranking').fill('12')
  await page.getByLabel('Country').fill('Spain')

  // A failed save says why, in a blocking message, and keeps the form as it was.
  await page.route(
    '**/api/admin/players',
    (route) =>
      route.fulfill({
        status: 409,
        json: { error: { code: 'CONFLICT', message: 'A player with that name exists.' } },
      }),
    { times: 1 },
  )
  await page.getByRole('button', { name: 'Save' }).click()
  const failure = await expectMessageDialog(
    page,
    // The server's English text is not shown: the code is, in the interface's language.
    'Failed to add player: This conflicts with a change made elsewhere. Reload and try again.',
  )
  await failure.getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL(/\/admin\/players\/new$/)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)

  await page.getByRole('button', { name: 'Save' }).click()

  await expect(page).toHaveURL(/\/admin\/players$/)
  await page.getByRole('searchbox', { name: 'Search players' }).fill(name.toUpperCase())
  const row = page.getByTestId('player-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(name)
  await expect(row).toContainText('12')
  await expect(row).toContainText('Spain')
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('searchbox', { name: 'Search players' }).fill('no such player zz')
  await expect(page.getByText('No players found.')).toBeVisible()

  // Editing a player that does not exist goes back to the list.
  await page.goto('/admin/players/00000000-0000-4000-8000-000000000000/edit')
  await expect(page).toHaveURL(/\/admin\/players$/)
})

test('creating and editing a tournament', async ({ page }) => {
  await page.goto('/admin/tournaments/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New Tournament' })).toBeVisible()

  // Spec §9 defaults.
  await expect(page.getByLabel('Status *')).toHaveValue('upcoming')
  await expect(page.getByLabel('Base Prize Pool (coins) *')).toHaveValue('5000')
  await expect(page.getByLabel('Entry Fee (coins) *')).toHaveValue('50')
  await expect(page.getByLabel('Prize Pool Multiplier *')).toHaveValue('0.7')
  await expect(page.locator('input[name="startTime"]')).toHaveValue('00:00')
  await expect(page.locator('input[name="endTime"]')).toHaveValue('23:59')
  await expect(page.locator('input[name="deadlineTime"]')).toHaveValue('23:59')
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Create Tournament' }).click()
  await expectMessageDialog(page, 'Please fix the following errors:', [
    'Tournament name is required',
    'Start date is required',
    'End date is required',
    'Betting deadline is required',
  ])
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('alertdialog')).toBeHidden()

  const name = unique('E2E Open')
  await page.getByLabel('Tournament Name *').fill(name)
  await page.locator('input[name="deadlineDate"]').fill('2031-05-01')
  await page.locator('input[name="startDate"]').fill('2031-05-02')
  await page.locator('input[name="endDate"]').fill('2031-05-09')
  // The end before the start: both cross-field rules are reported together.
  await page.locator('input[name="endDate"]').fill('2031-04-01')
  await page.locator('input[name="deadlineDate"]').fill('2031-05-03')
  await page.getByRole('button', { name: 'Create Tournament' }).click()
  await expectMessageDialog(page, 'Please fix the following errors:', [
    'End date/time must be after start date/time',
    'Betting deadline must be before or on start date',
  ])
  await page.keyboard.press('Escape')
  await page.locator('input[name="endDate"]').fill('2031-05-09')
  await page.locator('input[name="deadlineDate"]').fill('2031-05-01')
  await page.getByLabel('Entry Fee (coins) *').fill('75')
  await page.getByRole('button', { name: 'Create Tournament' }).click()

  await expect(page).toHaveURL(/\/admin\/tournaments$/)
  const row = page.getByTestId('tournament-row').filter({ hasText: name })
  await expect(row).toContainText('Upcoming')
  await expect(row).toContainText('Betting until')
  await expect(row).toContainText('5,000 coins')
  await expect(row).toContainText('Entry fee: 75 coins')
  await expect(row).toContainText('Multiplier: 0.7')
  await expect(row).toContainText('Not completed')
  await expectNoSeriousA11yViolations(page)

  await row.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Tournament' })).toBeVisible()
  await expect(page.getByLabel('Tournament Name *')).toHaveValue(name)
  await expect(page.getByLabel('Entry Fee (coins) *')).toHaveValue('75')
  await expect(page.locator('input[name="startDate"]')).toHaveValue('2031-05-02')
  const renamed = `${name} (renamed)`
  await page.getByLabel('Tournament Name *').fill(renamed)
  await page.getByLabel('Prize Pool Multiplier *').fill('0.5')
  await page.getByRole('button', { name: 'Update Tournament' }).click()
  await expect(page).toHaveURL(/\/admin\/tournaments$/)
  await expect(page.getByTestId('tournament-row').filter({ hasText: renamed })).toContainText(
    'Multiplier: 0.5',
  )
})

test('setting the MVP of a completed tournament with the picker', async ({ page }) => {
  const name = unique('E2E Finished')
  const created = await page.request.post('/api/admin/tournaments', {
    data: {
      name,
      status: 'completed',
      bettingDeadline: '2020-01-01T00:00:00.000Z',
      startDate: '2020-01-02T00:00:00.000Z',
      endDate: '2020-01-05T00:00:00.000Z',
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const tournament = (await created.json()) as { id: string }
  const { players } = (await (await page.request.get('/api/admin/players')).json()) as {
    players: { id: string; name: string }[]
  }
  const [first, second] = players
  if (!first || !second) throw new Error('the demo data has players')
  const team = await page.request.post('/api/admin/teams', {
    data: { tournamentId: tournament.id, player1Id: first.id, player2Id: second.id },
  })
  expect(team.status(), await team.text()).toBe(201)

  await page.goto('/admin/tournaments')
  const row = page.getByTestId('tournament-row').filter({ hasText: name })
  await expect(row).toContainText('No MVP')
  await row.getByRole('button', { name: `Set MVP for ${name}` }).click()

  const picker = page.getByTestId('mvp-picker')
  await expect(picker).toBeVisible()
  const search = picker.getByRole('textbox', { name: 'Player name' })
  await expect(search).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  await search.fill('no such player zz')
  await expect(picker.getByText('No player matches.')).toBeVisible()
  await search.press('Enter')
  await expect(picker.getByText('Choose a player first.')).toBeVisible()

  await search.fill(second.name.slice(1, 5).toUpperCase())
  await picker.getByRole('radio', { name: second.name }).check()
  await picker.getByRole('button', { name: `Set ${second.name} as MVP` }).click()
  await expect(picker).toBeHidden()
  await expect(row).toContainText('MVP Set')
  await expect(row).toContainText(second.name)

  // It has no bracket, so settling is refused before anything is paid, with the reason.
  const settle = row.getByRole('button', { name: `Settle ${name}` })
  await settle.click()
  const blocked = await expectMessageDialog(page, `${name} cannot be settled yet:`, [
    'The bracket is incomplete or malformed.',
  ])
  await blocked.getByRole('button', { name: 'OK' }).click()
  await expect(blocked).toBeHidden()
  await expect(settle).toBeFocused()
})

test('cancelling an upcoming tournament asks first, then refunds', async ({ page }) => {
  const name = unique('E2E Cancel')
  const created = await page.request.post('/api/admin/tournaments', {
    data: {
      name,
      status: 'upcoming',
      bettingDeadline: '2031-01-01T00:00:00.000Z',
      startDate: '2031-01-02T00:00:00.000Z',
      endDate: '2031-01-05T00:00:00.000Z',
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.goto('/admin/tournaments')
  const row = page.getByTestId('tournament-row').filter({ hasText: name })
  const cancel = row.getByRole('button', { name: `Cancel tournament ${name}…` })
  await cancel.click()
  const confirm = page.getByRole('dialog', { name: `Cancel ${name}?` })
  await expect(confirm).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await confirm.getByRole('button', { name: 'Keep tournament' }).click()
  await expect(confirm).toBeHidden()
  await expect(row).toContainText('Upcoming')

  await cancel.click()
  await confirm.getByRole('button', { name: 'Cancel tournament' }).click()
  await expect(page.getByText(`${name} is cancelled: 0 bets refunded (0 coins).`)).toBeVisible()
  await expect(row).toContainText('Cancelled')
})

test('a team for a new tournament, and the match form for a tournament without teams', async ({
  page,
}) => {
  const name = unique('E2E Pairs')
  const created = await page.request.post('/api/admin/tournaments', {
    data: {
      name,
      status: 'upcoming',
      bettingDeadline: '2032-01-01T00:00:00.000Z',
      startDate: '2032-01-02T00:00:00.000Z',
      endDate: '2032-01-05T00:00:00.000Z',
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const tournament = (await created.json()) as { id: string }

  // No teams yet: the match form says so and links to the team form.
  await page.goto('/admin/matches/new')
  await page.getByLabel('Tournament').selectOption({ label: name })
  await expect(page.getByText('No teams found for this tournament.')).toBeVisible()
  await page.getByRole('link', { name: 'Create teams first' }).click()
  await expect(page).toHaveURL(/\/admin\/teams\/new$/)

  await expect(page.getByRole('heading', { level: 1, name: 'Add Team' })).toBeVisible()
  await expect(page.getByLabel('Player 2')).toBeDisabled()
  await page.getByLabel('Tournament').selectOption({ label: name })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expectMessageDialog(page, 'Please fix the following errors:', [
    'Player 1 is required',
    'Player 2 is required',
  ])
  await page.keyboard.press('Escape')

  const player1 = page.getByLabel('Player 1')
  await player1.selectOption({ index: 1 })
  const chosen = await player1.locator('option:checked').textContent()
  await expect(page.getByLabel('Player 2')).toBeEnabled()
  // Player 2 offers everyone but player 1.
  await expect(
    page.getByLabel('Player 2').locator('option', { hasText: chosen ?? '' }),
  ).toHaveCount(0)
  await page.getByLabel('Player 2').selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/teams$/)

  await page.getByLabel('Tournament').selectOption(tournament.id)
  await expect(page.getByTestId('team-row')).toHaveCount(1)
  await expect(page.getByTestId('team-row')).toContainText(chosen ?? '')

  // Pairs in a row: "Save and add another" keeps the tournament, clears the players, hides those
  // already paired in it and puts the focus back on player 1.
  await page.goto('/admin/teams/new')
  await page.getByLabel('Tournament').selectOption({ label: name })
  const firstPlayer = page.getByLabel('Player 1')
  await expect(firstPlayer.locator('option', { hasText: chosen ?? '' })).toHaveCount(0)
  await firstPlayer.selectOption({ index: 1 })
  const second = (await firstPlayer.locator('option:checked').textContent()) ?? ''
  await page.getByLabel('Player 2').selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Save and add another' }).click()
  await expect(page.getByTestId('pair-added')).toHaveText('1 pair added: choose the next one.')
  await expect(page).toHaveURL(/\/admin\/teams\/new$/)
  await expect(page.getByLabel('Tournament')).toHaveValue(tournament.id)
  await expect(firstPlayer).toHaveValue('')
  await expect(firstPlayer).toBeFocused()
  await expect(firstPlayer.locator('option', { hasText: second })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // A pair saved elsewhere meanwhile: the server's reason at the field it names.
  await firstPlayer.selectOption({ index: 1 })
  await page.getByLabel('Player 2').selectOption({ index: 1 })
  const elsewhere = await page.request.post('/api/admin/teams', {
    data: {
      tournamentId: tournament.id,
      player1Id: await firstPlayer.inputValue(),
      player2Id: await page.getByLabel('Player 2').inputValue(),
    },
  })
  expect(elsewhere.status(), await elsewhere.text()).toBe(201)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const reason = 'This player is already in another pair of this tournament.'
  await expectMessageDialog(page, new RegExp(reason.replace('.', '\\.')))
  await page.keyboard.press('Escape')
  await expect(page.getByLabel('Player 1')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Player 1')).toHaveAccessibleDescription(reason)
  await expect(page).toHaveURL(/\/admin\/teams\/new$/)
  // Another player chosen: the reason was about the one before, so it goes.
  await page.getByLabel('Player 1').selectOption({ index: 3 })
  await expect(page.getByLabel('Player 1')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Player 1')).not.toHaveAccessibleDescription(reason)

  // With a team, the match form offers it, and the winner only once a team is chosen.
  await page.goto('/admin/matches/new')
  await page.getByLabel('Tournament').selectOption({ label: name })
  await expect(page.getByText('No teams found for this tournament.')).toBeHidden()
  await expect(page.getByLabel('Winner Team')).toBeDisabled()
  await page.getByLabel('Team 1').selectOption({ index: 1 })
  await expect(page.getByLabel('Winner Team')).toBeEnabled()
  await expect(page.getByLabel('Winner Team').locator('option')).toHaveCount(2)
})

test('users, wallets and the other lists render with their labels', async ({ page }) => {
  // Four pages and four axe scans over lists that grow with every other journey in the suite.
  test.setTimeout(60_000)
  await page.goto('/admin/users')
  await expect(page.getByTestId('users-total')).toContainText('Total registered users:')
  const adminRow = page.getByTestId('user-row').filter({ hasText: E2E_ADMIN.email })
  await expect(adminRow).toBeVisible()
  await adminRow.getByRole('button', { name: 'View Transactions' }).click()
  const modal = page.getByTestId('transactions-modal')
  await expect(modal).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await modal.getByRole('button', { name: 'Close' }).click()
  await expect(modal).toBeHidden()

  await page.goto('/admin/wallets')
  await expect(page.getByTestId('wallet-row').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.goto('/admin/teams')
  await expect(page.getByText('Select a tournament to view teams.')).toBeVisible()
  await page.getByLabel('Tournament').selectOption({ index: 1 })
  // Other journeys may have added a tournament with many pairs: any one row will do.
  await expect(
    page.getByTestId('team-row').or(page.getByText('No teams found.')).first(),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.goto('/admin/matches/new')
  await expect(page.getByLabel('Round')).toHaveValue('round16')
  await expect(page.getByLabel('Match Number')).toHaveValue('1')
  await expect(page.getByLabel('Winner Team')).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the sidebar slides in, navigates and closes with Escape', async ({ page }) => {
    await page.goto('/admin')
    const nav = page.getByRole('navigation', { name: 'Administration' })
    await expect(nav).toBeHidden()
    const open = page.getByRole('button', { name: 'Open the admin menu' })
    await open.click()
    await expect(nav).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(open).toBeFocused()

    await open.click()
    await nav.getByRole('link', { name: 'Players' }).click()
    await expect(page).toHaveURL(/\/admin\/players$/)
    await expect(nav).toBeHidden()
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(360)
  })
})

test('the admin area speaks Spanish too', async ({ browser }) => {
  const context = await browser.newContext()
  await useLanguage(context, 'es')
  const page = await context.newPage()
  await signInByApi(page, admin)
  await page.goto('/admin/tournaments/new')
  await expect(page.getByLabel('Nombre del torneo *')).toBeVisible()
  await page.getByRole('button', { name: 'Crear torneo' }).click()
  await expectMessageDialog(page, 'Corrige los siguientes errores:', [
    'El nombre del torneo es obligatorio',
  ])
  await context.close()
})
