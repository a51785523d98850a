// Bracket progression: which matches a prediction must cover and which pairs the user's own
// picks put into each later-round match. Pure: no I/O, no framework.

export type MatchId = string
export type TeamId = string
export type PlayerId = string

export const ROUND_ORDER = ['round16', 'quarterfinal', 'semifinal', 'final'] as const
export type Round = (typeof ROUND_ORDER)[number]

export const MATCHES_PER_ROUND: Readonly<Record<Round, number>> = {
  round16: 8,
  quarterfinal: 4,
  semifinal: 2,
  final: 1,
}

/** Matches of a well-formed bracket: 8 + 4 + 2 + 1. */
export const BRACKET_MATCH_COUNT = 15

/** A tournament match as the bracket rules need it (extra fields are ignored). */
export interface MatchRef {
  readonly id: MatchId
  readonly round: Round
  readonly matchNumber: number
  readonly team1Id: TeamId | null
  readonly team2Id: TeamId | null
}

/** A pair (team) and its two players. */
export interface TeamRef {
  readonly id: TeamId
  readonly player1Id: PlayerId
  readonly player2Id: PlayerId
}

/** Teams by id, or simply a list of them. */
export type Teams = ReadonlyMap<TeamId, TeamRef> | readonly TeamRef[]

/** A user's picks: match id → predicted winner team id. */
export type Picks = Readonly<Record<MatchId, TeamId>>

/** One pick as it arrives on the wire (a list can hold duplicates; a record cannot). */
export interface PickEntry {
  readonly matchId: MatchId
  readonly winnerTeamId: TeamId
}

/** A playable match with the participants the user's earlier picks put into it. */
export interface PredictedMatch {
  readonly matchId: MatchId
  readonly round: Round
  readonly matchNumber: number
  readonly team1Id: TeamId | null
  readonly team2Id: TeamId | null
  /** The user's pick when it is one of the two participants above, else null. */
  readonly winnerTeamId: TeamId | null
}

export function isRound(value: unknown): value is Round {
  return typeof value === 'string' && (ROUND_ORDER as readonly string[]).includes(value)
}

/** 0 for round16 … 3 for final. */
export function roundIndex(round: Round): number {
  return ROUND_ORDER.indexOf(round)
}

export function previousRound(round: Round): Round | null {
  return ROUND_ORDER[roundIndex(round) - 1] ?? null
}

export function nextRound(round: Round): Round | null {
  return ROUND_ORDER[roundIndex(round) + 1] ?? null
}

/** Match n of a later round takes the winners of matches 2n−1 and 2n of the round before. */
export function feederMatchNumbers(matchNumber: number): readonly [number, number] {
  return [2 * matchNumber - 1, 2 * matchNumber]
}

/** The match of the next round that the winner of match n plays in. */
export function nextMatchNumber(matchNumber: number): number {
  return Math.ceil(matchNumber / 2)
}

/** A pick looked up as an own property only, so ids such as "constructor" are never inherited. */
export function pickOf(picks: Picks, matchId: MatchId): TeamId | undefined {
  return Object.hasOwn(picks, matchId) ? picks[matchId] : undefined
}

/** Picks from a wire list; when a match is picked twice the first pick counts. */
export function picksFromEntries(entries: readonly PickEntry[]): Picks {
  const seen = new Set<MatchId>()
  const pairs: [MatchId, TeamId][] = []
  for (const entry of entries) {
    if (seen.has(entry.matchId)) continue
    seen.add(entry.matchId)
    pairs.push([entry.matchId, entry.winnerTeamId])
  }
  return Object.fromEntries(pairs)
}

export function pickEntries(picks: Picks): PickEntry[] {
  return Object.entries(picks).map(([matchId, winnerTeamId]) => ({ matchId, winnerTeamId }))
}

export function findTeam(teams: Teams, teamId: TeamId): TeamRef | undefined {
  if (teams instanceof Map) return teams.get(teamId)
  return (teams as readonly TeamRef[]).find((team) => team.id === teamId)
}

export function slotKey(round: Round, matchNumber: number): string {
  return `${round}#${matchNumber}`
}

/** The tournament's matches arranged as a bracket. */
export interface BracketIndex<M extends MatchRef = MatchRef> {
  readonly byId: ReadonlyMap<MatchId, M>
  /** The single row in each slot (round + number); a slot claimed by several rows is left empty. */
  readonly bySlot: ReadonlyMap<string, M>
  /**
   * Matches that a complete prediction must pick, in round order then match number: round16
   * matches with two different teams, and later matches whose two feeder matches are playable.
   */
  readonly playable: readonly M[]
  readonly playableIds: ReadonlySet<MatchId>
  /**
   * The round whose matches keep their real pairs: round16 for the main bracket, quarterfinal
   * for the second chance (docs/product.md "Second chance"), whose earlier rounds are not predicted. Given
   * (indexSecondChance), or else the earliest round with a row (contestMatches' 7 matches).
   */
  readonly firstRound: Round
}

function isInRange(match: MatchRef): boolean {
  return (
    isRound(match.round) &&
    Number.isInteger(match.matchNumber) &&
    match.matchNumber >= 1 &&
    match.matchNumber <= MATCHES_PER_ROUND[match.round]
  )
}

export function indexBracket<M extends MatchRef>(
  matches: readonly M[],
  { firstRound: givenFirstRound }: { firstRound?: Round } = {},
): BracketIndex<M> {
  const byId = new Map<MatchId, M>()
  const claims = new Map<string, M[]>()
  for (const match of matches) {
    if (byId.has(match.id)) continue
    byId.set(match.id, match)
    if (!isInRange(match)) continue
    const key = slotKey(match.round, match.matchNumber)
    claims.set(key, [...(claims.get(key) ?? []), match])
  }

  const bySlot = new Map<string, M>()
  for (const [key, rows] of claims) {
    if (rows.length === 1 && rows[0]) bySlot.set(key, rows[0])
  }

  // Without a given first round a bracket starts at its earliest round with a row: the second
  // chance's matches alone (contestMatches) are the draw from the quarterfinals on.
  const firstRound =
    givenFirstRound ??
    ROUND_ORDER.find((round) => [...bySlot.values()].some((match) => match.round === round)) ??
    ROUND_ORDER[0]
  const playable: M[] = []
  const playableSlots = new Set<string>()
  for (const round of ROUND_ORDER.slice(roundIndex(firstRound))) {
    const before = round === firstRound ? null : previousRound(round)
    for (let n = 1; n <= MATCHES_PER_ROUND[round]; n += 1) {
      const match = bySlot.get(slotKey(round, n))
      if (!match) continue
      const isPlayable =
        before === null
          ? match.team1Id !== null && match.team2Id !== null && match.team1Id !== match.team2Id
          : feederMatchNumbers(n).every((feeder) => playableSlots.has(slotKey(before, feeder)))
      if (!isPlayable) continue
      playable.push(match)
      playableSlots.add(slotKey(round, n))
    }
  }

  return {
    byId,
    bySlot,
    playable,
    playableIds: new Set(playable.map((match) => match.id)),
    firstRound,
  }
}

/** The matches a complete prediction must pick (see BracketIndex.playable). */
export function playableMatches<M extends MatchRef>(matches: readonly M[]): M[] {
  return [...indexBracket(matches).playable]
}

/** Match picks a complete prediction needs (15 for a well-formed bracket), MVP not included. */
export function requiredPickCount(matches: readonly MatchRef[]): number {
  return indexBracket(matches).playable.length
}

export function predictFromIndex(index: BracketIndex, picks: Picks): PredictedMatch[] {
  const winners = new Map<string, TeamId | null>()
  const predicted: PredictedMatch[] = []
  for (const match of index.playable) {
    const before = match.round === index.firstRound ? null : previousRound(match.round)
    let team1Id = match.team1Id
    let team2Id = match.team2Id
    if (before !== null) {
      const [first, second] = feederMatchNumbers(match.matchNumber)
      team1Id = winners.get(slotKey(before, first)) ?? null
      team2Id = winners.get(slotKey(before, second)) ?? null
    }
    const pick = pickOf(picks, match.id)
    const winnerTeamId = pick !== undefined && (pick === team1Id || pick === team2Id) ? pick : null
    winners.set(slotKey(match.round, match.matchNumber), winnerTeamId)
    predicted.push({
      matchId: match.id,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id,
      team2Id,
      winnerTeamId,
    })
  }
  return predicted
}

/**
 * Every playable match with the participants the user's picks give it: round16 matches keep
 * their real pairs; a later match gets the predicted winners of its two feeder matches (null
 * while that feeder has no valid pick). Real teams stored on later-round rows are ignored.
 */
export function predictedMatchups(matches: readonly MatchRef[], picks: Picks): PredictedMatch[] {
  return predictFromIndex(indexBracket(matches), picks)
}

/** The predicted winner of the final, or null until it is validly picked. */
export function predictedChampion(matches: readonly MatchRef[], picks: Picks): TeamId | null {
  return championOf(predictedMatchups(matches, picks))
}

export function championOf(predicted: readonly PredictedMatch[]): TeamId | null {
  return predicted.find((match) => match.round === 'final')?.winnerTeamId ?? null
}

/**
 * Predictions a complete bet holds for `round16MatchCount` valid round-of-16 matches: those
 * matches, then half as many in each later round (rounded down), plus one MVP. For the
 * well-formed bracket (8) that is 8 + 4 + 2 + 1 + 1 = 16. For fewer matches it is an upper
 * bound of `requiredPickCount(matches) + 1`, which is what validation and the wizard use.
 */
export function expectedPredictionCount(round16MatchCount: number): number {
  const max = MATCHES_PER_ROUND.round16
  if (!Number.isInteger(round16MatchCount) || round16MatchCount < 0 || round16MatchCount > max) {
    throw new RangeError(`round16MatchCount must be an integer from 0 to ${max}`)
  }
  let total = 0
  let inRound = round16MatchCount
  for (let round = 0; round < ROUND_ORDER.length; round += 1) {
    total += inRound
    inRound = Math.floor(inRound / 2)
  }
  return total + 1
}
