// Pages of the standings read together (standings-rows.ts): pages asked for in one turn share one
// prepared query, each page a slice of one or two 1,000-bet chunks. Over 1,030 brackets, pages of
// three sizes asked for at once must each hold their own positions: laid end to end, every size
// gives the same order, in rank order, every bracket exactly once, each row the fan's own row.
// Contexts asked for at once (standings-context.ts) each get their own tournament.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PredictedMatch } from '#domain/bracket/bracket'
import { bets, matches, tournaments } from '#server/db/schema'
import { completeBracket, insertAccount, insertBracketTournament } from '#tests/game-factories'
import { insertUserRange } from '#tests/bulk-users'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { createRandom } from '#server/seed/demo-results'
import { placeBet } from '#server/features/bets/place-bet.service'
import { readBuildRanking } from '#server/game/build-scoring'
import { buildKey } from '#server/game/standings-cache'
import { rebuildStandings, STANDINGS_CHUNK_SIZE } from './standings-rebuild'
import { readStandingsContext } from './standings-context'
import { readOwnRow, readPageRows } from './standings-rows'

// Past the first chunk, so pages cross a chunk's end.
const BRACKETS = STANDINGS_CHUNK_SIZE + 30
const VARIANTS = 6

describe.each(testDatabaseKinds)('standings pages read together on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('pages of any size asked for at once each hold their own positions', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const tournamentId = bracket.tournament.id
    // A few fans place varied brackets; the rest copy them (written straight into bets: the
    // standings read only the brackets), each with its own tiebreaker.
    const random = createRandom(7)
    for (let variant = 0; variant < VARIANTS; variant++) {
      const { userId } = await insertAccount(db, { balance: 500 })
      const choose = (match: PredictedMatch) => (random() < 0.5 ? match.team1Id : match.team2Id)
      await placeBet(db, { userId, tournamentId, ...completeBracket(bracket, choose) })
    }
    const copies = BRACKETS - VARIANTS
    await insertUserRange(db, { prefix: 'rows', from: 1, to: copies })
    await db.execute(sql`
      with variant as (
        select row_number() over (order by created_at) - 1 as n, amount, pick_codes, picks,
               mvp_player_id
          from ${bets} where tournament_id = ${tournamentId}::uuid)
      insert into ${bets} (user_id, tournament_id, amount, pick_codes, picks, mvp_player_id,
                           final_total_games, created_at)
      select 'rows' || g, ${tournamentId}::uuid, v.amount, v.pick_codes, v.picks,
             v.mvp_player_id, case when g % 9 = 0 then null else 12 + g % 28 end,
             now() - interval '1 day' + g * interval '1 millisecond'
        from generate_series(1, ${copies}::integer) g
        join variant v on v.n = g % ${VARIANTS}`)
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, tournamentId))
    // Half the round of 16 played: the brackets part into levels.
    const roundOf16 = bracket.matches.filter((match) => match.round === 'round16')
    for (const [index, match] of roundOf16.slice(0, 4).entries()) {
      const winnerTeamId = index % 2 === 0 ? match.team1Id : match.team2Id
      await db.update(matches).set({ winnerTeamId }).where(eq(matches.id, match.id))
    }
    await rebuildStandings(db, tournamentId)
    const ranking = (await readBuildRanking(db, tournamentId))!
    const context = await readStandingsContext(db, tournamentId, {
      userId: null,
      checkFreshness: false,
    })
    const built = buildKey(tournamentId, context!.build!.builtAt)
    const query = { tournamentId, contest: 'main' as const, buildKey: built, ranking }

    // Every page of each size, and one past the end, asked for in the same turn.
    const sizes = [25, 100, 7]
    const pagesOf = (pageSize: number) =>
      Array.from({ length: Math.ceil(BRACKETS / pageSize) + 1 }, (_, index) =>
        readPageRows(db, { ...query, first: index * pageSize, pageSize }),
      )
    const read = await Promise.all(sizes.map((size) => Promise.all(pagesOf(size))))

    const [byTwentyFive = [], ...others] = read.map((pages) => {
      expect(pages.at(-1), 'the page past the end').toEqual([])
      return pages.flat()
    })
    for (const [index, other] of others.entries()) {
      expect(other, `pages of ${sizes[index + 1]} laid end to end`).toEqual(byTwentyFive)
    }
    expect(byTwentyFive).toHaveLength(BRACKETS)
    expect(new Set(byTwentyFive.map((row) => row.userId)).size).toBe(BRACKETS)
    const ranks = byTwentyFive.map((row) => row.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(new Set(ranks).size, 'the brackets part into levels').toBeGreaterThan(1)

    // Around the chunk's end, each row is its fan's own row.
    const aroundTheEnd = byTwentyFive.slice(STANDINGS_CHUNK_SIZE - 5, STANDINGS_CHUNK_SIZE + 5)
    const own = await Promise.all(
      aroundTheEnd.map(({ userId }) =>
        readOwnRow(db, ranking, { tournamentId, contest: 'main', userId }),
      ),
    )
    expect(own).toEqual(aroundTheEnd)
  }, 120_000)

  it('contexts asked for at once each get their own tournament, or none', async () => {
    const { db } = database()
    const [first, second] = [await insertBracketTournament(db), await insertBracketTournament(db)]
    await rebuildStandings(db, second.tournament.id)
    const options = { userId: null, checkFreshness: false }
    const unknown = '00000000-0000-4000-8000-000000000000'
    const [one, two, none, malformed, again] = await Promise.all(
      [first.tournament.id, second.tournament.id, unknown, 'not-a-uuid', first.tournament.id].map(
        (id) => readStandingsContext(db, id, options),
      ),
    )
    expect(one?.tournament.id).toBe(first.tournament.id)
    expect(one?.build, 'never built').toBeNull()
    expect(two?.tournament.id).toBe(second.tournament.id)
    expect(two?.build).toMatchObject({ entries: 0, isFresh: true })
    expect(none).toBeUndefined()
    expect(malformed).toBeUndefined()
    expect(again).toEqual(one)
  })
})
