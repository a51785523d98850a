// What a live result says to the fan (docs/decisions/089): the stream's `result` event is kept
// here per tournament, so a toast can announce it and the bracket trees can mark the match, without
// a second stream or a prop through every tree.
import { useSyncExternalStore } from 'react'
import type { Match, SetScores } from '#shared/schemas/tournament'
import type { PairsById } from './pair-names'
import { pairShortName } from './pair-names'

/** A result as the stream announced it; `at` orders it against the data refetched after it. */
export interface LiveResult {
  readonly tournamentId: string
  readonly matchId: string
  readonly at: number
}

type Listener = () => void

let latest: LiveResult | null = null
/** The bracket slot ("round16#3") marked for a moment after its result arrived. */
let highlightedSlot: string | null = null
const listeners = new Set<Listener>()

function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function emit(): void {
  for (const listener of listeners) listener()
}

/** Called by the live stream (lib/live.ts) for each `result` event. */
export function publishLiveResult(tournamentId: string, matchId: string): void {
  latest = { tournamentId, matchId, at: Date.now() }
  emit()
}

/** The last result announced for this tournament while the page is open, null before one. */
export function useLatestLiveResult(tournamentId: string): LiveResult | null {
  return useSyncExternalStore(subscribe, () =>
    latest?.tournamentId === tournamentId ? latest : null,
  )
}

export function slotKeyOf(round: string, matchNumber: number): string {
  return `${round}#${matchNumber}`
}

/** Marks a slot in every tree of the page until `clearHighlight` (one at a time). */
export function highlightSlot(slotKey: string | null): void {
  if (highlightedSlot === slotKey) return
  highlightedSlot = slotKey
  emit()
}

/** Whether this slot was just played; only the card whose answer changes re-renders. */
export function useIsSlotHighlighted(slotKey: string): boolean {
  return useSyncExternalStore(subscribe, () => highlightedSlot === slotKey)
}

/** Forgets what was announced (tests, and a page that closes its stream). */
export function resetLiveResults(): void {
  latest = null
  highlightedSlot = null
  emit()
}

/**
 * A played match as the toast says it: the winners ("Alonso / Ruiz") and the sets from their side
 * ("6–3 6–4" even when they were pair 2). Null while the match has no winner (a result cleared).
 */
export function resultAnnouncementOf(
  match: Pick<Match, 'team1Id' | 'team2Id' | 'winnerTeamId' | 'sets'>,
  pairs: PairsById,
): { winner: string; sets: SetScores | null } | null {
  if (match.winnerTeamId === null) return null
  const pair = pairs.get(match.winnerTeamId)
  if (!pair) return null
  const isPair2 = match.winnerTeamId === match.team2Id
  const sets: SetScores | null = match.sets
    ? match.sets.map(([a, b]): [number, number] => (isPair2 ? [b, a] : [a, b]))
    : null
  return { winner: pairShortName(pair), sets }
}
