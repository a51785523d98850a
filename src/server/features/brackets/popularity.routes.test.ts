import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PopularitySchema } from '#shared/schemas/brackets'
import { tournamentPopularity, tournaments } from '#server/db/schema'
import { betBody, completeBracket, insertBracketTournament, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const notFoundBody = {
  error: { code: 'NOT_FOUND', message: "No People's Bracket for this tournament." },
}

describe.each(testDatabaseKinds)('GET /api/tournaments/:id/popularity on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('is 404 while betting is open, then counts every bracket once, stored', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const visitor = new TestBrowser(setup.app)
    const favourite = completeBracket(bracket)
    const underdog = completeBracket(bracket, (match) => match.team2Id)
    for (const choose of [
      undefined,
      undefined,
      (match: { team2Id: string | null }) => match.team2Id,
    ]) {
      const fan = await signInAs(setup, db)
      const placed = await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket, choose))
      expect(placed.status, await placed.clone().text()).toBe(201)
    }

    for (const path of [
      `/api/tournaments/${id}/popularity`,
      `/api/tournaments/${UNKNOWN_ID}/popularity`,
      '/api/tournaments/nope/popularity',
    ]) {
      const res = await visitor.get(path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual(notFoundBody)
    }
    expect(await db.select().from(tournamentPopularity)).toEqual([])

    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tournaments.id, id))
    // Concurrent first requests: one computation, one stored row, the same answer.
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => visitor.get(`/api/tournaments/${id}/popularity`)),
    )
    const bodies = await Promise.all(
      answers.map(async (res) => PopularitySchema.parse(await res.json())),
    )
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200])
    expect(new Set(bodies.map((body) => body.computedAt)).size).toBe(1)
    const body = bodies[0]!
    expect(body.bracketCount).toBe(3)
    expect(body.slots).toHaveLength(15)
    const first = body.slots[0]!
    expect(first).toMatchObject({ round: 'round16', matchNumber: 1 })
    expect(first.winners).toEqual([
      { id: bracket.matches[0]!.team1Id, count: 2 },
      { id: bracket.matches[0]!.team2Id, count: 1 },
    ])
    expect(body.champions).toEqual([
      { id: favourite.championId, count: 2 },
      { id: underdog.championId, count: 1 },
    ])
    expect(body.mvps).toEqual([
      { id: favourite.mvpPlayerId, count: 2 },
      { id: underdog.mvpPlayerId, count: 1 },
    ])
    expect(body.mostCommon?.count).toBe(2)
    expect(new Map(body.mostCommon!.picks.map((p) => [p.matchId, p.winnerTeamId]))).toEqual(
      new Map(favourite.picks.map((p) => [p.matchId, p.winnerTeamId])),
    )
    const stored = await db.select().from(tournamentPopularity)
    expect(stored).toHaveLength(1)
    expect(stored[0]!.bracketCount).toBe(3)

    // Served from the row afterwards: the same computation time.
    const again = PopularitySchema.parse(
      await (await visitor.get(`/api/tournaments/${id}/popularity`)).json(),
    )
    expect(again.computedAt).toBe(body.computedAt)
    // With its ETag: a browser that has the answer gets a 304 and no body.
    const tagged = await visitor.get(`/api/tournaments/${id}/popularity`)
    const etag = tagged.headers.get('ETag')!
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    expect(tagged.headers.get('Cache-Control')).toBe('public, no-cache')
    const unchanged = await visitor.get(`/api/tournaments/${id}/popularity`, {
      'If-None-Match': etag,
    })
    expect(unchanged.status).toBe(304)
    expect(await unchanged.text()).toBe('')

    // An admin reopened betting and a fan bet: the row is stale once betting closes again.
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() + 60_000) })
      .where(eq(tournaments.id, id))
    // A process re-checks the tournament at most once a second (decision 096).
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await visitor.get(`/api/tournaments/${id}/popularity`)).status).toBe(404)
    const late = await signInAs(setup, db)
    expect((await late.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))).status).toBe(
      201,
    )
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, id))
    const recomputed = PopularitySchema.parse(
      await (await visitor.get(`/api/tournaments/${id}/popularity`)).json(),
    )
    expect(recomputed.bracketCount).toBe(4)
    expect(recomputed.mostCommon?.count).toBe(3)
    // Five accounts signed in (argon2) and four computations: slow on a busy machine.
  }, 90_000)

  it('is 404 for a cancelled tournament, and empty but answered without brackets', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const visitor = new TestBrowser(setup.app)
    const closed = { bettingDeadline: new Date(Date.now() - 60_000) }
    const empty = await insertBracketTournament(db, closed)
    const res = await visitor.get(`/api/tournaments/${empty.tournament.id}/popularity`)
    expect(res.status).toBe(200)
    expect(PopularitySchema.parse(await res.json())).toMatchObject({
      bracketCount: 0,
      champions: [],
      mvps: [],
      mostCommon: null,
    })
    const cancelled = await insertBracketTournament(db, { ...closed, status: 'cancelled' })
    const gone = await visitor.get(`/api/tournaments/${cancelled.tournament.id}/popularity`)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual(notFoundBody)
  })
})
