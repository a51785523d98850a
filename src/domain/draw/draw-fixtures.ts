// A valid 16-pair draw as records, for the draw tests (domain and server).
import { DRAW_PAIRS, type DrawColumn, type DrawRecord } from './draw-rows'

/** Row `row` (1-based) of the sample draw: players "Player 2r-1" and "Player 2r" of Spain. */
export function sampleDrawCells(row: number): Record<DrawColumn, string> {
  return {
    seed: String(row),
    player1_name: `Player ${2 * row - 1}`,
    player1_country: 'Spain',
    player1_ranking: String(2 * row - 1),
    player2_name: `Player ${2 * row}`,
    player2_country: 'Spain',
    player2_ranking: String(2 * row),
    player1_id: '',
    player2_id: '',
  }
}

export function sampleDrawRecords(
  change: (cells: Record<DrawColumn, string>, row: number) => void = () => {},
  pairs = DRAW_PAIRS,
): DrawRecord[] {
  return Array.from({ length: pairs }, (_, index) => {
    const cells = sampleDrawCells(index + 1)
    change(cells, index + 1)
    return { cells }
  })
}
