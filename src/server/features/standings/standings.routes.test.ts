// The standings over HTTP: who sees what before and after the deadline, the numbers checked
// against the domain's bracketOutlook, ties, the tiebreaker and paging, on both databases.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { picksFromEntries, type PredictedMatch } from '#domain/bracket/bracket'
import { bracketOutlook } from '#domain/scoring/outlook'
import { MyBracketsSchema, StandingsSchema } from '#shared/schemas/standings'
import type { Database } from '#server/db/client'
import { bets, matches, tournaments } from '#server/db/schema'
import {
  betBody,
  completeBracket,
  insertBracketTournament,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { errorOf, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { matchResultColumns } from '#server/db/match-results'

type Choose = (match: PredictedMatch) => string | null
const team1: Choose = (match) => match.team1Id
const team2: Choose = (match) => match.team2Id
// Team 1 in the first round, team 2 after it.
const mixed: Choose = (match) => (match.round === 'round16' ? match.team1Id : match.team2Id)

async function closeBetting(db: Database, bracket: BracketTournament) {
  await db
    .update(tournaments)
    .set({ bettingDeadline: new Date(Date.now() - 1_000) })
    .where(eq(tournaments.id, bracket.tournament.id))
}

async function decide(db: Database, bracket: BracketTournament, index: number, side: 1 | 2) {
  const match = bracket.matches[index]!
  await db
    .update(matches)
    .set({ winnerTeamId: side === 1 ? match.team1Id : match.team2Id })
    .where(eq(matches.id, match.id))
}

describe.each(testDatabaseKinds)('/api/tournaments/:id/standings on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('before the deadline: the number of entries only, for the owner, a fan and an admin', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const owner = await signInAs(setup, db, { balance: 500 })
    expect((await owner.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))).status).toBe(
      201,
    )
    const fan = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    for (const browser of [owner.browser, fan.browser, admin.browser]) {
      const res = await browser.get(`/api/tournaments/${id}/standings`)
      expect(res.status).toBe(200)
      expect(StandingsSchema.parse(await res.json())).toEqual({
        tournamentId: id,
        isOpen: false,
        entries: 1,
        total: 16,
        page: 1,
        pageSize: 25,
        rows: [],
        me: null,
        myPage: null,
        builtAt: null,
      })
    }
    const visitor = new TestBrowser(setup.app)
    expect((await visitor.get(`/api/tournaments/${id}/standings`)).status).toBe(401)
    expect((await visitor.get('/api/me/brackets')).status).toBe(401)

    const mine = MyBracketsSchema.parse(await (await owner.browser.get('/api/me/brackets')).json())
    expect(mine.brackets).toEqual([
      expect.objectContaining({ tournamentId: id, rank: null, entries: 1, correct: null }),
    ])

    const unknown = await fan.browser.get(
      '/api/tournaments/00000000-0000-4000-8000-000000000000/standings',
    )
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).code).toBe('NOT_FOUND')
    expect((await fan.browser.get('/api/tournaments/not-a-uuid/standings')).status).toBe(404)
    for (const query of ['pageSize=0', 'page=0', 'page=x', 'leagueId=nope']) {
      const res = await fan.browser.get(`/api/tournaments/${id}/standings?${query}`)
      expect(res.status, query).toBe(400)
    }
    // A page larger than the cap is capped, as every list caps its page.
    const huge = await fan.browser.get(`/api/tournaments/${id}/standings?pageSize=5000`)
    expect(huge.status).toBe(200)
    expect(((await huge.json()) as { pageSize: number }).pageSize).toBe(100)
    const league = await fan.browser.get(
      `/api/tournaments/${id}/standings?leagueId=00000000-0000-4000-8000-000000000000`,
    )
    expect(league.status).toBe(404)
    expect((await fan.browser.get(`/api/tournaments/${id}/standings?limit=3`)).status).toBe(200)
  }, 60_000)

  it('after the deadline: ranks as the domain scores, ties shared, the tiebreaker, pages', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    // Entered in this order: A and D pick the same bracket (D later), so they tie until the
    // tiebreaker is known.
    const chooses: [string, Choose, number | null][] = [
      ['fan_a', team1, 20],
      ['fan_b', team2, null],
      ['fan_c', mixed, 30],
      ['fan_d', team1, 19],
    ]
    const fans: (Awaited<ReturnType<typeof signInAs>> & { username: string; choose: Choose })[] = []
    for (const [username, choose, finalTotalGames] of chooses) {
      const fan = await signInAs(setup, db, { balance: 500, username })
      const res = await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket, choose))
      expect(res.status).toBe(201)
      await db.update(bets).set({ finalTotalGames }).where(eq(bets.userId, fan.userId))
      fans.push({ ...fan, username, choose })
    }
    const admin = await signInAdmin(setup, db)
    await closeBetting(db, bracket)

    const read = async (browser = fans[0]!.browser, query = '') => {
      const res = await browser.get(`/api/tournaments/${id}/standings${query}`)
      expect(res.status, await res.clone().text()).toBe(200)
      return StandingsSchema.parse(await res.json())
    }
    // Nothing played: everyone 0 of 16, all can still reach 16, all share rank 1.
    const start = await read()
    expect(start.isOpen).toBe(true)
    expect(start.entries).toBe(4)
    expect(start.rows.map((row) => [row.username, row.rank, row.correct, row.maxPossible])).toEqual(
      [
        ['fan_a', 1, 0, 16],
        ['fan_b', 1, 0, 16],
        ['fan_c', 1, 0, 16],
        ['fan_d', 1, 0, 16],
      ],
    )
    expect(start.rows[0]).toMatchObject({ tierNow: 'no_tier', bestTier: 'tier_100', isMe: true })
    expect(start.me).toEqual(start.rows[0])

    // Round of 16: team 1 wins matches 1–3, team 2 wins match 4.
    for (const [index, side] of [
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 2],
    ] as const) {
      await decide(db, bracket, index, side)
    }
    const results = await db
      .select(matchResultColumns)
      .from(matches)
      .where(eq(matches.tournamentId, id))
    const afterRound = await read(fans[1]!.browser)
    const outlooks = fans.map((fan) => {
      const picks = picksFromEntries(completeBracket(bracket, fan.choose).picks)
      const mvp = completeBracket(bracket, fan.choose).mvpPlayerId
      return bracketOutlook(picks, results, { pick: mvp, actual: null })
    })
    expect(afterRound.rows.map((row) => [row.username, row.correct, row.maxPossible])).toEqual(
      [
        ['fan_a', outlooks[0]!],
        ['fan_c', outlooks[2]!],
        ['fan_d', outlooks[3]!],
        ['fan_b', outlooks[1]!],
      ].map(([name, outlook]) => [
        name,
        (outlook as (typeof outlooks)[0]).correct,
        (outlook as (typeof outlooks)[0]).maxPossible,
      ]),
    )
    // A, C and D have 3 correct (tie: rank 1, by entry), B 1 correct: rank 4.
    expect(afterRound.rows.map((row) => row.rank)).toEqual([1, 1, 1, 4])
    expect(afterRound.me).toMatchObject({ username: 'fan_b', rank: 4, correct: 1, isMe: true })

    // Paging: two per page; "me" comes whatever the page.
    const second = await read(fans[0]!.browser, '?page=2&pageSize=2')
    expect(second.rows.map((row) => row.username)).toEqual(['fan_d', 'fan_b'])
    expect(second.me?.username).toBe('fan_a')
    expect((await read(fans[0]!.browser, '?page=3&pageSize=2')).rows).toEqual([])

    // "Jump to my page": by place, not rank. D shares rank 1 but is third in the order, so on
    // page 2 of two; B (rank 4) on page 2; an admin without a bracket has no page.
    expect((await read(fans[3]!.browser, '?pageSize=2')).myPage).toBe(2)
    expect((await read(fans[3]!.browser, '?pageSize=3')).myPage).toBe(1)
    expect((await read(fans[1]!.browser, '?pageSize=2')).myPage).toBe(2)
    expect((await read(fans[0]!.browser)).myPage).toBe(1)
    expect((await read(admin.browser)).myPage).toBeNull()

    // "Find a fan": any part of the name, any case, ranked as on the page; "me" stays.
    const found = await read(fans[1]!.browser, '?q=N_D')
    expect(found.rows.map((row) => [row.username, row.rank, row.correct])).toEqual([
      ['fan_d', 1, 3],
    ])
    expect(found.me?.username).toBe('fan_b')
    expect(
      (await read(admin.browser, '?q=fan_')).rows.map((row) => [row.username, row.rank]),
    ).toEqual([
      ['fan_a', 1],
      ['fan_c', 1],
      ['fan_d', 1],
      ['fan_b', 4],
    ])
    // Wildcards are taken as written; nobody matches; an empty search is the page.
    expect((await read(admin.browser, '?q=%25')).rows).toEqual([])
    expect((await read(admin.browser, '?q=nobody')).rows).toEqual([])
    expect((await read(admin.browser, '?q=%20')).rows).toHaveLength(4)
    const tooLong = await admin.browser.get(`/api/tournaments/${id}/standings?q=${'x'.repeat(51)}`)
    expect(tooLong.status).toBe(400)
    expect((await errorOf(tooLong)).code).toBe('VALIDATION_FAILED')

    // Played out as "team 1 always wins" (the round-of-16 result above included), the final
    // 6–4 6–3 (19 games): D (19) before A (20); B, without a tiebreaker, last.
    await playOut(db, bracket)
    const final = bracket.matches.find((match) => match.round === 'final')!
    await db
      .update(matches)
      .set({
        sets: [
          [6, 4],
          [6, 3],
        ],
      })
      .where(eq(matches.id, final.id))
    const end = await read(admin.browser)
    expect(end.me).toBeNull()
    expect(
      end.rows.map((row) => [row.username, row.rank, row.correct, row.tiebreakerDistance]),
    ).toEqual([
      ['fan_d', 1, 16, 0],
      ['fan_a', 2, 16, 1],
      ['fan_c', 3, 8, 11],
      ['fan_b', 4, 0, null],
    ])
    expect(end.rows[0]).toMatchObject({ accuracy: 100, tierNow: 'tier_100', maxPossible: 16 })

    const mine = MyBracketsSchema.parse(
      await (await fans[0]!.browser.get('/api/me/brackets')).json(),
    )
    expect(mine.brackets).toEqual([
      expect.objectContaining({ tournamentId: id, rank: 2, entries: 4, correct: 16 }),
    ])
  }, 60_000)
})
