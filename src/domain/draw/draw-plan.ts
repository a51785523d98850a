// What importing a draw would do against what is stored: which players are created or reused
// (found by external id, then by name and country), which pairs are new, and the round of 16 the
// rows make. Pure: the service reads the catalogue and writes the plan (docs/decisions/140).
import { MATCHES_PER_ROUND, ROUND_ORDER, type Round } from '#domain/bracket/bracket'
import {
  playerNameKey,
  sortProblems,
  type DrawEntry,
  type DrawPlayerEntry,
  type DrawProblem,
} from './draw-rows'
import type {
  CataloguePair,
  CataloguePlayer,
  CatalogueMatch,
  DrawCatalogue,
} from './draw-catalogue'

export type { CataloguePair, CataloguePlayer, CatalogueMatch, DrawCatalogue }

export const PLAYER_CHANGES = ['name', 'country', 'ranking', 'externalId'] as const
export type PlayerChange = (typeof PLAYER_CHANGES)[number]

export interface PlannedPlayer {
  readonly entry: DrawPlayerEntry
  /** The stored player reused, or null: a new player is created. */
  readonly playerId: string | null
  /** What a reused player takes from the file. */
  readonly changes: readonly PlayerChange[]
}

export interface PlannedPair {
  readonly row: number
  readonly seed: number | null
  readonly players: readonly [PlannedPlayer, PlannedPlayer]
  /** The tournament's pair of these two players, or null: a new pair is created. */
  readonly pairId: string | null
  /** A reused pair whose seed the file changes. */
  readonly isReseeded: boolean
}

export interface PlannedMatch {
  readonly matchNumber: number
  /** Rows (1-based) of the pairs that meet: 2k − 1 and 2k. */
  readonly rows: readonly [number, number]
  /** The stored round-of-16 match, or null: it is created. */
  readonly matchId: string | null
  /** A stored match whose pairs the file changes. */
  readonly isChanged: boolean
}

export interface DrawSummary {
  playersCreated: number
  playersUpdated: number
  playersReused: number
  pairsCreated: number
  pairsReused: number
  round16Created: number
  round16Changed: number
  /** Empty slots of the later rounds, made with the draw as the bracket generator makes them. */
  laterMatchesCreated: number
}

export interface DrawPlan {
  readonly pairs: readonly PlannedPair[]
  readonly round16: readonly PlannedMatch[]
  readonly laterSlots: readonly { readonly round: Round; readonly matchNumber: number }[]
  readonly problems: readonly DrawProblem[]
  readonly summary: DrawSummary
}

const NAME_COLUMNS = ['player1_name', 'player2_name'] as const
const ID_COLUMNS = ['player1_id', 'player2_id'] as const

/**
 * The plan for `entries` (already read, with the file's own `problems`) against `catalogue`; the
 * problems returned are the file's and the catalogue's together. Only a plan without problems
 * is written.
 */
export function planDraw(
  entries: readonly DrawEntry[],
  fileProblems: readonly DrawProblem[],
  catalogue: DrawCatalogue,
): DrawPlan {
  const problems: DrawProblem[] = [...fileProblems]
  const firstRowOfPlayer = new Map<string, number>()
  const pairOfPlayer = new Map<string, CataloguePair>()
  for (const pair of catalogue.pairs) {
    pairOfPlayer.set(pair.player1Id, pair)
    pairOfPlayer.set(pair.player2Id, pair)
  }
  const usedPairs = new Set<string>()
  const clashingPairs = new Set<string>()

  const pairs = entries.map((entry): PlannedPair => {
    const plan = (side: 0 | 1): PlannedPlayer => {
      const resolved = resolvePlayer(entry.players[side], catalogue)
      if (resolved.problem) {
        const column = resolved.problem === 'external_id_mismatch' ? ID_COLUMNS : NAME_COLUMNS
        problems.push({ row: entry.row, column: column[side], code: resolved.problem })
      }
      const playerId = resolved.player?.playerId ?? null
      if (playerId !== null) {
        // Two rows that the file spells differently but the catalogue knows as one player.
        const first = firstRowOfPlayer.get(playerId)
        if (first === undefined) firstRowOfPlayer.set(playerId, entry.row)
        else if (first !== entry.row && !isSameInFile(entries, first, entry.players[side])) {
          const column = NAME_COLUMNS[side]
          problems.push({ row: entry.row, column, code: 'player_in_two_pairs', otherRow: first })
        }
      }
      return resolved.player ?? { entry: entry.players[side], playerId: null, changes: [] }
    }
    const players = [plan(0), plan(1)] as const
    const [first, second] = players
    if (first.playerId !== null && first.playerId === second.playerId) {
      problems.push({ row: entry.row, column: 'player2_name', code: 'same_player_twice_in_pair' })
    }
    const pair = storedPairOf(first.playerId, second.playerId, pairOfPlayer)
    if (pair) usedPairs.add(pair.id)
    else {
      for (const side of [0, 1] as const) {
        const { playerId } = players[side]
        const other = playerId === null ? undefined : pairOfPlayer.get(playerId)
        if (!other) continue
        clashingPairs.add(other.id)
        problems.push({ row: entry.row, column: NAME_COLUMNS[side], code: 'player_in_other_pair' })
      }
    }
    return {
      row: entry.row,
      seed: entry.seed,
      players,
      pairId: pair?.id ?? null,
      isReseeded: pair !== undefined && pair.seed !== entry.seed,
    }
  })

  const others = catalogue.pairs.filter(
    (pair) => !usedPairs.has(pair.id) && !clashingPairs.has(pair.id),
  )
  if (others.length > 0) {
    problems.push({
      row: null,
      column: null,
      code: 'tournament_has_other_pairs',
      count: others.length,
    })
  }

  const round16 = planRound16(
    pairs,
    catalogue.matches.filter((match) => match.round === 'round16'),
  )
  const laterSlots = missingLaterSlots(catalogue.matches)
  return {
    pairs,
    round16,
    laterSlots,
    problems: sortProblems(problems),
    summary: summarize(pairs, round16, laterSlots.length),
  }
}

function missingLaterSlots(stored: readonly CatalogueMatch[]) {
  const taken = new Set(stored.map((match) => `${match.round}:${match.matchNumber}`))
  return ROUND_ORDER.filter((round) => round !== 'round16').flatMap((round) =>
    Array.from({ length: MATCHES_PER_ROUND[round] }, (_, index) => ({
      round,
      matchNumber: index + 1,
    })).filter((slot) => !taken.has(`${slot.round}:${slot.matchNumber}`)),
  )
}

/** Whether the earlier row names the same file entry (then the file's own check reported it). */
function isSameInFile(entries: readonly DrawEntry[], row: number, player: DrawPlayerEntry) {
  const entry = entries[row - 1]
  return (
    entry?.players.some(
      (other) =>
        (other.externalId !== null && other.externalId === player.externalId) ||
        (other.externalId === null &&
          player.externalId === null &&
          playerNameKey(other) === playerNameKey(player)),
    ) ?? false
  )
}

type Resolution =
  | { player: PlannedPlayer; problem?: undefined }
  | { player?: undefined; problem: 'external_id_mismatch' | 'ambiguous_player' }
  | { player?: undefined; problem?: undefined }

/**
 * The stored player an entry names: by its external id first; else by name and country (a
 * namesake that carries another external id is not this player; two namesakes are ambiguous).
 */
function resolvePlayer(entry: DrawPlayerEntry, catalogue: DrawCatalogue): Resolution {
  if (entry.name === '' && entry.externalId === null) return {}
  if (entry.externalId !== null) {
    const byId = catalogue.playersByExternalId.get(entry.externalId)
    if (byId) return { player: reuse(byId, entry, true) }
  }
  const namesakes = catalogue.playersByNameKey.get(playerNameKey(entry)) ?? []
  if (entry.externalId !== null) {
    const withoutId = namesakes.filter((player) => player.externalId === null)
    if (withoutId.length === 1) return { player: reuse(withoutId[0]!, entry, false) }
    if (withoutId.length > 1) return { problem: 'ambiguous_player' }
    if (namesakes.length > 0) return { problem: 'external_id_mismatch' }
    return {}
  }
  if (namesakes.length === 1) return { player: reuse(namesakes[0]!, entry, false) }
  if (namesakes.length > 1) return { problem: 'ambiguous_player' }
  return {}
}

/**
 * A reused player takes the file's ranking (when given) and an external id it lacked; one found
 * by its external id also takes the file's spelling of its name and country.
 */
function reuse(stored: CataloguePlayer, entry: DrawPlayerEntry, foundById: boolean): PlannedPlayer {
  const changes: PlayerChange[] = []
  if (foundById && stored.name !== entry.name) changes.push('name')
  if (foundById && stored.country !== entry.country) changes.push('country')
  if (entry.ranking !== null && entry.ranking !== stored.ranking) changes.push('ranking')
  if (stored.externalId === null && entry.externalId !== null) changes.push('externalId')
  return { entry, playerId: stored.id, changes }
}

function storedPairOf(
  first: string | null,
  second: string | null,
  pairOfPlayer: ReadonlyMap<string, CataloguePair>,
): CataloguePair | undefined {
  if (first === null || second === null) return undefined
  const pair = pairOfPlayer.get(first)
  if (!pair) return undefined
  const partner = pair.player1Id === first ? pair.player2Id : pair.player1Id
  return partner === second ? pair : undefined
}

function planRound16(
  pairs: readonly PlannedPair[],
  stored: readonly CatalogueMatch[],
): PlannedMatch[] {
  return Array.from({ length: MATCHES_PER_ROUND.round16 }, (_, index) => {
    const matchNumber = index + 1
    const rows = [2 * matchNumber - 1, 2 * matchNumber] as const
    const match = stored.find((candidate) => candidate.matchNumber === matchNumber)
    const team1 = pairs[rows[0] - 1]?.pairId ?? null
    const team2 = pairs[rows[1] - 1]?.pairId ?? null
    return {
      matchNumber,
      rows,
      matchId: match?.id ?? null,
      // A new pair is never in a stored match yet.
      isChanged:
        match !== undefined &&
        (team1 === null || team2 === null || match.team1Id !== team1 || match.team2Id !== team2),
    }
  })
}

function summarize(
  pairs: readonly PlannedPair[],
  round16: readonly PlannedMatch[],
  laterMatchesCreated: number,
): DrawSummary {
  const players = pairs.flatMap((pair) => pair.players)
  const reused = players.filter((player) => player.playerId !== null)
  return {
    playersCreated: new Set(
      players.filter((player) => player.playerId === null).map((player) => keyOf(player.entry)),
    ).size,
    playersUpdated: reused.filter((player) => player.changes.length > 0).length,
    playersReused: reused.filter((player) => player.changes.length === 0).length,
    pairsCreated: pairs.filter((pair) => pair.pairId === null).length,
    pairsReused: pairs.filter((pair) => pair.pairId !== null).length,
    round16Created: round16.filter((match) => match.matchId === null).length,
    round16Changed: round16.filter((match) => match.isChanged).length,
    laterMatchesCreated,
  }
}

function keyOf(entry: DrawPlayerEntry): string {
  return entry.externalId ?? playerNameKey(entry)
}

/** Whether writing the plan changes anything stored. */
export function isDrawUnchanged(plan: DrawPlan): boolean {
  const { summary } = plan
  return (
    summary.playersCreated === 0 &&
    summary.playersUpdated === 0 &&
    summary.pairsCreated === 0 &&
    summary.round16Created === 0 &&
    summary.round16Changed === 0 &&
    summary.laterMatchesCreated === 0 &&
    plan.pairs.every((pair) => !pair.isReseeded)
  )
}
