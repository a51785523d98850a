// A second-chance entry's share link (docs/product.md "Sharing a bracket", §19): made like the main bracket's,
// showing only "entered" and the second chance's own pool while it takes entries, and its 7 picks
// from the quarterfinals once a quarterfinal result has closed it — for every viewer alike.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MyBetSchema } from '#shared/schemas/bet'
import { SharedBracketSchema } from '#shared/schemas/share'
import { matches } from '#server/db/schema'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { openBody, playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin } from '#server/features/admin/admin-test-support'

describe.each(testDatabaseKinds)('a second-chance share link on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('shows the entry and its own pool while it takes entries, its 7 picks once closed', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = (await signInAdmin(setup, db)).browser
    const fan = await signInAs(setup, db, { balance: 1000 })
    const other = await signInAs(setup, db, { balance: 1000 })
    const visitor = new TestBrowser(setup.app)
    const path = `/api/tournaments/${bracket.tournament.id}`
    expect((await fan.browser.post(`${path}/bets`, betBody(bracket))).status).toBe(201)
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    const opened = await admin.post(`/api/admin${path.slice(4)}/second-chance`, openBody())
    expect(opened.status, await opened.clone().text()).toBe(201)
    const entered = await fan.browser.post(`${path}/second-chance/bets`, secondChanceBody(played))
    expect(entered.status, await entered.clone().text()).toBe(201)

    const mine = MyBetSchema.parse(
      await (await fan.browser.get(`${path}/second-chance/my-bet`)).json(),
    )
    const mainBet = MyBetSchema.parse(await (await fan.browser.get(`${path}/my-bet`)).json())
    expect(mine.shareId).toMatch(/^[A-Za-z0-9_-]{38}$/)
    expect(mine.shareId).not.toBe(mainBet.shareId)

    // Main betting is over, but the second chance still takes entries: no picks for anyone.
    for (const viewer of [fan.browser, other.browser, visitor, admin]) {
      const res = await viewer.get(`/api/share/${mine.shareId}`)
      expect(res.status).toBe(200)
      const shared = SharedBracketSchema.parse(await res.json())
      expect(shared.phase).toBe('entered')
      expect(shared.bracket).toBeNull()
      // Its own pool: base 1,000 + floor(400 × 1 × 0.5).
      expect(shared.pool).toEqual({ currentPrizePool: 1200, participantCount: 1 })
    }

    // A quarterfinal result closes it: the picks show, from the quarterfinals on.
    const quarterfinal = played.matches.find((match) => match.round === 'quarterfinal')!
    await db
      .update(matches)
      .set({ winnerTeamId: quarterfinal.team1Id })
      .where(eq(matches.id, quarterfinal.id))
    for (const viewer of [other.browser, visitor]) {
      const shared = SharedBracketSchema.parse(
        await (await viewer.get(`/api/share/${mine.shareId}`)).json(),
      )
      expect(shared.phase).toBe('bracket')
      expect(shared.bracket?.picks).toHaveLength(7)
      // Scored over its own rounds: 7 picks + the MVP, not the whole draw.
      expect(shared.bracket).toMatchObject({ total: 8, maxPossible: 8 })
      expect(new Set(shared.bracket?.picks.map((pick) => pick.round))).toEqual(
        new Set(['quarterfinal', 'semifinal', 'final']),
      )
    }
    const image = await visitor.get(`/api/share/${mine.shareId}/image.png`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
  })
})
