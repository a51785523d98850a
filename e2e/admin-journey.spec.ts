import { expect, test, type APIRequestContext, type Page } from './support/test'
import { randomUUID } from 'node:crypto'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// The admin runs a whole tournament: the screens that exist are driven through the page (player
// and tournament forms, Generate bracket, Set MVP, Settle, wallet adjustments, the audit log), the
// bulk of the data (30 more players, 16 pairs, 15 results) goes through the admin API.

const admin = { username: 'e2e-admin', ...E2E_ADMIN }
const tag = () => randomUUID().slice(0, 8)
const number = (value: number) => new Intl.NumberFormat('en').format(value)

type Round = 'round16' | 'quarterfinal' | 'semifinal' | 'final'
const ROUNDS: Round[] = ['round16', 'quarterfinal', 'semifinal', 'final']

interface Match {
  id: string
  tournamentId: string
  round: Round
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
  winnerTeamId: string | null
}

test.beforeEach(async ({ context, page }) => {
  await useLanguage(context, 'en')
  await signInByApi(page, admin)
})

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) {
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as T
}

async function matchesOf(request: APIRequestContext, tournamentId: string): Promise<Match[]> {
  const { matches } = await json<{ matches: Match[] }>(
    await request.get(`/api/admin/matches?${new URLSearchParams({ tournamentId })}`),
    200,
  )
  return matches
}

const find = (matches: Match[], round: Round, matchNumber: number) => {
  const found = matches.find((m) => m.round === round && m.matchNumber === matchNumber)
  if (!found) throw new Error(`no ${round} match ${matchNumber}`)
  return found
}

/** Adds a player through the form (Name, Ranking, Country, Save) and returns its id. */
async function addPlayerByForm(page: Page, name: string): Promise<string> {
  await page.goto('/admin/players/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Add Player' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Ranking').fill('7')
  await page.getByLabel('Country').fill('Spain')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/players$/)
  const { players } = await json<{ players: { id: string; name: string }[] }>(
    await page.request.get('/api/admin/players'),
    200,
  )
  const found = players.find((p) => p.name === name)
  if (!found) throw new Error(`player ${name} was not saved`)
  return found.id
}

test('the admin runs a whole tournament, and the bettor sees the winnings', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const run = tag()

  // ——— the tournament, through the form (its own checks are worded as the spec says) ———
  const name = `E2E Journey ${run}`
  await page.goto('/admin/tournaments/new')
  await page.getByRole('button', { name: 'Create Tournament' }).click()
  const errors = page.getByRole('alertdialog')
  await expect(errors.getByRole('heading')).toHaveText('Please fix the following errors:')
  for (const item of [
    'Tournament name is required',
    'Start date is required',
    'End date is required',
    'Betting deadline is required',
  ]) {
    await expect(errors.getByRole('listitem').getByText(item)).toBeVisible()
  }
  await errors.getByRole('button', { name: 'OK' }).click()
  await page.getByLabel('Tournament Name *').fill(name)
  await page.locator('input[name="deadlineDate"]').fill('2033-05-01')
  await page.locator('input[name="startDate"]').fill('2033-05-02')
  await page.locator('input[name="endDate"]').fill('2033-05-09')
  await page.getByRole('button', { name: 'Create Tournament' }).click()
  await expect(page).toHaveURL(/\/admin\/tournaments$/)
  const { tournaments } = await json<{ tournaments: { id: string; name: string }[] }>(
    await page.request.get('/api/admin/tournaments'),
    200,
  )
  const tournamentId = tournaments.find((t) => t.name === name)?.id
  if (!tournamentId) throw new Error('the tournament was not created')

  // Without 16 pairs, Generate bracket shows the server's reason (409) and changes nothing.
  const early = page.getByTestId('tournament-row').filter({ hasText: name })
  await early.getByRole('button', { name: `Generate bracket for ${name}` }).click()
  await page
    .getByRole('dialog', { name: `Generate the bracket of ${name}?` })
    .getByRole('button', { name: 'Generate bracket' })
    .click()
  const refused = page.getByRole('alertdialog')
  await expect(refused.getByRole('heading')).toHaveText(
    'Failed to generate the bracket: A bracket needs exactly 16 pairs; this tournament has 0.',
  )
  await refused.getByRole('button', { name: 'OK' }).click()
  await expect(refused).toBeHidden()

  // ——— 32 players (2 through the form), 16 pairs ———
  const playerIds = [
    await addPlayerByForm(page, `E2E Form Player A ${run}`),
    await addPlayerByForm(page, `E2E Form Player B ${run}`),
  ]
  for (let i = 3; i <= 32; i += 1) {
    const created = await json<{ id: string }>(
      await page.request.post('/api/admin/players', {
        data: { name: `E2E Player ${i} ${run}`, country: 'Portugal', ranking: 100 + i },
      }),
      201,
    )
    playerIds.push(created.id)
  }
  for (let i = 0; i < 16; i += 1) {
    await json(
      await page.request.post('/api/admin/teams', {
        data: { tournamentId, player1Id: playerIds[2 * i], player2Id: playerIds[2 * i + 1] },
      }),
      201,
    )
  }

  // ——— Generate bracket through the list (asks first) ———
  await page.goto('/admin/tournaments')
  const row = page.getByTestId('tournament-row').filter({ hasText: name })
  const generate = row.getByRole('button', { name: `Generate bracket for ${name}` })
  await generate.click()
  const confirm = page.getByRole('dialog', { name: `Generate the bracket of ${name}?` })
  await expect(confirm).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await confirm.getByRole('button', { name: 'Generate bracket' }).click()
  await expect(page.getByText(`The bracket of ${name} was generated: 15 matches.`)).toBeVisible()
  await expect(generate).toBeHidden()
  // A second generation is refused with the server's reason.
  const again = await page.request.post(`/api/admin/tournaments/${tournamentId}/bracket`)
  expect(again.status()).toBe(409)

  const bracket = await matchesOf(page.request, tournamentId)
  expect(bracket).toHaveLength(15)

  // The winners: team 1 of every round-of-16 match, and team 1 of every later match.
  const winnerOf = new Map<string, string>()
  const slot = (round: Round, n: number): [string, string] => {
    if (round === 'round16') {
      const m = find(bracket, round, n)
      return [m.team1Id!, m.team2Id!]
    }
    const previous = ROUNDS[ROUNDS.indexOf(round) - 1]!
    return [winnerOf.get(`${previous}:${2 * n - 1}`)!, winnerOf.get(`${previous}:${2 * n}`)!]
  }
  const picks: { matchId: string; winnerTeamId: string }[] = []
  for (const round of ROUNDS) {
    const count = { round16: 8, quarterfinal: 4, semifinal: 2, final: 1 }[round]
    for (let n = 1; n <= count; n += 1) {
      const [team1] = slot(round, n)
      winnerOf.set(`${round}:${n}`, team1)
      picks.push({ matchId: find(bracket, round, n).id, winnerTeamId: team1 })
    }
  }
  const champion = winnerOf.get('final:1')!
  const { teams } = await json<{
    teams: { id: string; player1: { id: string; name: string } }[]
  }>(await page.request.get(`/api/admin/teams?${new URLSearchParams({ tournamentId })}`), 200)
  const mvp = teams.find((t) => t.id === champion)!.player1

  // ——— a fresh user bets the exact bracket the admin will enter ———
  const userContext = await browser.newContext()
  await useLanguage(userContext, 'en')
  await createConfirmedUser(userContext.request, 'journey', 'en')
  const placed = await json<{ balance: number }>(
    await userContext.request.post(`/api/tournaments/${tournamentId}/bets`, {
      data: { picks, mvpPlayerId: mvp.id },
    }),
    201,
  )
  const { rank_position: rankBefore } = await json<{ rank_position: number }>(
    await userContext.request.get('/api/leaderboard/me'),
    200,
  )

  // ——— completed (API): betting closes before any result is entered (decision 068) ———
  const saved = await json<Record<string, unknown>>(
    await page.request.get(`/api/admin/tournaments/${tournamentId}`),
    200,
  )
  await json(
    await page.request.put(`/api/admin/tournaments/${tournamentId}`, {
      data: {
        name,
        status: 'completed',
        bettingDeadline: saved.bettingDeadline,
        startDate: saved.startDate,
        endDate: saved.endDate,
        basePool: saved.basePool,
        entryFee: saved.entryFee,
        multiplier: saved.multiplier,
      },
    }),
    200,
  )

  // ——— the 15 results (API), later rounds fill themselves ———
  for (const round of ROUNDS) {
    const current = await matchesOf(page.request, tournamentId)
    const count = { round16: 8, quarterfinal: 4, semifinal: 2, final: 1 }[round]
    for (let n = 1; n <= count; n += 1) {
      const match = find(current, round, n)
      // Auto-advance put the right pairs here from the previous round.
      expect([match.team1Id, match.team2Id]).toEqual(slot(round, n))
      await json(
        await page.request.put(`/api/admin/matches/${match.id}`, {
          data: {
            tournamentId,
            round,
            matchNumber: n,
            team1Id: match.team1Id,
            team2Id: match.team2Id,
            winnerTeamId: winnerOf.get(`${round}:${n}`),
          },
        }),
        200,
      )
    }
  }
  const finished = await matchesOf(page.request, tournamentId)
  expect(finished.every((m) => m.winnerTeamId !== null)).toBe(true)

  // ——— MVP and settlement through the list ———
  await page.goto('/admin/tournaments')
  await row.getByRole('button', { name: `Set MVP for ${name}` }).click()
  const picker = page.getByTestId('mvp-picker')
  // The champion pair is listed first; the MVP is its first player.
  await expect(picker.getByRole('radio').first()).toHaveAccessibleName(`${mvp.name} Champion`)
  await picker.getByRole('radio', { name: mvp.name }).check()
  await picker.getByRole('button', { name: `Set ${mvp.name} as MVP` }).click()
  await expect(picker).toBeHidden()
  await expect(row).toContainText('MVP Set')

  await row.getByRole('button', { name: `Settle ${name}` }).click()
  const settleDialog = page.getByRole('dialog', { name: new RegExp(name) })
  await expect(settleDialog).toContainText('Participants: 1')
  await expect(settleDialog).toContainText('Winners: 1')
  // One bet settles within the server's short wait (200). The answer is turned into a 202 here,
  // and the first progress poll into "0 of 1", so the page shows what the admin of a large
  // tournament sees before it follows the real progress to the end.
  const settlementUrl = `**/api/admin/tournaments/${tournamentId}/settlement`
  const unfinished = {
    tournamentId,
    state: 'in_progress',
    betsTotal: 1,
    betsSettled: 0,
    totalPaid: 0,
    totalWinners: 1,
    processedAt: null,
    stoppedAt: null,
    stopReason: null,
  }
  await page.route(
    `**/api/admin/tournaments/${tournamentId}/settle`,
    async (route) => {
      expect((await route.fetch()).status()).toBe(200)
      await route.fulfill({ status: 202, json: unfinished })
    },
    { times: 1 },
  )
  await page.route(settlementUrl, (route) => route.fulfill({ json: unfinished }), { times: 1 })
  await settleDialog.getByRole('button', { name: 'Settle and pay' }).click()
  const progressBar = row.getByRole('progressbar', { name: `Settlement of ${name}` })
  await expect(progressBar).toHaveAttribute('aria-valuenow', '0')
  await expect(progressBar).toHaveAttribute('aria-valuemax', '1')
  await expect(row).toContainText('0 of 1 bets settled')
  await expect(page.getByText(new RegExp(`${name} is settled: 1 winners`))).toBeVisible()
  await expect(row).toContainText('Settled')
  await expect(progressBar).toBeHidden()
  expect(
    await json(await page.request.get(`/api/admin/tournaments/${tournamentId}/settlement`), 200),
  ).toMatchObject({ state: 'completed', betsTotal: 1, betsSettled: 1, totalWinners: 1 })

  // After a crash the list finds the settlement unfinished (made so here): progress and Resume.
  await page.route(
    '**/api/admin/tournaments',
    async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { tournaments: { id: string }[] }
      const tournaments = body.tournaments.map((tournament) =>
        tournament.id === tournamentId
          ? { ...tournament, settlementState: 'in_progress', settlementStage: 'in_progress' }
          : tournament,
      )
      await route.fulfill({ response, json: { tournaments } })
    },
    { times: 1 },
  )
  await page.route(settlementUrl, (route) => route.fulfill({ json: unfinished }))
  await page.reload()
  await expect(progressBar).toHaveAttribute('aria-valuenow', '0')
  await expectNoSeriousA11yViolations(page)
  // Resuming a settlement that has in fact finished pays nothing more and reports its result.
  await row.getByRole('button', { name: `Resume the settlement of ${name}` }).click()
  await expect(page.getByText(new RegExp(`${name} is settled: 1 winners`))).toBeVisible()
  await expect(row).toContainText('Settled')
  await page.unroute(settlementUrl)

  // ——— what the bettor sees ———
  const me = await json<{ balance: number }>(await userContext.request.get('/api/me'), 200)
  expect(me.balance).toBeGreaterThan(placed.balance)
  const userPage = await userContext.newPage()
  await userPage.goto(`/tournament/${tournamentId}`)
  await expect(userPage.getByTestId('winnings-banner')).toBeVisible()
  await expect(userPage.getByTestId('winnings-banner')).toContainText(
    number(me.balance - placed.balance),
  )
  await expect(userPage.getByTestId('header-balance')).toHaveText(number(me.balance))
  await userPage.goto('/profile')
  await expect(
    userPage.locator('[data-testid="transaction-row"][data-type="bet_won"]'),
  ).toHaveCount(1)
  // The leaderboard's rank table catches up within a few seconds.
  await expect
    .poll(
      async () =>
        (
          await json<{ total_coins: number; rank_position: number }>(
            await userContext.request.get('/api/leaderboard/me'),
            200,
          )
        ).total_coins,
      { timeout: 20_000 },
    )
    .toBe(me.balance)
  const after = await json<{ rank_position: number }>(
    await userContext.request.get('/api/leaderboard/me'),
    200,
  )
  expect(after.rank_position).toBeLessThanOrEqual(rankBefore)
  await userContext.close()

  // ——— the audit log lists the writes ———
  await page.goto('/admin/audit?entity=tournament')
  await expect(page.getByLabel('Entity')).toHaveValue('tournament')
  const tournamentRows = page.getByTestId('audit-row').filter({ hasText: tournamentId })
  await expect(tournamentRows.first()).toBeVisible()
  await expect(tournamentRows.filter({ hasText: 'completed' }).first()).toBeVisible()
  await page.getByLabel('Entity').selectOption('settlement')
  await expect(page).toHaveURL(/entity=settlement/)
  await expect(
    page.getByTestId('audit-row').filter({ hasText: tournamentId }).first(),
  ).toBeVisible()
  await page.getByLabel('Entity').selectOption('match')
  await expect(page.getByTestId('audit-row').first()).toHaveAttribute('data-entity', 'match')
})

test('wallet adjustments: a deposit applies once, a withdrawal beyond the balance is refused', async ({
  page,
  browser,
}) => {
  const userContext = await browser.newContext()
  const user = await createConfirmedUser(userContext.request, 'wallet', 'en')
  const me = await json<{ user: { id: string }; balance: number }>(
    await userContext.request.get('/api/me'),
    200,
  )
  await userContext.close()

  await page.goto('/admin/wallets')
  // A page holds 25 wallets by e-mail: the search finds this one wherever it falls.
  await page.getByRole('searchbox', { name: 'Search by username or e-mail' }).fill(user.email)
  const row = page.getByTestId('wallet-row').filter({ hasText: user.email })
  await expect(row).toContainText(`${number(me.balance)} coins`)
  await row.getByRole('button', { name: `Adjust the wallet of ${user.email}` }).click()
  const dialog = page.getByTestId('wallet-adjust-dialog')
  await expect(dialog).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The form's own checks first.
  await dialog.getByRole('button', { name: 'Apply adjustment' }).click()
  await expect(dialog.getByTestId('wallet-adjust-error')).toContainText(
    'Amount must be a whole number greater than 0',
  )
  await expect(dialog.getByTestId('wallet-adjust-error')).toContainText('Reason is required')
  await dialog.getByLabel('Amount (coins) *').fill('2.5')
  await dialog.getByLabel('Reason *').fill('E2E goodwill')
  await dialog.getByRole('button', { name: 'Apply adjustment' }).click()
  await expect(dialog.getByTestId('wallet-adjust-error')).toHaveText(
    'Amount must be a whole number greater than 0',
  )

  // Two clicks before the page can re-render (what a double click on a slow device is) send
  // one key: the deposit is applied once. A real dblclick is not used: on a fast machine its
  // second click can land on the result's OK button, which takes Apply's place.
  await dialog.getByLabel('Amount (coins) *').fill('125')
  await dialog.getByRole('button', { name: 'Apply adjustment' }).evaluate((button) => {
    ;(button as HTMLButtonElement).click()
    ;(button as HTMLButtonElement).click()
  })
  await expect(dialog.getByTestId('wallet-adjust-result')).toHaveText(
    `Adjustment applied. New balance: ${number(me.balance + 125)} coins.`,
  )
  await dialog.getByRole('button', { name: 'OK' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText(`${number(me.balance + 125)} coins`)
  const { transactions } = await json<{ transactions: { type: string; amount: number }[] }>(
    await page.request.get(`/api/admin/users/${me.user.id}/transactions`),
    200,
  )
  expect(transactions.filter((t) => t.type === 'deposit')).toEqual([
    expect.objectContaining({ amount: 125 }),
  ])

  // A withdrawal beyond the balance: 402, worded, nothing changes.
  await row.getByRole('button', { name: `Adjust the wallet of ${user.email}` }).click()
  await dialog.getByLabel('Type *').selectOption('withdrawal')
  await dialog.getByLabel('Amount (coins) *').fill(String(me.balance + 126))
  await dialog.getByLabel('Reason *').fill('E2E too much')
  await dialog.getByRole('button', { name: 'Apply adjustment' }).click()
  await expect(dialog.getByTestId('wallet-adjust-error')).toHaveText(
    'Insufficient funds: the wallet does not have enough coins for this withdrawal.',
  )
  // A smaller withdrawal in the same dialog goes through.
  await dialog.getByLabel('Amount (coins) *').fill('25')
  await dialog.getByRole('button', { name: 'Apply adjustment' }).click()
  await expect(dialog.getByTestId('wallet-adjust-result')).toHaveText(
    `Adjustment applied. New balance: ${number(me.balance + 100)} coins.`,
  )
  await dialog.getByRole('button', { name: 'OK' }).click()

  // The audit log shows both writes on the wallet, with the balance before → after.
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Audit log' })
    .click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await page.getByLabel('Entity').selectOption('wallet')
  const rows = page.getByTestId('audit-row').filter({ hasText: me.user.id })
  await expect(
    rows.filter({ hasText: `balance: ${me.balance + 125} → ${me.balance + 100}` }),
  ).toHaveCount(1)
  await expect(
    rows.filter({ hasText: `balance: ${me.balance} → ${me.balance + 125}` }),
  ).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Entity').selectOption('player')
  await expect(
    page.getByTestId('audit-row').or(page.getByText('No audit entries found.')).first(),
  ).toBeVisible()
})
