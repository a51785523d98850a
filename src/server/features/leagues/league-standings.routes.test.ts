// A tournament's standings within a league (GET /api/tournaments/:id/standings?leagueId=) and the
// league page's tournaments and season table: ranks recomputed among the members (1, 1, 3),
// entries before the deadline but never picks, 404 to anyone not in the league.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PredictedMatch } from '#domain/bracket/bracket'
import { LeagueDetailSchema, LeagueMemberPageSchema } from '#shared/schemas/league'
import { StandingsSchema } from '#shared/schemas/standings'
import { matches, tournaments } from '#server/db/schema'
import { betBody, insertBracketTournament, playOut } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { settleTournament } from '#server/features/settlement/settle.service'
import { rebuildStandings } from '#server/features/standings/standings-rebuild'

type Choose = (match: PredictedMatch) => string | null
const team1: Choose = (match) => match.team1Id
const team2: Choose = (match) => match.team2Id
const mixed: Choose = (match) => (match.round === 'round16' ? match.team1Id : match.team2Id)

describe.each(testDatabaseKinds)('league standings on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('rank within the members, entries before the deadline, 404 to outsiders', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fans = {
      a: await signInAs(setup, db, { balance: 500, username: 'league_a' }),
      b: await signInAs(setup, db, { balance: 500, username: 'league_b' }),
      c: await signInAs(setup, db, { balance: 500, username: 'league_c' }),
      d: await signInAs(setup, db, { balance: 500, username: 'league_d' }),
    }
    const choices: [keyof typeof fans, Choose][] = [
      ['a', team1],
      ['b', team2],
      ['c', mixed],
      ['d', team1],
    ]
    for (const [name, choose] of choices) {
      const res = await fans[name].browser.post(
        `/api/tournaments/${id}/bets`,
        betBody(bracket, choose),
      )
      expect(res.status).toBe(201)
    }
    // The league: its owner (no bracket), A, B and D; C is outside.
    const owner = await signInAs(setup, db, { username: 'league_owner' })
    const created = await owner.browser.post('/api/leagues', { name: 'Standings league' })
    const leagueId = ((await created.json()) as { id: string }).id
    const detail = LeagueDetailSchema.parse(
      await (await owner.browser.get(`/api/leagues/${leagueId}`)).json(),
    )
    for (const name of ['a', 'b', 'd'] as const) {
      const joined = await fans[name].browser.post('/api/leagues/join', {
        code: detail.inviteCode,
      })
      expect(joined.status).toBe(200)
    }
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    const path = (query = '') => `/api/tournaments/${id}/standings?leagueId=${leagueId}${query}`
    const read = async (browser: TestBrowser, query = '') => {
      const res = await browser.get(path(query))
      expect(res.status, await res.clone().text()).toBe(200)
      return StandingsSchema.parse(await res.json())
    }

    // Before the deadline: how many members entered, no rows; the page lists who, not what.
    expect(await read(fans.a.browser)).toMatchObject({ isOpen: false, entries: 3, rows: [] })
    const page = LeagueDetailSchema.parse(
      await (await fans.b.browser.get(`/api/leagues/${leagueId}`)).json(),
    )
    const entered = page.tournaments.find((t) => t.tournamentId === id)!
    expect(entered.isBettingOpen).toBe(true)
    // Three of four entered; the owner has no bracket, so nobody else is left to nudge.
    expect(entered).toMatchObject({ enteredCount: 3, othersMissingCount: 0 })
    const who = async (entry: string) => {
      const res = await fans.b.browser.get(
        `/api/leagues/${leagueId}/members?tournamentId=${id}&entry=${entry}`,
      )
      expect(res.status, await res.clone().text()).toBe(200)
      return LeagueMemberPageSchema.parse(await res.json()).members.map((m) => m.username)
    }
    expect((await who('entered')).sort()).toEqual(['league_a', 'league_b', 'league_d'])
    expect(await who('missing')).toEqual(['league_owner'])
    const alone = await fans.b.browser.get(`/api/leagues/${leagueId}/members?tournamentId=${id}`)
    expect(alone.status).toBe(400)
    expect(JSON.stringify(page)).not.toContain('picks')

    for (const outsider of [fans.c.browser, admin.browser]) {
      expect((await outsider.get(path())).status).toBe(404)
    }
    expect((await visitor.get(path())).status).toBe(401)
    const unknown = `/api/tournaments/${id}/standings?leagueId=00000000-0000-4000-8000-000000000000`
    expect((await fans.a.browser.get(unknown)).status).toBe(404)

    // After the deadline, the first match won by team 1: A, C and D have 1 right, B none.
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, id))
    const first = bracket.matches[0]!
    await db.update(matches).set({ winnerTeamId: first.team1Id }).where(eq(matches.id, first.id))
    const everyone = await fans.c.browser.get(`/api/tournaments/${id}/standings`)
    const global = StandingsSchema.parse(await everyone.json())
    expect(global.rows.find((row) => row.username === 'league_b')!.rank).toBe(4)

    const league = await read(fans.b.browser)
    expect(league).toMatchObject({ isOpen: true, entries: 3 })
    expect(league.rows.map((row) => [row.username, row.rank, row.correct, row.isMe])).toEqual([
      ['league_a', 1, 1, false],
      ['league_d', 1, 1, false],
      ['league_b', 3, 0, true],
    ])
    expect(league.me).toMatchObject({ username: 'league_b', rank: 3 })
    // Paged: the second row alone, the caller's row beside it.
    const second = await read(fans.a.browser, '&page=2&pageSize=1')
    expect(second.rows.map((row) => row.username)).toEqual(['league_d'])
    expect(second.me).toMatchObject({ username: 'league_a', rank: 1 })
    expect((await read(fans.a.browser, '&page=9')).rows).toEqual([])
    expect((await read(fans.a.browser, '&page=9')).entries).toBe(3)
    // The owner has no bracket: rows, but no own row.
    expect((await read(owner.browser)).me).toBeNull()
    // "Jump to my page": D shares rank 1 but is second in the league's order.
    expect((await read(fans.d.browser, '&pageSize=1')).myPage).toBe(2)
    expect((await read(fans.b.browser, '&pageSize=2')).myPage).toBe(2)
    expect((await read(owner.browser)).myPage).toBeNull()
    // "Find a fan" within the league: C (outside) is never found, ranks are the league's.
    const found = await read(fans.b.browser, '&q=LEAGUE_')
    expect(found.rows.map((row) => [row.username, row.rank])).toEqual([
      ['league_a', 1],
      ['league_d', 1],
      ['league_b', 3],
    ])
    expect((await read(fans.b.browser, '&q=_c')).rows).toEqual([])
    expect((await read(fans.b.browser, '&q=_d')).rows.map((row) => row.username)).toEqual([
      'league_d',
    ])

    // Removed from the league: the standings are gone at once.
    const removed = await owner.browser.request(
      `/api/leagues/${leagueId}/members/${fans.d.userId}`,
      { method: 'DELETE' },
    )
    expect(removed.status).toBe(204)
    expect((await fans.d.browser.get(path())).status).toBe(404)
    expect((await read(fans.a.browser)).rows.map((row) => row.username)).toEqual([
      'league_a',
      'league_b',
    ])

    // A new result: the ranking follows the rebuild (B's team 2 wins the second match).
    const secondMatch = bracket.matches[1]!
    await db
      .update(matches)
      .set({ winnerTeamId: secondMatch.team2Id })
      .where(eq(matches.id, secondMatch.id))
    const after = await read(fans.a.browser)
    expect(after.rows.map((row) => [row.username, row.rank, row.correct])).toEqual([
      ['league_a', 1, 1],
      ['league_b', 1, 1],
    ])
    await db.update(matches).set({ winnerTeamId: null }).where(eq(matches.id, secondMatch.id))

    // Settled (team 1 always wins, as A and D picked): the season table.
    await playOut(db, bracket)
    await settleTournament(db, { actorId: 'league-test', tournamentId: id })
    // The season reads the stored standings, which the refresher rebuilds after results.
    await rebuildStandings(db, id)
    const settled = LeagueDetailSchema.parse(
      await (await fans.a.browser.get(`/api/leagues/${leagueId}`)).json(),
    )
    expect(settled.season.map((row) => [row.username, row.rank, row.brackets])).toEqual([
      ['league_a', 1, 1],
      ['league_b', 2, 1],
    ])
    expect(settled.season[0]!.coinsWon).toBeGreaterThan(0)
    expect(settled.season[0]!.averageAccuracy).toBe(100)
    expect(settled.season[1]).toMatchObject({ coinsWon: 0 })
    expect(settled.season[1]!.averageAccuracy).toBeLessThan(100)
  }, 90_000)
})
