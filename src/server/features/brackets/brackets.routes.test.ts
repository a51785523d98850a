import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FanBracketSchema } from '#shared/schemas/brackets'
import { bets, matches, tournaments } from '#server/db/schema'
import {
  betBody,
  insertBracketTournament,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin } from '#server/features/admin/admin-test-support'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(testDatabaseKinds)('GET /api/tournaments/:id/brackets/:username on %s', (kind) => {
  const database = useTestDatabase(kind)

  /** A tournament where owner bet on "team 1 always wins"; other, an admin and a visitor did not. */
  async function setUp() {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const owner = await signInAs(setup, db, { username: `owner_${Date.now() % 1e6}` })
    const other = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    const placed = await owner.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(placed.status, await placed.clone().text()).toBe(201)
    const [row] = await db.select().from(bets).where(eq(bets.userId, owner.userId))
    const username = (await (await owner.browser.get('/api/me')).json()).user.username as string
    const path = `/api/tournaments/${bracket.tournament.id}/brackets/${username}`
    return { setup, db, bracket, owner, other, admin, visitor, path, username, bet: row! }
  }

  async function closeBetting(db: ReturnType<typeof database>['db'], bracket: BracketTournament) {
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tournaments.id, bracket.tournament.id))
  }

  const notFoundBody = { error: { code: 'NOT_FOUND', message: 'Bracket not found.' } }

  it('before the deadline: the owner sees it, everyone else gets the same 404 as no bracket', async () => {
    const { bracket, owner, other, admin, visitor, path, username } = await setUp()

    const mine = await owner.browser.get(path)
    expect(mine.status).toBe(200)
    const body = FanBracketSchema.parse(await mine.json())
    expect(body).toMatchObject({ isMine: true, correct: 0, total: 16, maxPossible: 16 })
    expect(body.picks).toHaveLength(15)
    expect(body.picks.every((pick) => pick.mark === 'alive')).toBe(true)
    expect(body.mvp).toMatchObject({ mark: 'open' })

    const asOther = await other.browser.get(path)
    const asAdmin = await admin.browser.get(path)
    const noSuchFan = await other.browser.get(
      `/api/tournaments/${bracket.tournament.id}/brackets/nobody_here`,
    )
    const otherHasNoBet = await owner.browser.get(
      `/api/tournaments/${bracket.tournament.id}/brackets/${username}x`,
    )
    const unknownTournament = await other.browser.get(
      `/api/tournaments/${UNKNOWN_ID}/brackets/${username}`,
    )
    const malformed = await other.browser.get(`/api/tournaments/nope/brackets/${username}`)
    const hostileName = await other.browser.get(
      `/api/tournaments/${bracket.tournament.id}/brackets/%00${'a'.repeat(200)}`,
    )
    for (const res of [
      asOther,
      asAdmin,
      noSuchFan,
      otherHasNoBet,
      unknownTournament,
      malformed,
      hostileName,
    ]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual(notFoundBody)
    }

    const asVisitor = await visitor.get(path)
    expect(asVisitor.status).toBe(401)
    expect((await asVisitor.json()).error.code).toBe('UNAUTHENTICATED')
    // Four accounts signed in (argon2): slow on a busy machine.
  }, 90_000)

  it('after the deadline: any signed-in account sees it with each pick marked', async () => {
    const { db, bracket, owner, other, admin, visitor, path, username, bet } = await setUp()
    await db.update(bets).set({ finalTotalGames: 27 }).where(eq(bets.id, bet.id))
    await closeBetting(db, bracket)
    // Round of 16: match 1 against the pick (seed 16 beat seed 1), match 2 as picked.
    const [first, second] = bracket.matches
    await db.update(matches).set({ winnerTeamId: first!.team2Id }).where(eq(matches.id, first!.id))
    await db
      .update(matches)
      .set({ winnerTeamId: second!.team1Id })
      .where(eq(matches.id, second!.id))

    for (const viewer of [other.browser, admin.browser, owner.browser]) {
      const res = await viewer.get(path.replace(username, username.toUpperCase()))
      expect(res.status).toBe(200)
      const body = FanBracketSchema.parse(await res.json())
      expect(body.isMine).toBe(viewer === owner.browser)
      expect(body.username).toBe(username)
      expect(body.finalTotalGames).toBe(27)
      const markOf = (round: string, n: number) =>
        body.picks.find((pick) => pick.round === round && pick.matchNumber === n)?.mark
      expect(markOf('round16', 1)).toBe('wrong')
      expect(markOf('round16', 2)).toBe('correct')
      expect(markOf('round16', 3)).toBe('alive')
      // Seed 1, picked to win quarterfinal 1, semifinal 1 and the final, is out.
      expect(markOf('quarterfinal', 1)).toBe('busted')
      expect(markOf('semifinal', 1)).toBe('busted')
      expect(markOf('final', 1)).toBe('busted')
      expect(markOf('quarterfinal', 2)).toBe('alive')
      expect(body.correct).toBe(1)
      // 1 correct + 10 match picks alive + the open MVP.
      expect(body.maxPossible).toBe(12)
    }
    expect((await visitor.get(path)).status).toBe(401)
  })

  it('answers 404 for a refunded bracket, even to its owner', async () => {
    const { db, bracket, owner, other, path, bet } = await setUp()
    await closeBetting(db, bracket)
    await db.update(bets).set({ status: 'refunded' }).where(eq(bets.id, bet.id))
    for (const viewer of [owner.browser, other.browser]) {
      const res = await viewer.get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual(notFoundBody)
    }
  })
})
