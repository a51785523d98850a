// Signed-in admin and fan browsers for the admin route tests.
import { expect } from 'vitest'
import type { Database } from '#server/db/client'
import { STRONG_PASSWORD, type TestSetup } from '#tests/accounts'
import { insertUser } from '#tests/factories'
import { signInAs, type BracketTournament } from '#tests/game-factories'
import { TestBrowser } from '#tests/test-browser'

export async function signInAdmin(setup: Pick<TestSetup, 'app'>, db: Database) {
  const admin = await insertUser(db, { role: 'admin', password: STRONG_PASSWORD, username: null })
  const browser = new TestBrowser(setup.app)
  const res = await browser.post('/api/auth/sign-in/email', {
    email: admin.email,
    password: STRONG_PASSWORD,
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return { userId: admin.id, browser }
}

export { signInAs }

export function put(browser: TestBrowser, path: string, json: unknown) {
  return browser.request(path, { method: 'PUT', json })
}

export async function errorOf(res: Response) {
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: { issues?: { message: string }[] } }
  }
  return {
    code: body.error.code,
    message: body.error.message,
    messages: body.error.details?.issues?.map((issue) => issue.message) ?? [],
    details: body.error.details,
  }
}

/** The admin match input that enters (or clears, with null) the winner of a bracket's match. */
export function matchBody(bracket: BracketTournament, index: number, winnerTeamId: string | null) {
  const match = bracket.matches[index]!
  return {
    tournamentId: bracket.tournament.id,
    round: match.round,
    matchNumber: match.matchNumber,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    winnerTeamId,
  }
}
