import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { picksFromEntries, predictedMatchups, type PredictedMatch } from '#domain/bracket/bracket'
import { PopularitySchema, PopularPicksSchema } from '#shared/schemas/brackets'
import type { Database } from '#server/db/client'
import { bets, tournamentPopularity, tournaments } from '#server/db/schema'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { insertUserRange } from '#tests/bulk-users'
import {
  betBody,
  completeBracket,
  insertBracketTournament,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { getPopularPicks, POPULAR_PICKS_REFRESH_MS } from './popular-picks.service'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const notFound = { error: { code: 'NOT_FOUND', message: 'No popular picks for this tournament.' } }
const tooFew = {
  error: {
    code: 'NOT_FOUND',
    message: 'Popular picks show once at least 50 brackets are in.',
    reason: 'TOO_FEW_BRACKETS',
    details: { minimum: 50 },
  },
}
const underdogs = (match: PredictedMatch) => match.team2Id

/** `count` brackets written straight into the table, as fans `<prefix>1…` (no fee, no ledger). */
async function insertBrackets(
  db: Database,
  bracket: BracketTournament,
  prefix: string,
  count: number,
  choose?: (match: PredictedMatch) => string | null,
) {
  await insertUserRange(db, { prefix, from: 1, to: count })
  const { picks, mvpPlayerId } = completeBracket(bracket, choose)
  const stored = predictedMatchups(bracket.matches, picksFromEntries(picks)).map((match) => ({
    match_id: match.matchId,
    team1_id: match.team1Id!,
    team2_id: match.team2Id!,
    predicted_winner_id: match.winnerTeamId!,
  }))
  await db.insert(bets).values(
    Array.from({ length: count }, (_, i) => ({
      userId: `${prefix}${i + 1}`,
      tournamentId: bracket.tournament.id,
      amount: 50,
      picks: stored,
      mvpPlayerId,
    })),
  )
}

describe.each(testDatabaseKinds)('GET /api/tournaments/:id/popular-picks on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('is 404 with its reason at 49 brackets; at 50 the winners alone, the same for everyone', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const path = `/api/tournaments/${bracket.tournament.id}/popular-picks`
    // 30 brackets of favourites, 19 of underdogs; the 50th is a fan's own, through the API.
    await insertBrackets(db, bracket, 'fav', 30)
    await insertBrackets(db, bracket, 'dog', 19, underdogs)
    const fan = await signInAs(setup, db)
    const otherFan = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    const everyone = [visitor, fan.browser, otherFan.browser, admin.browser]

    for (const browser of everyone) {
      const res = await browser.get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual(tooFew)
    }
    // A refusal counts nothing and stores nothing.
    expect(await db.select().from(tournamentPopularity)).toEqual([])

    const placed = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket, underdogs),
    )
    expect(placed.status, await placed.clone().text()).toBe(201)
    const texts = await Promise.all(
      everyone.map(async (browser) => (await browser.get(path)).text()),
    )
    expect(new Set(texts).size).toBe(1)
    // Before the deadline: no share, no count, nothing from which one fan's picks could be read.
    expect(texts[0]).not.toMatch(/count|[0-9]\.[0-9]/)
    const body = PopularPicksSchema.parse(JSON.parse(texts[0]!))
    const favourites = completeBracket(bracket)
    expect(body).toMatchObject({ hasShares: false, bracketCount: null, mvpShare: null })
    expect(body.picks.map((pick) => [pick.matchId, pick.winnerTeamId, pick.share])).toEqual(
      favourites.picks.map((pick) => [pick.matchId, pick.winnerTeamId, null]),
    )
    expect(body.mvpPlayerId).toBe(favourites.mvpPlayerId)
    // Computed once and kept: the People's Bracket's row.
    const [row] = await db
      .select({ bracketCount: tournamentPopularity.bracketCount })
      .from(tournamentPopularity)
      .where(eq(tournamentPopularity.tournamentId, bracket.tournament.id))
    expect(row).toEqual({ bracketCount: 50 })
  })

  it('before the deadline the counts are reused for a while; after it the shares come', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const visitor = new TestBrowser(setup.app)
    await insertBrackets(db, bracket, 'f', 50)
    const first = PopularPicksSchema.parse(
      await (await visitor.get(`/api/tournaments/${id}/popular-picks`)).json(),
    )
    const favourites = completeBracket(bracket)
    expect(first.picks.at(-1)?.winnerTeamId).toBe(favourites.championId)

    // 60 underdog brackets arrive: within the refresh window the stored counts still answer.
    await insertBrackets(db, bracket, 'u', 60, underdogs)
    const reused = await (await visitor.get(`/api/tournaments/${id}/popular-picks`)).json()
    expect(reused).toEqual(first)
    // Past the window the next request counts again.
    const later = new Date(Date.now() + POPULAR_PICKS_REFRESH_MS + 1_000)
    const underdog = completeBracket(bracket, underdogs)
    expect((await getPopularPicks(db, id, later)).picks.at(-1)?.winnerTeamId).toBe(
      underdog.championId,
    )

    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tournaments.id, id))
    const res = await visitor.get(`/api/tournaments/${id}/popular-picks`)
    expect(res.status).toBe(200)
    const closed = PopularPicksSchema.parse(await res.json())
    expect(closed).toMatchObject({
      hasShares: true,
      bracketCount: 110,
      mvpPlayerId: underdog.mvpPlayerId,
      mvpShare: 60 / 110,
    })
    expect(closed.picks).toHaveLength(15)
    expect(closed.picks.map((pick) => [pick.matchId, pick.winnerTeamId, pick.share])).toEqual(
      underdog.picks.map((pick) => [pick.matchId, pick.winnerTeamId, 60 / 110]),
    )
  })

  it("a count made while betting was open is not the People's Bracket after the deadline", async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const visitor = new TestBrowser(setup.app)
    await insertBrackets(db, bracket, 'k', 50)
    expect((await visitor.get(`/api/tournaments/${id}/popular-picks`)).status).toBe(200)
    // A fan changes their bracket before the deadline (as change_bet does: new picks and codes,
    // the bet's time unchanged), then betting closes.
    const [changed] = await db.select().from(bets).where(eq(bets.userId, 'k1'))
    const underdog = completeBracket(bracket, underdogs)
    await db
      .update(bets)
      .set({
        picks: predictedMatchups(bracket.matches, picksFromEntries(underdog.picks)).map((m) => ({
          match_id: m.matchId,
          team1_id: m.team1Id!,
          team2_id: m.team2Id!,
          predicted_winner_id: m.winnerTeamId!,
        })),
        pickCodes: null,
        mvpPlayerId: underdog.mvpPlayerId,
      })
      .where(eq(bets.id, changed!.id))
    // The deadline passes now, after the count above.
    await db.update(tournaments).set({ bettingDeadline: new Date() }).where(eq(tournaments.id, id))
    const res = await visitor.get(`/api/tournaments/${id}/popularity`)
    expect(res.status).toBe(200)
    const body = PopularitySchema.parse(await res.json())
    expect(body.champions).toEqual([
      { id: completeBracket(bracket).championId, count: 49 },
      { id: underdog.championId, count: 1 },
    ])
    const closed = PopularPicksSchema.parse(
      await (await visitor.get(`/api/tournaments/${id}/popular-picks`)).json(),
    )
    expect(closed.picks.at(-1)?.share).toBe(49 / 50)
  })

  it('is 404 for an unknown id, a malformed one and a cancelled tournament', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    await insertBrackets(db, bracket, 'c', 50)
    await db
      .update(tournaments)
      .set({ status: 'cancelled' })
      .where(eq(tournaments.id, bracket.tournament.id))
    const visitor = new TestBrowser(setup.app)
    for (const id of [UNKNOWN_ID, 'nope', bracket.tournament.id]) {
      const res = await visitor.get(`/api/tournaments/${id}/popular-picks`)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual(notFound)
    }
  })
})
