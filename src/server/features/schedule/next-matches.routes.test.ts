// A fan's next matches (docs/decisions/162): the scheduled, unplayed match of each pair the fan
// picked that is still in it, earliest first; only the caller's own, 401 for a visitor.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { NextMatchesSchema } from '#shared/schemas/schedule'
import { matches } from '#server/db/schema'
import { put, signInAdmin } from '#server/features/admin/admin-test-support'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const EVENING = '2026-05-02T18:00:00.000Z'
const AFTERNOON = '2026-05-02T16:30:00.000Z'
const NEXT_DAY = '2026-05-03T17:00:00.000Z'

describe.each(testDatabaseKinds)("a fan's next matches on %s", (kind) => {
  const database = useTestDatabase(kind)

  it("lists each alive pick's scheduled match for its owner alone", async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const admin = await signInAdmin(setup, db)
    const [owner, other, newcomer] = [
      await signInAs(setup, db),
      await signInAs(setup, db),
      await signInAs(setup, db),
    ]
    const visitor = new TestBrowser(setup.app)
    // The owner picks pair 1 of every match to win, the other fan pair 2.
    for (const [fan, choose] of [
      [owner, undefined],
      [other, (match: { team2Id: string | null }) => match.team2Id],
    ] as const) {
      const placed = await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket, choose))
      expect(placed.status, await placed.clone().text()).toBe(201)
    }
    const read = async (browser: TestBrowser) => {
      const res = await browser.get('/api/me/next-matches')
      expect(res.status, await res.clone().text()).toBe(200)
      return NextMatchesSchema.parse(await res.json()).matches
    }
    expect(await read(owner.browser)).toEqual([])

    const [first, second] = bracket.matches
    const scheduled = await put(admin.browser, `/api/admin/tournaments/${id}/schedule`, {
      matches: [
        { matchId: first!.id, startsAt: EVENING, court: 'Pista Central' },
        { matchId: second!.id, startsAt: AFTERNOON, court: null },
      ],
    })
    expect(scheduled.status, await scheduled.clone().text()).toBe(200)

    const mine = await read(owner.browser)
    expect(mine.map((line) => [line.matchId, line.startsAt, line.court])).toEqual([
      [second!.id, AFTERNOON, null],
      [first!.id, EVENING, 'Pista Central'],
    ])
    expect(mine[1]).toMatchObject({
      tournamentId: id,
      tournamentName: bracket.tournament.name,
      round: 'round16',
      matchNumber: 1,
      pick: { teamId: first!.team1Id },
      opponent: { teamId: first!.team2Id },
    })
    expect(mine[1]!.pick.name).toMatch(/^Player 1 \S+ \/ Player 2 \S+$/)
    expect(mine[1]!.pick.shortName).toMatch(/^1 \S+ \/ 2 \S+$/)
    // The other fan sees the same matches through the pairs they picked, never the owner's.
    expect((await read(other.browser)).map((line) => [line.matchId, line.pick.teamId])).toEqual([
      [second!.id, second!.team2Id],
      [first!.id, first!.team2Id],
    ])
    // No bracket, no next match: a fan without one, and an admin (whose own list it is).
    expect(await read(newcomer.browser)).toEqual([])
    expect(await read(admin.browser)).toEqual([])
    expect((await visitor.get('/api/me/next-matches')).status).toBe(401)

    // Both first matches played as the owner picked: they leave the list, and the quarterfinal
    // they feed, once scheduled, is the owner's next match; the other fan's pick is out of it.
    await db.update(matches).set({ winnerTeamId: first!.team1Id }).where(eq(matches.id, first!.id))
    await db
      .update(matches)
      .set({ winnerTeamId: second!.team1Id })
      .where(eq(matches.id, second!.id))
    const quarter = bracket.matches.find((match) => match.round === 'quarterfinal')!
    await db
      .update(matches)
      .set({ team1Id: first!.team1Id, team2Id: second!.team1Id })
      .where(eq(matches.id, quarter.id))
    expect(await read(owner.browser)).toEqual([])
    await put(admin.browser, `/api/admin/tournaments/${id}/schedule`, {
      matches: [{ matchId: quarter.id, startsAt: NEXT_DAY, court: 'Pista 2' }],
    })
    expect(await read(owner.browser)).toMatchObject([
      {
        matchId: quarter.id,
        round: 'quarterfinal',
        startsAt: NEXT_DAY,
        court: 'Pista 2',
        pick: { teamId: first!.team1Id },
        opponent: { teamId: second!.team1Id },
      },
    ])
    expect(await read(other.browser)).toEqual([])
  })
})
