import { expect as baseExpect, test, type Page } from './support/test'
import { E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import {
  buildBracketTournament,
  setStatus,
  type BuiltTournament,
} from './support/tournament-builder'
import { expectNoPageScrollX } from './support/tournaments'

// The admin's smaller screens (issue 29): the second chance's button says why it cannot open, the
// wallets are searched and paged on the server, and the results page names pairs by surname,
// keeps score grids closed until asked, tabs across a set, and leads from 15 of 15 results to
// the settlement, with cancelling a red action apart, confirmed first. English and Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })
// Busy machines: the journeys build whole tournaments through the API first.
test.describe.configure({ timeout: 300_000 })

const admin = { username: 'e2e-admin', ...E2E_ADMIN }

const match = (page: Page, round: string, number: number) =>
  page.getByRole('group', { name: `${round} · Match ${number}`, exact: true })

/** Names the players of round-of-16 match 1 as real ones, so their surnames can be checked. */
async function nameFirstMatch(page: Page, built: BuiltTournament) {
  const { matches } = (await (
    await page.request.get(`/api/admin/matches?tournamentId=${built.id}`)
  ).json()) as {
    matches: { round: string; matchNumber: number; team1Id: string; team2Id: string }[]
  }
  const first = matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
  const names = [
    ['Alejandro Galán', 'Federico Chingotto'],
    ['Arturo Coello', 'Agustín Tapia'],
  ]
  for (const [side, teamId] of [first.team1Id, first.team2Id].entries()) {
    const team = (await (await page.request.get(`/api/admin/teams/${teamId}`)).json()) as {
      player1Id: string
      player2Id: string
    }
    for (const [index, playerId] of [team.player1Id, team.player2Id].entries()) {
      const res = await page.request.put(`/api/admin/players/${playerId}`, {
        data: { name: names[side]![index], country: 'Spain', ranking: 1 + index + 2 * side },
      })
      expect(res.status(), await res.text()).toBe(200)
    }
  }
}

/** The EN/ES choice of a page already open (useLanguage sets it only where none is kept). */
async function switchLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), language)
}

async function enterWinners(page: Page, built: BuiltTournament, count: number) {
  for (const pick of built.picks.slice(0, count)) {
    const { matches } = (await (
      await page.request.get(`/api/admin/matches?tournamentId=${built.id}`)
    ).json()) as { matches: Record<string, unknown>[] }
    const row = matches.find((m) => m.id === pick.matchId)!
    const res = await page.request.put(`/api/admin/matches/${pick.matchId}`, {
      data: {
        tournamentId: built.id,
        round: row.round,
        matchNumber: row.matchNumber,
        team1Id: row.team1Id,
        team2Id: row.team2Id,
        winnerTeamId: pick.winnerTeamId,
      },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
}

test('second chance: the button is disabled with its reason until the round of 16 is in', async ({
  page,
}) => {
  await signInByApi(page, admin)
  const built = await buildBracketTournament(page.request, {
    prefix: 'E2E Reason',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.7,
  })
  await setStatus(page.request, built, 'active')
  await enterWinners(page, built, 5)
  await useLanguage(page.context(), 'en')
  await page.goto('/admin/tournaments')
  for (const [language, reason, name] of [
    ['en', '3 round-of-16 results missing', 'Open the second chance of'],
    ['es', 'Faltan 3 resultados de octavos', 'Abrir la segunda oportunidad de'],
  ] as const) {
    await switchLanguage(page, language)
    await page.goto('/admin/tournaments')
    const row = page.getByTestId('tournament-row').filter({ hasText: built.name })
    const button = row.getByRole('button', { name: `${name} ${built.name}` })
    await expect(button).toBeDisabled()
    await expect(row.getByTestId('second-chance-reason')).toHaveText(reason)
    await expect(button).toHaveAccessibleDescription(reason)
  }
  await expectNoSeriousA11yViolations(page)

  // The last three results: the button opens the dialog.
  await enterWinners(page, built, 8)
  await switchLanguage(page, 'en')
  await page.goto('/admin/tournaments')
  const row = page.getByTestId('tournament-row').filter({ hasText: built.name })
  await expect(row.getByTestId('second-chance-reason')).toHaveCount(0)
  await row.getByRole('button', { name: `Open the second chance of ${built.name}` }).click()
  await expect(page.getByTestId('second-chance-dialog')).toBeVisible()
})

test('wallets: searched by username or e-mail on the server, paged, in both languages', async ({
  page,
}) => {
  // The demo's accounts (fan1…fan40@example.com, the demo admin and player) fill two pages.
  await signInByApi(page, admin)
  await useLanguage(page.context(), 'en')
  await page.goto('/admin/wallets')
  const search = page.getByRole('searchbox', { name: 'Search by username or e-mail' })
  await search.fill('@EXAMPLE.COM')
  const total = page.getByTestId('wallets-total')
  await expect(total).toHaveText(/^\d+ wallets match$/)
  const matched = Number(/^(\d+)/.exec((await total.textContent()) ?? '')?.[1])
  expect(matched).toBeGreaterThanOrEqual(40)
  expect(matched).toBeLessThanOrEqual(50)
  await expect(page.getByTestId('wallet-row')).toHaveCount(25)
  const pager = page.getByRole('navigation', { name: 'Wallet pages' })
  await expect(pager).toContainText('Page 1 of 2')
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(pager).toContainText('Page 2 of 2')
  await expect(page.getByTestId('wallet-row')).toHaveCount(matched - 25)
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  // One fan by username; a new search starts again on page 1, and one page needs no pager.
  await search.fill('raul_r')
  await expect(page.getByTestId('wallet-row')).toHaveCount(1)
  await expect(page.getByTestId('wallet-row')).toContainText('raul_red')
  await expect(pager).toHaveCount(0)
  await search.fill('nobody-has-this-name')
  await expect(page.getByText('No wallet matches “nobody-has-this-name”.')).toBeVisible()

  await switchLanguage(page, 'es')
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/admin/wallets')
  await page.getByRole('searchbox', { name: 'Buscar por usuario o correo' }).fill('@example.com')
  await expect(page.getByTestId('wallets-total')).toHaveText(`${matched} monederos coinciden`)
  await expect(page.getByRole('navigation', { name: 'Páginas de monederos' })).toContainText(
    'Página 1 de 2',
  )
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)
})

test('results: surnames, closed grids, tab across a set, and 15 of 15 leads to the settlement', async ({
  page,
}) => {
  await useLanguage(page.context(), 'en')
  await signInByApi(page, admin)
  const built = await buildBracketTournament(page.request, {
    prefix: 'E2E Finish',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.7,
  })
  await nameFirstMatch(page, built)
  await setStatus(page.request, built, 'active')
  await page.goto(`/admin/tournaments/${built.id}/results`)

  // Every grid is closed until asked for.
  await expect(page.getByTestId('results-match')).toHaveCount(15)
  await expect(page.getByTestId('set-scores-form').first()).toBeHidden()
  const first = match(page, 'Round of 16', 1)
  const toggle = first.getByRole('button', { name: 'Set scores' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(first.getByTestId('set-scores-form')).toBeVisible()
  await expect(page.getByTestId('set-scores-form').nth(1)).toBeHidden()

  // The columns name the pairs by surname; the keyboard goes pair 1, pair 2 across each set.
  await expect(first.getByTestId('set-scores-pair-1')).toHaveText('Galán / Chingotto')
  await expect(first.getByTestId('set-scores-pair-2')).toHaveText('Coello / Tapia')
  const box = async (id: string) => (await first.getByTestId(id).boundingBox())!
  const [a, b, c] = [
    await box('set-1-pair-1'),
    await box('set-1-pair-2'),
    await box('set-2-pair-1'),
  ]
  expect(Math.abs(a.y - b.y)).toBeLessThan(2)
  expect(b.x).toBeGreaterThan(a.x)
  expect(c.y).toBeGreaterThan(a.y)
  await first.getByTestId('set-1-pair-1').focus()
  await page.keyboard.press('Tab')
  await expect(first.getByTestId('set-1-pair-2')).toBeFocused()
  await expect(first.getByTestId('set-1-pair-2')).toHaveAccessibleName(
    'Coello / Tapia, games in set 1',
  )
  await expectNoSeriousA11yViolations(page)

  // 14 of 15: nothing to finish yet; 15 of 15: finish, choose the MVP, settle.
  await enterWinners(page, built, 14)
  await page.reload()
  await expect(page.getByTestId('results-count')).toHaveText('14 of 15 matches decided')
  await expect(page.getByTestId('finish-tournament')).toHaveCount(0)
  await enterWinners(page, built, 15)
  await page.reload()
  const finish = page.getByRole('region', { name: 'All 15 results are in' })
  await expect(finish).toBeVisible()
  await finish.getByRole('button', { name: 'Finish the tournament' }).click()
  const confirm = page.getByRole('dialog', { name: `Finish ${built.name}?` })
  await confirm.getByRole('button', { name: 'Finish the tournament' }).click()
  await expect(finish).toContainText(`${built.name} is completed. Next: choose its MVP.`)
  await finish.getByRole('button', { name: 'Set MVP' }).click()
  const picker = page.getByTestId('mvp-picker')
  await picker.getByRole('radio').first().check()
  await picker.getByRole('button', { name: /^Set .+ as MVP$/ }).click()
  await expect(finish.getByRole('button', { name: `Settle ${built.name}` })).toBeVisible()

  // Cancelling is red, apart from Settle, and asks first; the focus starts on keeping it.
  const cancel = finish.getByRole('button', { name: `Cancel tournament ${built.name}…` })
  await expect(cancel).toHaveText('Cancel tournament…')
  const [settleBox, cancelBox] = [
    (await finish.getByRole('button', { name: `Settle ${built.name}` }).boundingBox())!,
    (await cancel.boundingBox())!,
  ]
  expect(cancelBox.x - (settleBox.x + settleBox.width)).toBeGreaterThanOrEqual(16)
  const colour = await cancel.evaluate((element) => getComputedStyle(element).color)
  expect(colour).toBe('rgb(180, 35, 24)')
  await cancel.click()
  const asked = page.getByRole('dialog', { name: `Cancel ${built.name}?` })
  await expect(asked.getByRole('button', { name: 'Keep tournament' })).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  await asked.getByRole('button', { name: 'Keep tournament' }).click()

  // Settle: the preview, then the payout.
  await finish.getByRole('button', { name: `Settle ${built.name}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Settle and pay' }).click()
  await expect(finish).toContainText(`${built.name} is settled`)

  // Spanish, at 360 px.
  await switchLanguage(page, 'es')
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(`/admin/tournaments/${built.id}/results`)
  const primero = page.getByRole('group', { name: 'Octavos de final · Partido 1', exact: true })
  await primero.getByRole('button', { name: 'Resultado por sets' }).click()
  await expect(primero.getByTestId('set-scores-pair-1')).toHaveText('Galán / Chingotto')
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)
})
