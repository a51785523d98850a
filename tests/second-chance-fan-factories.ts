// Test data for the second chance (docs/product.md, second chance for fans): a bracket
// tournament whose round of 16 is played (team 1 wins) with the quarterfinals filled, an opened
// second chance, and second-chance brackets written directly (the money side is sc-money's and
// tested there).
import { eq } from 'drizzle-orm'
import { predictedMatchups, type PredictedMatch } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import type { Database } from '#server/db/client'
import { bets, matches, tournamentContests, tournaments } from '#server/db/schema'
import type { BracketTournament } from './game-factories'

/** Closes the main bracket and plays the round of 16: team 1 wins, the quarterfinals filled. */
export async function playRound16(db: Database, bracket: BracketTournament): Promise<void> {
  await db
    .update(tournaments)
    .set({ bettingDeadline: new Date(Date.now() - 60_000), status: 'active' })
    .where(eq(tournaments.id, bracket.tournament.id))
  const round16 = bracket.matches.filter((match) => match.round === 'round16')
  for (const match of round16) {
    await db.update(matches).set({ winnerTeamId: match.team1Id }).where(eq(matches.id, match.id))
  }
  for (const match of bracket.matches.filter((row) => row.round === 'quarterfinal')) {
    const feeders = round16.filter((row) => Math.ceil(row.matchNumber / 2) === match.matchNumber)
    const [first, second] = feeders.sort((a, b) => a.matchNumber - b.matchNumber)
    const values = { team1Id: first!.team1Id, team2Id: second!.team1Id }
    await db.update(matches).set(values).where(eq(matches.id, match.id))
    Object.assign(match, values)
  }
}

/** Opens the second chance directly (the admin route is sc-money's). */
export async function openSecondChance(
  db: Database,
  tournamentId: string,
  {
    deadline = new Date(Date.now() + 3_600_000),
    entryFee = 20,
    openedAt = new Date(),
  }: { deadline?: Date; entryFee?: number; openedAt?: Date } = {},
): Promise<void> {
  await db.insert(tournamentContests).values({
    tournamentId,
    contest: 'second_chance',
    entryFee,
    basePool: 100,
    multiplier: 1,
    bettingDeadline: deadline,
    createdAt: openedAt,
  })
}

export async function setSecondChanceDeadline(db: Database, tournamentId: string, deadline: Date) {
  await db
    .update(tournamentContests)
    .set({ bettingDeadline: deadline })
    .where(eq(tournamentContests.tournamentId, tournamentId))
}

/** A 7-pick bracket from the quarterfinals: `choose` picks each winner (default: team 1). */
export function secondChancePicks(
  bracket: BracketTournament,
  choose: (match: PredictedMatch) => string | null = (match) => match.team1Id,
): { picks: { matchId: string; winnerTeamId: string }[]; mvpPlayerId: string } {
  const contest = contestMatches(bracket.matches, 'second_chance')
  const chosen: Record<string, string> = {}
  for (let i = 0; i < contest.length; i += 1) {
    const match = predictedMatchups(contest, chosen)[i]
    const winner = match ? choose(match) : null
    if (match && winner) chosen[match.matchId] = winner
  }
  const final = contest.find((match) => match.round === 'final')!
  const champion = bracket.teams.find((team) => team.id === chosen[final.id])!
  return {
    picks: Object.entries(chosen).map(([matchId, winnerTeamId]) => ({ matchId, winnerTeamId })),
    mvpPlayerId: champion.player1Id,
  }
}

/** A second-chance bet written directly, its codes derived from its picks as settlement does. */
export async function insertSecondChanceBet(
  db: Database,
  bracket: BracketTournament,
  userId: string,
  choose?: (match: PredictedMatch) => string | null,
  finalTotalGames: number | null = null,
): Promise<string> {
  const { picks, mvpPlayerId } = secondChancePicks(bracket, choose)
  const contest = contestMatches(bracket.matches, 'second_chance')
  const predicted = predictedMatchups(
    contest,
    Object.fromEntries(picks.map((pick) => [pick.matchId, pick.winnerTeamId])),
  )
  const [row] = await db
    .insert(bets)
    .values({
      userId,
      tournamentId: bracket.tournament.id,
      amount: 20,
      contest: 'second_chance',
      mvpPlayerId,
      finalTotalGames,
      picks: predicted.map((match) => ({
        match_id: match.matchId,
        team1_id: match.team1Id!,
        team2_id: match.team2Id!,
        predicted_winner_id: match.winnerTeamId!,
      })),
    })
    .returning({ id: bets.id })
  return row!.id
}
