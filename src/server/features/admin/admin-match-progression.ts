// The bracket's progression kept by the server (docs/decisions/053): a match's winner goes into
// its slot of the next round, and a change takes it back out unless a later result depends on it.
import { and, eq } from 'drizzle-orm'
import { feederMatchNumbers, nextMatchNumber, nextRound, type Round } from '#domain/bracket/bracket'
import type { Executor } from '#server/db/client'
import { matches } from '#server/db/schema'
import { appErrorBecause } from '#server/errors'

type MatchRow = typeof matches.$inferSelect

/**
 * Moves the change of a match's winner into the next round's slot it feeds (first feeder →
 * team 1, second → team 2). 409 when that next match already has a winner: a later result
 * depends on the pair being there.
 */
export async function advanceWinner(
  tx: Executor,
  match: Pick<MatchRow, 'tournamentId' | 'round' | 'matchNumber'>,
  previousWinner: string | null,
  winner: string | null,
): Promise<void> {
  const round = nextRound(match.round as Round)
  if (round === null) return
  const number = nextMatchNumber(match.matchNumber)
  const [next] = await tx
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.tournamentId, match.tournamentId),
        eq(matches.round, round),
        eq(matches.matchNumber, number),
      ),
    )
    .for('update')
  if (!next) return
  const slot = feederMatchNumbers(number)[0] === match.matchNumber ? 'team1Id' : 'team2Id'
  if (next[slot] === winner) return
  if (next.winnerTeamId !== null) {
    throw appErrorBecause('CONFLICT', 'NEXT_MATCH_HAS_WINNER', { matchId: next.id, previousWinner })
  }
  await tx
    .update(matches)
    .set({ [slot]: winner })
    .where(eq(matches.id, next.id))
}
