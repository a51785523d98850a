import { describe, expect, it } from 'vitest'
import { sampleDrawRecords } from './draw-fixtures'
import { normalizeText, playerNameKey, readDrawRows } from './draw-rows'

describe('readDrawRows', () => {
  it('reads a sound 16-pair draw without problems', () => {
    const { entries, problems } = readDrawRows(sampleDrawRecords())
    expect(problems).toEqual([])
    expect(entries).toHaveLength(16)
    expect(entries[0]).toEqual({
      row: 1,
      seed: 1,
      players: [
        { name: 'Player 1', country: 'Spain', ranking: 1, externalId: null },
        { name: 'Player 2', country: 'Spain', ranking: 2, externalId: null },
      ],
    })
  })

  it('names the row and the column of every missing or malformed cell', () => {
    const records = sampleDrawRecords((cells, row) => {
      if (row === 2) cells.player1_name = '   '
      if (row === 3) cells.player2_country = ''
      if (row === 4) cells.player1_ranking = '0'
      if (row === 5) cells.player2_ranking = '2.5'
      if (row === 6) cells.player1_ranking = '=1+1'
      if (row === 7) cells.seed = '17'
    })
    expect(readDrawRows(records).problems).toEqual([
      { row: 2, column: 'player1_name', code: 'required' },
      { row: 3, column: 'player2_country', code: 'required' },
      { row: 4, column: 'player1_ranking', code: 'ranking_not_positive_integer' },
      { row: 5, column: 'player2_ranking', code: 'ranking_not_positive_integer' },
      { row: 6, column: 'player1_ranking', code: 'ranking_not_positive_integer' },
      { row: 7, column: 'seed', code: 'seed_out_of_range' },
    ])
  })

  it('takes a blank ranking as unranked and a blank seed as unseeded', () => {
    const records = sampleDrawRecords((cells, row) => {
      if (row === 1) {
        cells.player1_ranking = ''
        cells.seed = ' '
      }
    })
    const { entries, problems } = readDrawRows(records)
    expect(problems).toEqual([])
    expect(entries[0]!.seed).toBeNull()
    expect(entries[0]!.players[0].ranking).toBeNull()
  })

  it('finds a player in two pairs, by name and country or by external id', () => {
    const records = sampleDrawRecords((cells, row) => {
      if (row === 9) cells.player2_name = ' player   1 ' // row 1's first player, spelled loosely
      if (row === 3) cells.player1_id = 'WPT-7'
      if (row === 12) {
        cells.player1_name = 'Someone Else'
        cells.player1_id = 'WPT-7'
      }
    })
    expect(readDrawRows(records).problems).toEqual([
      { row: 9, column: 'player2_name', code: 'player_in_two_pairs', otherRow: 1 },
      { row: 12, column: 'player1_name', code: 'player_in_two_pairs', otherRow: 3 },
    ])
  })

  it('finds a repeated seed and a pair of one player twice', () => {
    const records = sampleDrawRecords((cells, row) => {
      if (row === 4) cells.seed = '2'
      if (row === 5) cells.player2_name = cells.player1_name
    })
    expect(readDrawRows(records).problems).toEqual([
      { row: 4, column: 'seed', code: 'seed_repeated', otherRow: 2 },
      { row: 5, column: 'player2_name', code: 'same_player_twice_in_pair' },
    ])
  })

  it('says when the file has fewer or more than 16 pairs', () => {
    expect(readDrawRows(sampleDrawRecords(undefined, 15)).problems).toEqual([
      { row: null, column: null, code: 'pair_count', count: 15 },
    ])
    const seventeen = sampleDrawRecords((cells, row) => {
      if (row === 17) cells.seed = ''
    }, 17)
    expect(readDrawRows(seventeen).problems).toEqual([
      { row: null, column: null, code: 'pair_count', count: 17 },
    ])
  })

  it('refuses a cell that is not text, a too long name and cells beyond the header', () => {
    const records = sampleDrawRecords((cells, row) => {
      if (row === 2) cells.player1_name = 'x'.repeat(101)
    })
    records[0] = { cells: { ...records[0]!.cells, player2_name: { invalid: true } } }
    records[2] = { ...records[2]!, extraCells: 2 }
    expect(readDrawRows(records).problems).toEqual([
      { row: 1, column: 'player2_name', code: 'not_text' },
      { row: 2, column: 'player1_name', code: 'too_long' },
      { row: 3, column: null, code: 'extra_cells' },
    ])
  })

  it('keeps formula-looking names as the text they are', () => {
    const records = sampleDrawRecords((cells, row) => {
      if (row === 1) cells.player1_name = "=cmd|' /C calc'!A0"
    })
    const { entries, problems } = readDrawRows(records)
    expect(problems).toEqual([])
    expect(entries[0]!.players[0].name).toBe("=cmd|' /C calc'!A0")
  })
})

describe('player names', () => {
  it('compare composed and decomposed accents, case and spaces alike', () => {
    expect(normalizeText('  Agustín   Tapia ')).toBe('Agustín Tapia')
    expect(playerNameKey({ name: 'AGUSTI\u0301N TAPIA', country: 'argentina' })).toBe(
      playerNameKey({ name: 'Agustín Tapia', country: 'Argentina' }),
    )
  })
})
