import { useState } from 'react'
import type { StandingsRow } from '#shared/schemas/standings'
import { rankMovesOf, ranksOf } from './standings-view-model'

interface Tracked {
  /** The page and search shown: moves compare two updates of the same view only. */
  view: string
  updatedAt: number
  ranks: Map<string, number>
  moves: Map<string, number>
}

/**
 * How far each fan on the page moved with the last update of the standings (a live result
 * rebuilds them), for ▲/▼ beside the rank; empty on first sight and after changing page or search.
 * Kept in state adjusted while rendering, so the moves and the rows they describe show together.
 */
export function useRankMoves(
  rows: readonly StandingsRow[] | undefined,
  view: string,
  updatedAt: number,
): ReadonlyMap<string, number> {
  const [tracked, setTracked] = useState<Tracked | null>(null)
  if (rows && (tracked?.view !== view || tracked.updatedAt !== updatedAt)) {
    const moves = tracked?.view === view ? rankMovesOf(tracked.ranks, rows) : new Map()
    const next = { view, updatedAt, ranks: ranksOf(rows), moves }
    setTracked(next)
    return moves
  }
  return tracked?.moves ?? new Map()
}
