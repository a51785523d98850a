// "My brackets" on a settled tournament (issue 29, minors): GET /api/me/brackets brings each of
// the fan's settled brackets with its outcome, the prize paid and the tier it was paid at, so the
// page says "+3,042 coins · Near perfect" or "No prize" instead of the live figures. Each fan sees
// only their own; a visitor gets 401. On both databases.
import { describe, expect, it } from 'vitest'
import { MyBracketsSchema } from '#shared/schemas/standings'
import {
  betBody,
  completeBracket,
  getBalance,
  insertBracketTournament,
  playOut,
  signInAs,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { settleTournament } from '#server/features/settlement/settle.service'
import { signInAdmin } from '#server/features/admin/admin-test-support'

describe.each(testDatabaseKinds)('my brackets once settled on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('gives each fan the prize and tier of their own settled bracket, nothing before', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const [anna, bea, carl] = [
      await signInAs(setup, db, { username: 'out_anna' }),
      await signInAs(setup, db, { username: 'out_bea' }),
      await signInAs(setup, db, { username: 'out_carl' }),
    ]
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    // Anna: every match right but the MVP, 15 of 16 (93.75 %): tier_90. Bea: pair 2 everywhere
    // while pair 1 wins every match: 0 of 16, no prize. Carl stays out.
    const perfect = completeBracket(bracket)
    const champion = bracket.teams.find((team) => team.id === perfect.championId)!
    const placed = [
      await anna.browser.post(`/api/tournaments/${id}/bets`, {
        picks: perfect.picks,
        mvpPlayerId: champion.player2Id,
      }),
      await bea.browser.post(
        `/api/tournaments/${id}/bets`,
        betBody(bracket, (match) => match.team2Id),
      ),
    ]
    expect(placed.map((res) => res.status)).toEqual([201, 201])
    const listOf = async (browser: TestBrowser) =>
      MyBracketsSchema.parse(await (await browser.get('/api/me/brackets')).json()).brackets

    // In play: no outcome yet.
    expect((await listOf(anna.browser)).map((row) => row.outcome)).toEqual([null])

    await playOut(db, bracket)
    const annaBefore = await getBalance(db, anna.userId)
    await settleTournament(db, { actorId: admin.userId, tournamentId: id })
    // The standings are built (a read builds what is stale; the refresher does it in the app).
    expect((await carl.browser.get(`/api/tournaments/${id}/standings`)).status).toBe(200)

    // Pool 5,000 + 2 × 50 × 0.7 = 5,070; tier_90 pays 60 %: 3,042, Anna its only winner.
    expect(await listOf(anna.browser)).toEqual([
      expect.objectContaining({
        tournamentId: id,
        status: 'won',
        tournamentStatus: 'completed',
        rank: 1,
        entries: 2,
        correct: 15,
        outcome: { prize: 3_042, tier: 'tier_90' },
      }),
    ])
    expect(await getBalance(db, anna.userId)).toBe(annaBefore + 3_042)
    expect(await listOf(bea.browser)).toEqual([
      expect.objectContaining({
        tournamentId: id,
        status: 'lost',
        rank: 2,
        correct: 0,
        outcome: { prize: 0, tier: 'no_tier' },
      }),
    ])
    // Nothing of the others: Carl and the admin have no bracket; a visitor is refused.
    expect(await listOf(carl.browser)).toEqual([])
    expect(await listOf(admin.browser)).toEqual([])
    const refused = await visitor.get('/api/me/brackets')
    expect(refused.status).toBe(401)
    expect(await refused.text()).not.toContain(id)
  }, 90_000)
})
