// The season table kept step by step (docs/decisions/136): a count moves only the fans its
// tournament gave points, and the levels it stores must be exactly those a full recount from the
// points rows gives, and those worked out by hand here. A page then reads the order from the
// levels and season_fans' order index: ties in the fan's id byte order, starting inside a level.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { seasonPoints } from '#server/db/schema'
import { insertUser } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { addStepToTable, rankStepFromPoints } from './season-ranking'
import { readSeasonPage } from './season-rows'

// Byte order puts upper case first: 'season-fan-C' before 'season-fan-b' (a locale would not).
const fans = {
  ana: 'season-fan-b',
  bea: 'season-fan-C',
  cris: 'season-fan-d',
  dani: 'season-fan-a',
} as const
type Fan = keyof typeof fans

// What each tournament (step) gave each fan who played it: [fan, points, coins won].
const steps: [Fan, number, number][][] = [
  [
    ['ana', 10, 0],
    ['bea', 10, 0],
    ['cris', 4, 5],
  ],
  [
    ['bea', 3, 0],
    ['cris', 9, 0],
    ['dani', 13, 20],
  ],
  [
    ['ana', 3, 0],
    ['dani', 0, 0],
  ],
]

interface Level {
  points: number
  tournaments: number
  coinsWon: number
  rank: number
  fans: number
}

// Worked out by hand: points, then tournaments, then coins won; equal on all three share a rank.
const expectedLevels: Level[][] = [
  // ana and bea 10 in 1 (both 1st), cris 4 in 1 with 5 coins (3rd).
  [
    { points: 10, tournaments: 1, coinsWon: 0, rank: 1, fans: 2 },
    { points: 4, tournaments: 1, coinsWon: 5, rank: 3, fans: 1 },
  ],
  // cris 13 in 2 with 5 coins, bea 13 in 2, dani 13 in 1 with 20 coins, ana 10 in 1.
  [
    { points: 13, tournaments: 2, coinsWon: 5, rank: 1, fans: 1 },
    { points: 13, tournaments: 2, coinsWon: 0, rank: 2, fans: 1 },
    { points: 13, tournaments: 1, coinsWon: 20, rank: 3, fans: 1 },
    { points: 10, tournaments: 1, coinsWon: 0, rank: 4, fans: 1 },
  ],
  // Everyone 13 in 2: dani 20 coins, cris 5, ana and bea none (both 3rd).
  [
    { points: 13, tournaments: 2, coinsWon: 20, rank: 1, fans: 1 },
    { points: 13, tournaments: 2, coinsWon: 5, rank: 2, fans: 1 },
    { points: 13, tournaments: 2, coinsWon: 0, rank: 3, fans: 2 },
  ],
]

async function insertStepPoints(db: Database, seasonId: string, step: number) {
  const tournamentId = randomUUID()
  await db.insert(seasonPoints).values(
    steps[step - 1]!.map(([fan, points, coinsWon]) => ({
      seasonId,
      userId: fans[fan],
      tournamentId,
      step,
      points,
      correct: points,
      secondChanceCorrect: null,
      tier: null,
      coinsWon,
    })),
  )
}

async function levelsOf(db: Database, seasonId: string, step: number): Promise<Level[]> {
  const rows = rowsOf<Level>(
    await db.execute(sql`
      select points, tournaments, coins_won::integer as "coinsWon", rank, fans
        from season_levels where season_id = ${seasonId}::uuid and step = ${step}::integer
       order by rank`),
  )
  return rows.map((row) => ({
    points: Number(row.points),
    tournaments: Number(row.tournaments),
    coinsWon: Number(row.coinsWon),
    rank: Number(row.rank),
    fans: Number(row.fans),
  }))
}

describe.each(testDatabaseKinds)('the season table step by step (%s)', (kind) => {
  const database = useTestDatabase(kind)
  beforeAll(async () => {
    const { db } = database()
    for (const [fan, id] of Object.entries(fans)) await insertUser(db, { id, username: fan })
  })

  it('moves only the entrants and stores the levels a full recount gives', async () => {
    const { db } = database()
    const counted = randomUUID()
    const recounted = randomUUID()
    for (let step = 1; step <= steps.length; step += 1) {
      await insertStepPoints(db, counted, step)
      const added = await db.transaction((tx) => addStepToTable(tx, counted, step))
      expect(added.entrants).toBe(steps[step - 1]!.length)
      expect(await levelsOf(db, counted, step)).toEqual(expectedLevels[step - 1])

      await insertStepPoints(db, recounted, step)
      const fansThen = await db.transaction((tx) => rankStepFromPoints(tx, recounted, step))
      expect(added.fans).toBe(fansThen)
      expect(await levelsOf(db, recounted, step)).toEqual(expectedLevels[step - 1])
    }
    expect(
      rowsOf(
        await db.execute(sql`
          select user_id as "userId", points, tournaments, coins_won::integer as "coinsWon"
            from season_fans where season_id = ${counted}::uuid order by user_id collate "C"`),
      ),
    ).toEqual([
      { userId: fans.bea, points: 13, tournaments: 2, coinsWon: 0 },
      { userId: fans.dani, points: 13, tournaments: 2, coinsWon: 20 },
      { userId: fans.ana, points: 13, tournaments: 2, coinsWon: 0 },
      { userId: fans.cris, points: 13, tournaments: 2, coinsWon: 5 },
    ])
  })

  it('reads any page in order, ties by the fan id in byte order, from inside a level', async () => {
    const { db } = database()
    const seasonId = randomUUID()
    let counted = 0
    const page = async (first: number, size: number) => {
      return (await readSeasonPage(db, { seasonId, step: counted, first, size })).map(
        (row) => `${row.rank} ${row.username} ${row.points}/${row.tournaments}/${row.coinsWon}`,
      )
    }
    const count = async () => {
      counted += 1
      await insertStepPoints(db, seasonId, counted)
      await db.transaction((tx) => addStepToTable(tx, seasonId, counted))
    }
    await count()
    // bea and ana tie for 1st, bea's id first in byte order; cris 3rd.
    expect(await page(0, 25)).toEqual(['1 bea 10/1/0', '1 ana 10/1/0', '3 cris 4/1/5'])
    expect(await page(1, 2)).toEqual(['1 ana 10/1/0', '3 cris 4/1/5'])
    await count()
    await count()
    expect(await page(0, 25)).toEqual([
      '1 dani 13/2/20',
      '2 cris 13/2/5',
      '3 bea 13/2/0',
      '3 ana 13/2/0',
    ])
    expect(await page(1, 2)).toEqual(['2 cris 13/2/5', '3 bea 13/2/0'])
    expect(await page(3, 1)).toEqual(['3 ana 13/2/0'])
    expect(await page(4, 25)).toEqual([])
  })
})
