import { expect as baseExpect, test, type Page } from './support/test'
import { createConfirmedUser, E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectShownBriefly } from './support/brief-states'
import { buildBracketTournament, setStatus } from './support/tournament-builder'
import { DEMO, expectNoPageScrollX, tournamentId } from './support/tournaments'
import { pickRound, ROUNDS } from './support/wizard'

// Padel results and the tiebreaker (docs/product.md "Statuses, deadlines and the wizard" and §5): the admin types a match's sets on
// the results bracket and every fan sees them on the tournament page; the wizard asks the final's
// total games before the review, which shows it, and the fan's bracket keeps it.

const expect = baseExpect.configure({ timeout: 15_000 })
// Busy machines: the admin journey builds a whole tournament through the API first.
test.describe.configure({ timeout: 300_000 })

const admin = { username: 'e2e-admin', ...E2E_ADMIN }

const match = (page: Page, round: string, number: number) =>
  page.getByRole('group', { name: `${round} · Match ${number}`, exact: true })

test('the admin enters set scores on the bracket; the tournament page shows them', async ({
  page,
  browser,
}) => {
  await useLanguage(page.context(), 'en')
  await signInByApi(page, admin)
  const built = await buildBracketTournament(page.request, {
    prefix: 'E2E Sets',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.7,
  })
  // Live: betting has closed, results may come in.
  await setStatus(page.request, built, 'active')

  await page.goto(`/admin/tournaments/${built.id}/results`)
  const first = match(page, 'Round of 16', 1)
  await expect(first.getByRole('button').first()).toBeEnabled()

  // The grid opens when asked; set by set with the keyboard: pair 1, pair 2, then the next set.
  await first.getByTestId('set-scores-toggle').click()
  await first.getByTestId('set-1-pair-1').click()
  for (const games of ['6', '4', '3', '6', '10', '8']) {
    await page.keyboard.type(games)
    await page.keyboard.press('Tab')
  }
  await expect(first.getByRole('button', { name: 'Save scores' })).toBeFocused()
  await page.keyboard.press('Enter')
  // Scores without a winner make the pair they name the winner.
  await expect(first.getByTestId('saved-sets')).toHaveText('Scores: 6–4 3–6 10–8')
  await expect(first.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('results-count')).toHaveText('1 of 15 matches decided')

  // A score that is no padel set is refused before it is sent, in words.
  const second = match(page, 'Round of 16', 2)
  await second.getByTestId('set-scores-toggle').click()
  await second.getByTestId('set-1-pair-1').fill('6')
  await second.getByTestId('set-1-pair-2').fill('5')
  await second.getByTestId('set-2-pair-1').fill('6')
  await second.getByTestId('set-2-pair-2').fill('4')
  await second.getByRole('button', { name: 'Save scores' }).click()
  await expect(second.getByRole('alert')).toHaveText(
    'Set 1 is not a padel set score (6–0 to 6–4, 7–5 or 7–6).',
  )
  await expect(second.getByTestId('set-1-pair-1')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('results-count')).toHaveText('1 of 15 matches decided')
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)

  // The tournament page, for a fan without a bet, in both languages.
  for (const [language, line] of [
    ['en', 'Score: 6–4 3–6 10–8'],
    ['es', 'Resultado: 6–4 3–6 10–8'],
  ] as const) {
    const context = await browser.newContext()
    await useLanguage(context, language)
    await createConfirmedUser(context.request, 'scores', language)
    const fan = await context.newPage()
    await fan.goto(`/tournament/${built.id}`)
    const tree = fan.getByTestId('results-section').getByTestId('bracket-tree')
    const card = tree.getByTestId('bracket-match').first()
    await expect(card.getByTestId('match-score')).toHaveText(line)
    await expect(card.getByTestId('set-games').first()).toHaveText('6310')
    await expect(card.getByTestId('set-games').nth(1)).toHaveText('468')
    await expect(tree.getByTestId('match-score')).toHaveCount(1)
    await expectNoSeriousA11yViolations(fan)
    await context.close()
  }

  // The API says the same: the detail's matches carry their sets.
  const detail = (await (await page.request.get(`/api/tournaments/${built.id}`)).json()) as {
    matches: { round: string; matchNumber: number; sets: number[][] | null }[]
  }
  expect(detail.matches.find((m) => m.round === 'round16' && m.matchNumber === 1)?.sets).toEqual([
    [6, 4],
    [3, 6],
    [10, 8],
  ])
})

test('the wizard asks the final’s total games; the review and the fan’s bracket show it', async ({
  page,
}) => {
  await useLanguage(page.context(), 'en')
  await createConfirmedUser(page.request, 'tiebreak', 'en')
  const id = await tournamentId(page, DEMO.madrid)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  const title = wizard.getByTestId('wizard-step-title')
  for (const [name, count] of ROUNDS) {
    await expect(title).toHaveText(name)
    await pickRound(wizard, count)
    await wizard.getByRole('button', { name: 'Next' }).click()
  }
  await expect(title).toHaveText('MVP')
  const field = wizard.getByLabel('Total games of the final')
  // The hint gives the range before anything is typed.
  await expect(wizard.getByTestId('tiebreaker')).toContainText(
    'how many games the final will have in all, from 12 to 39. A match tiebreak counts as one game. It only orders ties in the standings and never changes prizes.',
  )
  await expectNoSeriousA11yViolations(page)

  // The MVP comes first; alone it does not open the review: the field takes the focus.
  await wizard.getByTestId('mvp-option').first().click()
  const review = page.getByRole('dialog', { name: 'Review your prediction' })
  await expect(review).toBeHidden()
  await expect(field).toBeFocused()
  await expect(wizard.getByRole('alert')).toHaveCount(0)
  // A number out of range is named as the fan leaves the field.
  await page.keyboard.type('40')
  await page.keyboard.press('Tab')
  await expect(wizard.getByRole('alert')).toHaveText('Enter a whole number from 12 to 39.')
  await field.focus()
  await page.keyboard.press('Enter')
  await expect(wizard.getByRole('alert')).toHaveText('Enter a whole number from 12 to 39.')
  await expect(review).toBeHidden()
  await field.fill('27')
  await page.keyboard.press('Enter')

  await expect(review).toBeVisible()
  await expect(review.getByTestId('review-tiebreaker')).toHaveText('27')
  await expectNoSeriousA11yViolations(page)
  await review.getByTestId('confirm-bet').click()
  await expectShownBriefly(review.getByText('Your prediction is in. Good luck!'))

  await expect(page.getByTestId('tiebreaker-prediction')).toHaveText(
    'Your tiebreaker: 27 games in the final',
  )
  const myBet = (await (await page.request.get(`/api/tournaments/${id}/my-bet`)).json()) as {
    finalTotalGames: number | null
  }
  expect(myBet.finalTotalGames).toBe(27)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)
})

test('in Spanish: the tiebreaker is asked, kept over a reload and shown in the review', async ({
  page,
}) => {
  await useLanguage(page.context(), 'es')
  await createConfirmedUser(page.request, 'desempate', 'es')
  const id = await tournamentId(page, DEMO.lisbon)
  await page.goto(`/tournament/${id}`)
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  const title = wizard.getByTestId('wizard-step-title')
  for (const [name, count] of [
    ['Octavos de final', 8],
    ['Cuartos de final', 4],
    ['Semifinales', 2],
    ['Final', 1],
  ] as const) {
    await expect(title).toHaveText(name)
    await pickRound(wizard, count)
    await wizard.getByRole('button', { name: 'Siguiente' }).click()
  }
  await expect(title).toHaveText('MVP')
  await wizard.getByLabel('Juegos totales de la final').fill('30')
  await expect(wizard.getByTestId('tiebreaker')).toContainText(
    'Un súper tie-break cuenta como un juego.',
  )

  // The draft keeps it: a reload reopens the wizard where it was, the number still there.
  await page.waitForTimeout(200)
  await page.reload()
  await expect(title).toHaveText('MVP')
  await expect(wizard.getByLabel('Juegos totales de la final')).toHaveValue('30')
  await expectNoSeriousA11yViolations(page)

  await wizard.getByTestId('mvp-option').first().click()
  const review = page.getByRole('dialog', { name: 'Revisa tu pronóstico' })
  await expect(review.getByTestId('review-tiebreaker')).toHaveText('30')
  await expect(review).toContainText('Juegos totales de la final')
  await expectNoSeriousA11yViolations(page)
})
