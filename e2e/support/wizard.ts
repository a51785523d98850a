// Helpers for the wizard journeys: filling rounds with the mouse, reading the tournament's pairs
// and the picks the browser keeps for a reload.
import { expect, type Locator, type Page } from '@playwright/test'

export const ROUNDS = [
  ['Round of 16', 8],
  ['Quarterfinals', 4],
  ['Semifinals', 2],
  ['Final', 1],
] as const

export interface DetailPair {
  id: string
  player1: { id: string; name: string }
  player2: { id: string; name: string }
}

export interface DetailMatch {
  id: string
  round: string
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
}

export async function tournamentDetail(
  page: Page,
  id: string,
): Promise<{ pairs: DetailPair[]; matches: DetailMatch[]; entryFee: number }> {
  const response = await page.request.get(`/api/tournaments/${id}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as {
    pairs: DetailPair[]
    matches: DetailMatch[]
    entryFee: number
  }
}

export const pairLabel = (pair: DetailPair | undefined) =>
  pair ? `${pair.player1.name} / ${pair.player2.name}` : ''

/** Picks every match of the step on screen: `side(i)` is 0 for the first pair, 1 for the second. */
export async function pickRound(
  wizard: Locator,
  count: number,
  side: (i: number) => 0 | 1 = () => 0,
): Promise<void> {
  const pickers = wizard.getByTestId('match-picker')
  await expect(pickers).toHaveCount(count)
  for (let i = 0; i < count; i += 1) {
    await pickers.nth(i).getByTestId('pick-option').nth(side(i)).click()
    await expect(pickers.nth(i).getByRole('radio').nth(side(i))).toBeChecked()
  }
}

/**
 * All four rounds with the mouse, ending on the MVP step with the tiebreaker (the final's total
 * games) typed, so choosing the MVP opens the review.
 */
export async function fillBracket(
  wizard: Locator,
  side?: (i: number) => 0 | 1,
  finalTotalGames = 25,
): Promise<void> {
  const title = wizard.getByTestId('wizard-step-title')
  for (const [name, count] of ROUNDS) {
    await expect(title).toHaveText(name)
    await pickRound(wizard, count, side)
    await wizard.getByRole('button', { name: 'Next' }).click()
  }
  await expect(title).toHaveText('MVP')
  await wizard.getByTestId('tiebreaker-input').fill(String(finalTotalGames))
}

/** The picks in progress the browser keeps for this tournament (null when none). */
export async function keptDraft(
  page: Page,
  tournamentId: string,
): Promise<{ picks: Record<string, string>; mvpPlayerId: string | null } | null> {
  const text = await page.evaluate((suffix) => {
    const key = Object.keys(window.localStorage).find(
      (k) => k.startsWith('golden-point.wizard-draft.') && k.endsWith(suffix),
    )
    return key ? window.localStorage.getItem(key) : null
  }, `.${tournamentId}`)
  return text ? (JSON.parse(text) as { picks: Record<string, string>; mvpPlayerId: string }) : null
}
