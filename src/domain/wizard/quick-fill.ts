// Quick fill (docs/product.md "Changing a bracket and quick fill"): the wizard fills every pick at once, from the rankings
// ("Favourites"), at random, or as most fans picked ("Popular", docs/decisions/163), and the fan
// then changes what they like. "Finish my bracket" keeps the picks made and fills the rest by the
// same rules. Pure: the random source is passed in, so a test can make it deterministic.
import {
  indexBracket,
  predictFromIndex,
  type MatchRef,
  type Picks,
  type PlayerId,
  type TeamId,
} from '#domain/bracket/bracket'
import { FINAL_TOTAL_GAMES_MAX, FINAL_TOTAL_GAMES_MIN } from '#domain/padel/set-scores'

export const QUICK_FILL_MODES = ['favourites', 'random', 'popular'] as const
export type QuickFillMode = (typeof QUICK_FILL_MODES)[number]

/** The most-picked winner per match and MVP (GET /api/tournaments/:id/popular-picks). */
export interface PopularPicks {
  readonly picks: Picks
  readonly mvpPlayerId: PlayerId | null
}

/** What a fill starts from: the popular picks to follow, the fan's picks to keep. */
export interface QuickFillOptions {
  readonly random?: RandomSource
  /** Needed by the popular rule; without it (or where it names neither pair) favourites decide. */
  readonly popular?: PopularPicks | null
  /** Finish my bracket: these picks stay where they are still valid, and this MVP with them. */
  readonly keep?: { readonly picks: Picks; readonly mvpPlayerId: PlayerId | null }
}

/** A pair with what the favourites rule compares: rankings, 0 meaning unranked (last). */
export interface RankedPair {
  readonly id: TeamId
  readonly ranking: number
  /** Position in the draw; the better seed wins a tie of rankings. */
  readonly seed: number | null
  readonly player1: { readonly id: PlayerId; readonly ranking: number }
  readonly player2: { readonly id: PlayerId; readonly ranking: number }
}

export interface QuickFill {
  readonly picks: Picks
  readonly mvpPlayerId: PlayerId | null
  readonly finalTotalGames: number
}

/**
 * The tiebreaker a favourites fill suggests: a two-set final such as 6-4 7-5 (22 games), the
 * usual shape of a final between the two best pairs.
 */
export const FAVOURITES_FINAL_TOTAL_GAMES = 22

/** A random number in [0, 1), like Math.random. */
export type RandomSource = () => number

/** A ranking as an order: lower is better, 0 (unranked) after every ranked one. */
function rankOrder(ranking: number): number {
  return ranking > 0 ? ranking : Number.POSITIVE_INFINITY
}

function seedOrder(seed: number | null): number {
  return seed ?? Number.POSITIVE_INFINITY
}

/** The favourite of two pairs: the better ranking, then the better seed, then the first slot. */
function favouriteOf(first: RankedPair, second: RankedPair): RankedPair {
  const byRanking = rankOrder(first.ranking) - rankOrder(second.ranking)
  if (byRanking !== 0) return byRanking < 0 ? first : second
  const bySeed = seedOrder(first.seed) - seedOrder(second.seed)
  if (bySeed !== 0) return bySeed < 0 ? first : second
  return first
}

function randomIndex(random: RandomSource, count: number): number {
  // Clamped: a source that returns exactly 1 must not run past the end.
  return Math.min(count - 1, Math.floor(random() * count))
}

/** The favourites rule's MVP: the champion's better-ranked player (the first on a tie). */
function favouriteMvp({ player1, player2 }: RankedPair): PlayerId {
  return rankOrder(player2.ranking) < rankOrder(player1.ranking) ? player2.id : player1.id
}

/**
 * Every playable match picked round by round (each later match between the pairs the earlier
 * picks put there), the MVP from the predicted champion, and a tiebreaker. A match whose pairs
 * are unknown (a draw not made) stays unpicked, as does the MVP then.
 *
 * - favourites: the better-ranked pair wins every match; the MVP is the champion's better-ranked
 *   player; the tiebreaker is FAVOURITES_FINAL_TOTAL_GAMES.
 * - random: each match a fair coin; the MVP one of the champion's two players; the tiebreaker any
 *   whole number the form accepts.
 * - popular: the most-picked winner of each match when it is one of the match's two pairs (a kept
 *   pick can bring another pair there), else the favourite; the popular MVP when they play for
 *   the champion, else the favourites' MVP; the favourites' tiebreaker.
 *
 * With `keep` (finish my bracket), a kept pick that is still one of its match's pairs stays, and
 * the kept MVP stays when they play for the champion; only the rest is filled by the rule.
 */
export function quickFill(
  matches: readonly MatchRef[],
  pairs: readonly RankedPair[],
  mode: QuickFillMode,
  { random = Math.random, popular = null, keep }: QuickFillOptions = {},
): QuickFill {
  const pairById = new Map(pairs.map((pair) => [pair.id, pair]))
  const index = indexBracket(matches)
  const picks: Record<string, TeamId> = {}
  const choose = (matchId: string, first: RankedPair, second: RankedPair): TeamId => {
    const kept = keep?.picks[matchId]
    if (kept === first.id || kept === second.id) return kept
    if (mode === 'random') return [first, second][randomIndex(random, 2)]!.id
    const liked = mode === 'popular' ? popular?.picks[matchId] : undefined
    if (liked === first.id || liked === second.id) return liked
    return favouriteOf(first, second).id
  }
  // Playable matches come in round order: each match's pairs are known once the matches before
  // it are picked. 15 matches, so one prediction pass per match costs nothing worth saving.
  for (const slot of index.playable) {
    const match = predictFromIndex(index, picks).find((m) => m.matchId === slot.id)
    const first = match?.team1Id ? pairById.get(match.team1Id) : undefined
    const second = match?.team2Id ? pairById.get(match.team2Id) : undefined
    if (!first || !second) continue
    picks[slot.id] = choose(slot.id, first, second)
  }

  const final = predictFromIndex(index, picks).find((match) => match.round === 'final')
  const champion = final?.winnerTeamId ? pairById.get(final.winnerTeamId) : undefined
  let mvpPlayerId: PlayerId | null = null
  if (champion) {
    const plays = (id: PlayerId | null | undefined): id is PlayerId =>
      id === champion.player1.id || id === champion.player2.id
    const liked = mode === 'popular' ? popular?.mvpPlayerId : undefined
    mvpPlayerId = plays(keep?.mvpPlayerId)
      ? keep.mvpPlayerId
      : mode === 'random'
        ? [champion.player1, champion.player2][randomIndex(random, 2)]!.id
        : plays(liked)
          ? liked
          : favouriteMvp(champion)
  }
  const finalTotalGames =
    mode === 'random'
      ? FINAL_TOTAL_GAMES_MIN +
        randomIndex(random, FINAL_TOTAL_GAMES_MAX - FINAL_TOTAL_GAMES_MIN + 1)
      : FAVOURITES_FINAL_TOTAL_GAMES
  return { picks, mvpPlayerId, finalTotalGames }
}
