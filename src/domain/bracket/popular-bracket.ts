// The popular bracket (docs/decisions/163): from the People's Bracket counts, the winner most
// brackets chose in each match, round by round among the two pairs the earlier popular picks put
// there, so that the answer is always a bracket the server accepts.
import {
  findTeam,
  indexBracket,
  predictFromIndex,
  type MatchId,
  type MatchRef,
  type TeamId,
  type Teams,
} from './bracket'

/**
 * The popular picks are shown only from this many brackets on: fewer, and a fan could tell what
 * one other fan picked (docs/decisions/163).
 */
export const POPULAR_PICKS_MIN_BRACKETS = 50

/** How many brackets picked a pair (or a player). */
export interface PickTally {
  readonly id: string
  readonly count: number
}

export interface PopularPick {
  readonly matchId: MatchId
  readonly winnerTeamId: TeamId
  /** Brackets that picked this pair to win this match. */
  readonly count: number
}

export interface PopularBracket {
  readonly picks: readonly PopularPick[]
  readonly mvp: PickTally | null
}

/** The more-picked of two ids; a tie (or nobody) goes to the first one, as the draw lists it. */
function morePicked(first: string, second: string, tallies: readonly PickTally[]): PickTally {
  const countOf = (id: string) => tallies.find((tally) => tally.id === id)?.count ?? 0
  const [a, b] = [countOf(first), countOf(second)]
  return b > a ? { id: second, count: b } : { id: first, count: a }
}

/**
 * Every playable match picked by popularity: `winners` holds per match how many brackets picked
 * each pair to win it, `mvps` how many picked each player. The MVP is the more-picked of the
 * popular champion's two players. A draw not made yet leaves its matches unpicked.
 */
export function popularBracket(
  matches: readonly MatchRef[],
  winners: ReadonlyMap<MatchId, readonly PickTally[]>,
  mvps: readonly PickTally[],
  teams: Teams,
): PopularBracket {
  const index = indexBracket(matches)
  const chosen: Record<MatchId, TeamId> = {}
  const picks: PopularPick[] = []
  for (const slot of index.playable) {
    const match = predictFromIndex(index, chosen).find((m) => m.matchId === slot.id)
    if (!match?.team1Id || !match.team2Id) continue
    const winner = morePicked(match.team1Id, match.team2Id, winners.get(slot.id) ?? [])
    chosen[slot.id] = winner.id
    picks.push({ matchId: slot.id, winnerTeamId: winner.id, count: winner.count })
  }
  const final = picks.at(-1)
  const isFinal = final !== undefined && index.byId.get(final.matchId)?.round === 'final'
  const champion = isFinal ? findTeam(teams, final.winnerTeamId) : undefined
  const mvp = champion ? morePicked(champion.player1Id, champion.player2Id, mvps) : null
  return { picks, mvp }
}
