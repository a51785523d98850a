import { describe, expect, it } from 'vitest'
import { sampleDrawRecords } from './draw-fixtures'
import type {
  CatalogueMatch,
  CataloguePair,
  CataloguePlayer,
  DrawCatalogue,
} from './draw-catalogue'
import { isDrawUnchanged, planDraw } from './draw-plan'
import { playerNameKey, readDrawRows, type DrawRecord } from './draw-rows'

function catalogueOf(
  players: CataloguePlayer[],
  pairs: CataloguePair[] = [],
  matches: CatalogueMatch[] = [],
): DrawCatalogue {
  const byName = new Map<string, CataloguePlayer[]>()
  for (const player of players) {
    const key = playerNameKey(player)
    byName.set(key, [...(byName.get(key) ?? []), player])
  }
  return {
    playersByExternalId: new Map(
      players.filter((p) => p.externalId !== null).map((p) => [p.externalId!, p]),
    ),
    playersByNameKey: byName,
    pairs,
    matches,
  }
}

function plan(records: DrawRecord[], catalogue: DrawCatalogue) {
  const { entries, problems } = readDrawRows(records)
  return planDraw(entries, problems, catalogue)
}

const stored = (n: number, extra: Partial<CataloguePlayer> = {}): CataloguePlayer => ({
  id: `p${n}`,
  name: `Player ${n}`,
  country: 'Spain',
  ranking: n,
  externalId: null,
  ...extra,
})

describe('planDraw', () => {
  it('creates every player, pair and match of a new draw', () => {
    const result = plan(sampleDrawRecords(), catalogueOf([]))
    expect(result.problems).toEqual([])
    expect(result.summary).toEqual({
      playersCreated: 32,
      playersUpdated: 0,
      playersReused: 0,
      pairsCreated: 16,
      pairsReused: 0,
      round16Created: 8,
      round16Changed: 0,
      laterMatchesCreated: 7,
    })
    // Draw order: rows 1 and 2 meet in match 1, rows 15 and 16 in match 8.
    expect(result.round16.map((match) => match.rows)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
      [11, 12],
      [13, 14],
      [15, 16],
    ])
    expect(isDrawUnchanged(result)).toBe(false)
  })

  it('reuses players by external id first, then by name and country', () => {
    const catalogue = catalogueOf([
      stored(1, { externalId: 'FIP-1', name: 'Old Spelling' }),
      stored(2),
      stored(3, { ranking: 99 }),
    ])
    const records = sampleDrawRecords((cells, row) => {
      if (row === 1) {
        cells.player1_id = 'FIP-1'
        cells.player2_id = 'FIP-2'
      }
    })
    const result = plan(records, catalogue)
    expect(result.problems).toEqual([])
    const [first, second] = result.pairs[0]!.players
    expect(first).toMatchObject({ playerId: 'p1', changes: ['name'] })
    // Found by name, and takes the external id it lacked.
    expect(second).toMatchObject({ playerId: 'p2', changes: ['externalId'] })
    expect(result.pairs[1]!.players[0]).toMatchObject({ playerId: 'p3', changes: ['ranking'] })
    expect(result.summary).toMatchObject({
      playersCreated: 29,
      playersUpdated: 3,
      playersReused: 0,
    })
  })

  it('refuses a namesake with another external id and two namesakes', () => {
    const catalogue = catalogueOf([
      stored(1, { externalId: 'FIP-1' }),
      stored(3, { id: 'a' }),
      stored(3, { id: 'b' }),
    ])
    const records = sampleDrawRecords((cells, row) => {
      if (row === 1) cells.player1_id = 'OTHER'
    })
    expect(plan(records, catalogue).problems).toEqual([
      { row: 1, column: 'player1_id', code: 'external_id_mismatch' },
      { row: 2, column: 'player1_name', code: 'ambiguous_player' },
    ])
  })

  it('finds a player the file spells two ways but the catalogue knows as one', () => {
    const catalogue = catalogueOf([stored(1, { externalId: 'FIP-1' })])
    const records = sampleDrawRecords((cells, row) => {
      if (row === 1) cells.player1_id = 'FIP-1'
      if (row === 5) {
        cells.player1_name = 'Player 1'
        cells.player1_id = ''
      }
    })
    expect(plan(records, catalogue).problems).toEqual([
      { row: 5, column: 'player1_name', code: 'player_in_two_pairs', otherRow: 1 },
    ])
  })

  it('names a player already in another pair of the tournament, and pairs not in the file', () => {
    const catalogue = catalogueOf(
      [stored(1), stored(2), stored(50), stored(60), stored(61)],
      [
        { id: 'pairA', player1Id: 'p1', player2Id: 'p50', seed: null },
        { id: 'pairB', player1Id: 'p60', player2Id: 'p61', seed: null },
      ],
    )
    expect(plan(sampleDrawRecords(), catalogue).problems).toEqual([
      { row: null, column: null, code: 'tournament_has_other_pairs', count: 1 },
      { row: 1, column: 'player1_name', code: 'player_in_other_pair' },
    ])
  })

  it('is unchanged when the stored draw is the file', () => {
    const players = Array.from({ length: 32 }, (_, index) => stored(index + 1))
    const pairs = Array.from({ length: 16 }, (_, index) => ({
      id: `pair${index + 1}`,
      // Either order of the two players is the same pair.
      player1Id: `p${2 * index + (index === 3 ? 2 : 1)}`,
      player2Id: `p${2 * index + (index === 3 ? 1 : 2)}`,
      seed: index + 1,
    }))
    const matches: CatalogueMatch[] = [
      ...Array.from({ length: 8 }, (_, index) => ({
        id: `m${index + 1}`,
        round: 'round16' as const,
        matchNumber: index + 1,
        team1Id: `pair${2 * index + 1}`,
        team2Id: `pair${2 * index + 2}`,
      })),
      ...(['quarterfinal', 'semifinal', 'final'] as const).flatMap((round) =>
        Array.from({ length: { quarterfinal: 4, semifinal: 2, final: 1 }[round] }, (_, i) => ({
          id: `${round}${i}`,
          round,
          matchNumber: i + 1,
          team1Id: null,
          team2Id: null,
        })),
      ),
    ]
    const same = plan(sampleDrawRecords(), catalogueOf(players, pairs, matches))
    expect(same.problems).toEqual([])
    expect(isDrawUnchanged(same)).toBe(true)

    // Rows 1 and 3 swapped: two matches change, nothing is created.
    const swapped = sampleDrawRecords()
    ;[swapped[0], swapped[2]] = [swapped[2]!, swapped[0]!]
    const moved = plan(swapped, catalogueOf(players, pairs, matches))
    expect(moved.problems).toEqual([])
    expect(moved.summary).toMatchObject({ pairsCreated: 0, round16Changed: 2, round16Created: 0 })
    expect(isDrawUnchanged(moved)).toBe(false)

    const reseeded = plan(
      sampleDrawRecords((cells, row) => {
        if (row === 16) cells.seed = ''
      }),
      catalogueOf(players, pairs, matches),
    )
    expect(reseeded.pairs[15]!.isReseeded).toBe(true)
    expect(isDrawUnchanged(reseeded)).toBe(false)
  })
})
