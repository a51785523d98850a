import { expect, test } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'
import { buildBracketTournament, setStatus } from './support/tournament-builder'
import { expectNoPageScrollX } from './support/tournaments'
import { pickRound, ROUNDS } from './support/wizard'

// The second chance for fans (docs/product.md, second chance for fans): the admin completes the
// round of 16 against the favourites and opens the second chance (through the API); a fan whose
// bracket is busted enters it through the wizard from the quarterfinals, sees their entry on the
// tournament page and the second chance's standings behind the contest switch.

interface AdminMatch {
  id: string
  round: string
  matchNumber: number
  team1Id: string
  team2Id: string
}

test('a busted fan enters the second chance and finds it in the standings', async ({ browser }) => {
  // A long journey on a shared, loaded machine: setup, a whole wizard and four accessibility scans.
  test.setTimeout(600_000)
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const built = await buildBracketTournament(admin, {
    prefix: 'SecondChance',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })

  const fanContext = await browser.newContext()
  await useLanguage(fanContext, 'en')
  await createConfirmedUser(fanContext.request, 'secondfan', 'en')
  // Pair 1 of every match: busted when every pair 2 wins the round of 16.
  const { balance } = await placeFavouritesBet(fanContext.request, built.id)

  await setStatus(admin, built, 'active')
  const { matches } = (await (
    await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`)
  ).json()) as { matches: AdminMatch[] }
  for (const match of matches.filter((m) => m.round === 'round16')) {
    const saved = await admin.put(`/api/admin/matches/${match.id}`, {
      data: {
        tournamentId: built.id,
        round: match.round,
        matchNumber: match.matchNumber,
        team1Id: match.team1Id,
        team2Id: match.team2Id,
        winnerTeamId: match.team2Id,
      },
    })
    expect(saved.status(), await saved.text()).toBe(200)
  }
  const opened = await admin.post(`/api/admin/tournaments/${built.id}/second-chance`, {
    data: {
      entryFee: 30,
      basePool: 500,
      multiplier: 1,
      bettingDeadline: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
    },
  })
  expect(opened.status(), await opened.text()).toBe(201)

  const page = await fanContext.newPage()
  await page.goto(`/tournament/${built.id}`)
  const card = page.getByTestId('second-chance-card')
  await expect(card).toBeVisible({ timeout: 15_000 })
  await expect(card.getByTestId('second-chance-fee')).toHaveText('30 coins')
  await expect(card.getByTestId('second-chance-pool')).toHaveText('500 coins')
  await expect(card.getByTestId('second-chance-entrants')).toHaveText('0')
  await expect(card.getByTestId('countdown')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The link of its deadline reminder opens its wizard straight away.
  await page.goto(`/tournament/${built.id}?secondChance=1`)
  await expect(
    page.locator('[data-testid="bracket-wizard"][data-contest="second_chance"]'),
  ).toBeVisible({ timeout: 15_000 })
  await expect(card.getByTestId('enter-second-chance')).toHaveCount(0)
  await page.goto(`/tournament/${built.id}`)

  // The wizard from the quarterfinals: four steps.
  await card.getByTestId('enter-second-chance').click()
  const wizard = page.locator('[data-testid="bracket-wizard"][data-contest="second_chance"]')
  await expect(wizard).toBeVisible()
  await expect(wizard.getByTestId('wizard-step-count')).toHaveText('Step 1 of 4')
  const title = wizard.getByTestId('wizard-step-title')
  for (const [name, count] of ROUNDS.slice(1)) {
    await expect(title).toHaveText(name)
    await pickRound(wizard, count)
    await wizard.getByRole('button', { name: 'Next' }).click()
  }
  await expect(title).toHaveText('MVP')
  await expect(wizard.getByTestId('wizard-progress')).toContainText('7')
  await wizard.getByTestId('tiebreaker-input').fill('24')
  await wizard.getByTestId('mvp-option').first().click()

  const review = page.getByRole('dialog', { name: 'Review your prediction' })
  await expect(review).toBeVisible()
  await expect(review.getByTestId('review-fee')).toHaveText('30 coins')
  await expect(review.getByTestId('review-balance-after')).toHaveText(
    `${(balance - 30).toLocaleString('en-GB')} coins`,
  )
  await expectNoSeriousA11yViolations(page)
  await review.getByTestId('confirm-bet').click()

  // Entered: the fan's second-chance bracket, drawn from the quarterfinals.
  const entry = page.getByTestId('my-second-chance')
  await expect(entry).toBeVisible({ timeout: 15_000 })
  await expect(entry).toContainText('Your second-chance bracket')
  await expect(entry.getByRole('heading', { name: 'Round of 16' })).toHaveCount(0)
  await expect(entry.getByRole('heading', { name: 'Quarterfinals' })).toBeVisible()
  await expect(card).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // Standings: the switch, its choice in the URL; the second chance shows its entries only.
  await page.goto(`/tournaments/${built.id}/standings`)
  const contestSwitch = page.getByTestId('contest-switch')
  await expect(contestSwitch).toBeVisible()
  await expect(contestSwitch.getByRole('button', { name: 'Main bracket' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByTestId('standings-me')).toBeVisible({ timeout: 15_000 })
  const secondChance = contestSwitch.getByRole('button', { name: 'Second chance' })
  await secondChance.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/contest=second_chance/)
  await expect(secondChance).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('standings-closed')).toContainText('1 entry so far')
  await expectNoSeriousA11yViolations(page)
  // The URL keeps the contest on a reload, and on a phone nothing scrolls sideways.
  await page.reload()
  await expect(page.getByTestId('standings-closed')).toContainText('1 entry so far')
  await page.setViewportSize({ width: 360, height: 740 })
  await expectNoPageScrollX(page)
  await page.goto(`/tournament/${built.id}`)
  await expect(page.getByTestId('my-second-chance')).toBeVisible({ timeout: 15_000 })
  await expectNoPageScrollX(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // A quarterfinal is played: the second chance closes, its standings rank it, and the fan's row
  // opens the second-chance bracket (7 picks + MVP, no round of 16).
  const { matches: drawn } = (await (
    await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`)
  ).json()) as { matches: AdminMatch[] }
  const quarterfinal = drawn.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
  const played = await admin.put(`/api/admin/matches/${quarterfinal.id}`, {
    data: {
      tournamentId: built.id,
      round: quarterfinal.round,
      matchNumber: quarterfinal.matchNumber,
      team1Id: quarterfinal.team1Id,
      team2Id: quarterfinal.team2Id,
      winnerTeamId: quarterfinal.team1Id,
    },
  })
  expect(played.status(), await played.text()).toBe(200)
  await page.goto(`/tournaments/${built.id}/standings?contest=second_chance`)
  const row = page.getByRole('link', { name: 'Open the bracket of secondfan' })
  await expect(row).toBeVisible({ timeout: 15_000 })
  await row.click()
  // createConfirmedUser makes the name unique with a suffix.
  await expect(page).toHaveURL(/\/brackets\/secondfan\w*\?contest=second_chance$/)
  await expect(page.getByRole('heading', { name: /^secondfan\w*'s second chance$/ })).toBeVisible()
  await expect(page.getByTestId('bracket-score')).toContainText('of 8 correct')
  const tree = page.getByTestId('fan-bracket')
  await expect(tree.getByRole('heading', { name: 'Quarterfinals' })).toBeVisible()
  await expect(tree.getByRole('heading', { name: 'Round of 16' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // My brackets: the second-chance entry is a card of its own, ranked in its own contest.
  await page.goto('/my-brackets')
  const entryCard = page.locator('[data-testid="my-brackets-item"][data-contest="second_chance"]')
  await expect(entryCard).toContainText('Second chance')
  await expect(entryCard.getByTestId('my-brackets-rank')).toHaveText('Rank 1 of 1')
  await expect(page.locator('[data-testid="my-brackets-item"][data-contest="main"]')).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)

  await fanContext.close()
  await adminContext.close()
})
