// Factories for the second chance (docs/product.md "Second chance"): a tournament whose round of 16 is
// played ("team 1 always wins", the winners moved into the quarterfinals), the admin's opening
// body, and a second-chance entry chosen pick by pick.
import { asc, eq } from 'drizzle-orm'
import { picksFromEntries, predictFromIndex, type PredictedMatch } from '#domain/bracket/bracket'
import { indexSecondChance } from '#domain/bracket/second-chance'
import type { PickInput } from '#shared/schemas/bet'
import type { OpenSecondChanceInput } from '#shared/schemas/second-chance'
import type { Database } from '#server/db/client'
import { matches, tournaments } from '#server/db/schema'
import type { BracketTournament, TestMatchRow } from './game-factories'

/**
 * Main betting closed (status active) and the round of 16 won by each match's team 1, those
 * winners written into the quarterfinals as the admin's result entry does. The matches, reloaded.
 */
export async function playRound16(
  db: Database,
  bracket: BracketTournament,
): Promise<TestMatchRow[]> {
  await db
    .update(tournaments)
    .set({ status: 'active' })
    .where(eq(tournaments.id, bracket.tournament.id))
  const round16 = bracket.matches.filter((match) => match.round === 'round16')
  for (const match of round16) {
    await db.update(matches).set({ winnerTeamId: match.team1Id }).where(eq(matches.id, match.id))
  }
  for (const match of bracket.matches.filter((row) => row.round === 'quarterfinal')) {
    const first = round16[2 * match.matchNumber - 2]!
    const second = round16[2 * match.matchNumber - 1]!
    await db
      .update(matches)
      .set({ team1Id: first.team1Id, team2Id: second.team1Id })
      .where(eq(matches.id, match.id))
  }
  return reloadMatches(db, bracket.tournament.id)
}

export async function reloadMatches(db: Database, tournamentId: string): Promise<TestMatchRow[]> {
  const rows = await db
    .select({
      id: matches.id,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.round), asc(matches.matchNumber))
  return rows
}

export function openBody(values: Partial<OpenSecondChanceInput> = {}): OpenSecondChanceInput {
  return {
    entryFee: 400,
    basePool: 1000,
    multiplier: 0.5,
    bettingDeadline: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    ...values,
  }
}

/**
 * A valid second-chance entry on matches whose quarterfinals hold their pairs: `choose` picks each
 * match's winner from the pairs the earlier picks put there (default team 1); the MVP is player 1
 * of the predicted champion.
 */
export function secondChanceBody(
  bracket: Pick<BracketTournament, 'teams'> & { matches: TestMatchRow[] },
  choose: (match: PredictedMatch) => string | null = (match) => match.team1Id,
): { picks: PickInput[]; mvpPlayerId: string } {
  const index = indexSecondChance(bracket.matches)
  const chosen: Record<string, string> = {}
  for (let i = 0; i < index.playable.length; i += 1) {
    const match = predictFromIndex(index, picksFromEntries(entries(chosen)))[i]!
    const winner = choose(match)
    if (winner) chosen[match.matchId] = winner
  }
  const final = index.playable.find((match) => match.round === 'final')!
  const champion = bracket.teams.find((team) => team.id === chosen[final.id])!
  return { picks: entries(chosen), mvpPlayerId: champion.player1Id }
}

function entries(chosen: Record<string, string>): PickInput[] {
  return Object.entries(chosen).map(([matchId, winnerTeamId]) => ({ matchId, winnerTeamId }))
}
