import { describe, expect, it } from 'vitest'
import type { DrawPreviewRow, DrawProblem } from '#shared/schemas/admin'
import { drawCellKey, placeDrawProblems, refusedColumns, showsTourIds } from './draw-preview'

function row(cells: DrawPreviewRow['cells']): DrawPreviewRow {
  const player = {
    name: 'A',
    country: 'ES',
    ranking: 1,
    externalId: null,
    action: 'create' as const,
    playerId: null,
    changes: [],
  }
  return {
    row: 1,
    cells,
    seed: 1,
    player1: player,
    player2: player,
    pair: { action: 'create', pairId: null },
    matchNumber: 1,
  }
}

describe('placeDrawProblems', () => {
  it('puts each problem under its cell, its row or the file', () => {
    const problems: DrawProblem[] = [
      { row: null, column: null, code: 'pair_count', count: 15 },
      { row: 2, column: 'player1_name', code: 'required' },
      { row: 2, column: 'player1_name', code: 'too_long' },
      { row: 3, column: null, code: 'extra_cells' },
      { row: 4, column: 'seed', code: 'seed_repeated', otherRow: 1 },
    ]
    const placed = placeDrawProblems(problems)
    expect(placed.file).toEqual([problems[0]])
    expect(placed.cells.get(drawCellKey(2, 'player1_name'))).toEqual([problems[1], problems[2]])
    expect(placed.cells.get(drawCellKey(4, 'seed'))).toEqual([problems[4]])
    expect(placed.rows.get(3)).toEqual([problems[3]])
    expect(placed.cells.get(drawCellKey(2, 'player2_name'))).toBeUndefined()
    expect(placed.rows.get(2)).toBeUndefined()
  })

  it('places nothing for a file without problems', () => {
    const placed = placeDrawProblems([])
    expect(placed.file).toEqual([])
    expect(placed.rows.size + placed.cells.size).toBe(0)
  })
})

describe('showsTourIds', () => {
  it('shows the tour-id columns when a row fills one or a problem names one', () => {
    expect(showsTourIds([row({ player1_name: 'A' })], [])).toBe(false)
    expect(showsTourIds([row({ player1_name: 'A', player2_id: '' })], [])).toBe(false)
    expect(showsTourIds([row({ player2_id: 'GP-1' })], [])).toBe(true)
    expect(showsTourIds([row({})], [{ row: 1, column: 'player1_id', code: 'too_long' }])).toBe(true)
  })
})

describe('refusedColumns', () => {
  it('reads the lists a DRAW_FILE_COLUMNS refusal names, and nothing from other details', () => {
    expect(refusedColumns({ missing: ['seed'], unknown: ['nombre', 3], repeated: [] })).toEqual({
      missing: ['seed'],
      unknown: ['nombre'],
      repeated: [],
    })
    expect(refusedColumns(undefined)).toEqual({ missing: [], unknown: [], repeated: [] })
    expect(refusedColumns({ line: 4 })).toEqual({ missing: [], unknown: [], repeated: [] })
  })
})
