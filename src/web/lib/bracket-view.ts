// The bracket as a picture: four columns (8 → 4 → 2 → 1) of match slots, from real matches, from
// the user's saved predictions, or from the wizard's picks in progress.
import {
  MATCHES_PER_ROUND,
  picksFromEntries,
  ROUND_ORDER,
  type PredictedMatch,
  type Round,
} from '#domain/bracket/bracket'
import { bracketOutlook } from '#domain/scoring/outlook'
import type { PredictionView } from '#shared/schemas/bet'
import type { BracketPick, PickMark } from '#shared/schemas/brackets'
import type { Match, SetScores } from '#shared/schemas/tournament'

export interface BracketSlot {
  readonly key: string
  readonly round: Round
  readonly matchNumber: number
  readonly team1Id: string | null
  readonly team2Id: string | null
  /** The user's pick, when the picture shows a prediction. */
  readonly pickedId: string | null
  /** The real winner once the match is played. */
  readonly winnerId: string | null
  /** Whether the pick was right, null until the match is played or without a pick. */
  readonly isCorrect: boolean | null
  /** Where the pick stands while the tournament is played (fans' brackets); shown over isCorrect. */
  readonly mark?: PickMark
  /** The pick is the one most fans made for this match (the People's Bracket). */
  readonly isPopularPick?: boolean
  /** The pick differs from the bracket it is compared with. */
  readonly isDifferent?: boolean
  /** The match's set scores (pair 1's games first) once entered. */
  readonly sets: SetScores | null
}

export interface BracketColumn {
  readonly round: Round
  readonly slots: readonly BracketSlot[]
}

function emptySlot(round: Round, matchNumber: number): BracketSlot {
  return {
    key: `${round}#${matchNumber}`,
    round,
    matchNumber,
    team1Id: null,
    team2Id: null,
    pickedId: null,
    winnerId: null,
    isCorrect: null,
    sets: null,
  }
}

/**
 * Places slots into the rounds from the earliest one with a slot (round16; the quarterfinals for
 * a second-chance bracket), filling the slots nobody knows yet with empty ones.
 */
export function toColumns(slots: readonly BracketSlot[]): BracketColumn[] {
  const bySlot = new Map(slots.map((slot) => [`${slot.round}#${slot.matchNumber}`, slot]))
  const first = ROUND_ORDER.findIndex((round) => slots.some((slot) => slot.round === round))
  return ROUND_ORDER.slice(Math.max(first, 0)).map((round) => ({
    round,
    slots: Array.from(
      { length: MATCHES_PER_ROUND[round] },
      (_, i) => bySlot.get(`${round}#${i + 1}`) ?? emptySlot(round, i + 1),
    ),
  }))
}

/** The tournament's real draw and results. */
export function slotsFromMatches(matches: readonly Match[]): BracketSlot[] {
  return matches.map((match) => ({
    ...emptySlot(match.round, match.matchNumber),
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    winnerId: match.winnerTeamId,
    sets: match.sets,
  }))
}

/**
 * A saved prediction: the pairs the user's picks put in each match, right or wrong once played.
 * `marks` (match id → mark, predictionMarks) adds where each unplayed pick stands.
 */
export function slotsFromPredictions(
  predictions: readonly PredictionView[],
  marks?: ReadonlyMap<string, PickMark> | null,
): BracketSlot[] {
  return predictions.map((prediction) => ({
    ...emptySlot(prediction.round, prediction.matchNumber),
    team1Id: prediction.team1Id,
    team2Id: prediction.team2Id,
    pickedId: prediction.predictedWinnerId,
    winnerId: prediction.winnerTeamId,
    isCorrect: prediction.isCorrect,
    mark: marks?.get(prediction.matchId),
    sets: prediction.sets,
  }))
}

/**
 * Where each of the fan's own picks stands against the tournament's results (correct, wrong,
 * still alive, busted), read by the domain's bracketOutlook as every other marked bracket is.
 * Null until a first result is in: before that every pick is merely "alive", and saying so on 15
 * cards would be noise.
 */
export function predictionMarks(
  predictions: readonly Pick<PredictionView, 'matchId' | 'predictedWinnerId'>[],
  matches: readonly Match[],
): ReadonlyMap<string, PickMark> | null {
  if (!matches.some((match) => match.winnerTeamId !== null)) return null
  const picks = picksFromEntries(
    predictions.map((p) => ({ matchId: p.matchId, winnerTeamId: p.predictedWinnerId })),
  )
  return bracketOutlook(picks, matches, { pick: null, actual: null }).marks
}

/** The wizard's picks so far (domain predictedMatchups). */
export function slotsFromPicks(predicted: readonly PredictedMatch[]): BracketSlot[] {
  return predicted.map((match) => ({
    ...emptySlot(match.round, match.matchNumber),
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    pickedId: match.winnerTeamId,
  }))
}

/**
 * A fan's bracket with each pick's mark (its page, compare, the shared bracket). `popularWinners`
 * (match id → the most picked pair) adds the "popular pick" mark, `comparedWith` (match id → the
 * other bracket's pick) the differences.
 */
export function slotsFromFanPicks(
  picks: readonly BracketPick[],
  {
    popularWinners,
    comparedWith,
  }: {
    popularWinners?: ReadonlyMap<string, string>
    comparedWith?: ReadonlyMap<string, string>
  } = {},
): BracketSlot[] {
  return picks.map((pick) => ({
    ...emptySlot(pick.round, pick.matchNumber),
    team1Id: pick.team1Id,
    team2Id: pick.team2Id,
    pickedId: pick.predictedWinnerId,
    winnerId: pick.winnerTeamId,
    isCorrect: pick.winnerTeamId === null ? null : pick.winnerTeamId === pick.predictedWinnerId,
    mark: pick.mark,
    isPopularPick: popularWinners?.get(pick.matchId) === pick.predictedWinnerId,
    isDifferent:
      comparedWith !== undefined && comparedWith.get(pick.matchId) !== pick.predictedWinnerId,
  }))
}
