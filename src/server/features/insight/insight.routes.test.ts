import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { picksFromEntries, predictedMatchups } from '#domain/bracket/bracket'
import { MyInsightSchema, type MyInsight } from '#shared/schemas/insight'
import type { Database } from '#server/db/client'
import { matches, teams, tournaments, user } from '#server/db/schema'
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

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
/** defaultPrizePoolConfig (tests/factories): base 5,000, fee 50, multiplier 0.7. */
const poolWith = (entries: number) => 5000 + Math.floor(50 * entries * 0.7)

/**
 * Plays every match as "team 1 always wins" (the bracket completeBracket picks by default),
 * except the matches of the rounds named in `unplayed`, which keep their pairs but no winner.
 */
async function playAsTeamOne(
  db: Database,
  bracket: BracketTournament,
  { unplayed = [] as string[], mvpPlayerId = null as string | null } = {},
) {
  const { picks } = completeBracket(bracket)
  const chosen = picksFromEntries(picks)
  for (const match of predictedMatchups(bracket.matches, chosen)) {
    const played = !unplayed.includes(match.round)
    await db
      .update(matches)
      .set({
        team1Id: match.team1Id,
        team2Id: match.team2Id,
        winnerTeamId: played ? chosen[match.matchId]! : null,
      })
      .where(eq(matches.id, match.matchId))
  }
  await db
    .update(tournaments)
    .set({ status: 'active', mvpPlayerId })
    .where(eq(tournaments.id, bracket.tournament.id))
}

const byTier = (insight: MyInsight) =>
  Object.fromEntries(insight.chances.map((chance) => [chance.tier, chance.probability]))
const sumOf = (insight: MyInsight) =>
  insight.chances.reduce((sum, chance) => sum + chance.probability, 0)

describe.each(testDatabaseKinds)('GET /api/tournaments/:id/my-insight on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function setUp({ equalRankings = false } = {}) {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    if (equalRankings) {
      await db
        .update(teams)
        .set({ ranking: 5 })
        .where(eq(teams.tournamentId, bracket.tournament.id))
    }
    const owner = await signInAs(setup, db)
    const placed = await owner.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(placed.status, await placed.clone().text()).toBe(201)
    const path = `/api/tournaments/${bracket.tournament.id}/my-insight`
    const read = async (browser: TestBrowser, query = '') => {
      const res = await browser.get(`${path}${query}`)
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    const insightOf = async (browser: TestBrowser) => {
      const { status, body } = await read(browser)
      expect(status, JSON.stringify(body)).toBe(200)
      return MyInsightSchema.parse(body)
    }
    return { setup, db, bracket, owner, path, read, insightOf }
  }

  it('before any result: nothing correct, everything possible, chances from the rankings', async () => {
    const { owner, insightOf } = await setUp()
    const insight = await insightOf(owner.browser)
    expect(insight).toMatchObject({
      contest: 'main',
      correct: 0,
      total: 16,
      maxPossible: 16,
      tierNow: 'no_tier',
      bestReachableTier: 'tier_100',
      pool: poolWith(1),
      // The perfect tier's prize for one winner: the whole pool, before any scale-down.
      maxCoins: poolWith(1),
      isDecided: false,
    })
    expect(insight.chances.map((chance) => chance.tier)).toEqual([
      'tier_100',
      'tier_90',
      'tier_80',
      'tier_70',
      'tier_60',
      'no_tier',
    ])
    expect(sumOf(insight)).toBeCloseTo(1, 9)
    // Picking the better seed everywhere is the likeliest bracket, yet a perfect one is rare.
    expect(byTier(insight).tier_100).toBeGreaterThan(0)
    expect(byTier(insight).tier_100).toBeLessThan(0.05)
  })

  it('one match left between equally ranked pairs, MVP right: 50/50 between two tiers', async () => {
    const { db, bracket, owner, insightOf } = await setUp({ equalRankings: true })
    const { mvpPlayerId } = completeBracket(bracket)
    await playAsTeamOne(db, bracket, { unplayed: ['final'], mvpPlayerId })
    const insight = await insightOf(owner.browser)
    // 14 matches and the MVP right; the final decides between 16/16 and 15/16 (93.75 %).
    expect(insight).toMatchObject({
      correct: 15,
      maxPossible: 16,
      tierNow: 'tier_90',
      bestReachableTier: 'tier_100',
      maxCoins: poolWith(1),
    })
    expect(byTier(insight)).toEqual({
      tier_100: 0.5,
      tier_90: 0.5,
      tier_80: 0,
      tier_70: 0,
      tier_60: 0,
      no_tier: 0,
    })
  })

  it('with the MVP unset, any of the four finalists is it, equally likely', async () => {
    const { db, bracket, owner, insightOf } = await setUp({ equalRankings: true })
    await playAsTeamOne(db, bracket, { unplayed: ['final'] })
    const insight = await insightOf(owner.browser)
    expect(insight).toMatchObject({ correct: 14, maxPossible: 16, tierNow: 'tier_80' })
    const chances = byTier(insight)
    // Final 1/2 × MVP 1/4 for 16; one of the two for 15; neither for 14 (87.5 %).
    expect(chances.tier_100).toBeCloseTo(0.125, 12)
    expect(chances.tier_90).toBeCloseTo(0.5, 12)
    expect(chances.tier_80).toBeCloseTo(0.375, 12)
    expect(sumOf(insight)).toBeCloseTo(1, 12)
  })

  it('a favourite and an MVP already wrong: the best tier left and its prize at today’s pool', async () => {
    const { db, bracket, owner, insightOf } = await setUp()
    // The MVP is a player of pair 2, whom the owner's bracket never picks to win it all.
    await playAsTeamOne(db, bracket, {
      unplayed: ['final'],
      mvpPlayerId: bracket.teams[1]!.player1Id,
    })
    const insight = await insightOf(owner.browser)
    expect(insight).toMatchObject({
      correct: 14,
      maxPossible: 15,
      tierNow: 'tier_80',
      bestReachableTier: 'tier_90',
      maxCoins: Math.floor((poolWith(1) * 60) / 100),
    })
    // Seed 1 (ranking 1) meets seed 5's winner path in the final: ranking 1 v ranking 5.
    const final = (await db.select().from(matches).where(eq(matches.round, 'final'))).find(
      (match) => match.tournamentId === bracket.tournament.id,
    )!
    const rankingOf = new Map(bracket.teams.map((team) => [team.id, team.seed]))
    const [a, b] = [rankingOf.get(final.team1Id!)!, rankingOf.get(final.team2Id!)!]
    expect(byTier(insight).tier_90).toBeCloseTo(b / (a + b), 12)
    expect(byTier(insight).tier_80).toBeCloseTo(a / (a + b), 12)
  })

  it('once everything is decided: one tier for sure', async () => {
    const { db, bracket, owner, insightOf } = await setUp()
    const { mvpPlayerId } = completeBracket(bracket)
    await playAsTeamOne(db, bracket, { mvpPlayerId })
    const insight = await insightOf(owner.browser)
    expect(insight).toMatchObject({ correct: 16, tierNow: 'tier_100', isDecided: true })
    expect(byTier(insight).tier_100).toBe(1)
  })

  it('another fan sees only their own bracket, or 404; a visitor 401; an admin likewise', async () => {
    const { setup, db, bracket, read, insightOf } = await setUp()
    const other = await signInAs(setup, db)
    expect(await read(other.browser)).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    })
    // With a bracket of their own (team 2 always wins), they get theirs, not the owner's.
    const placed = await other.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket, (match) => match.team2Id),
    )
    expect(placed.status).toBe(201)
    await playAsTeamOne(db, bracket, { unplayed: ['quarterfinal', 'semifinal', 'final'] })
    const theirs = await insightOf(other.browser)
    // Every round-of-16 pick lost, and with it every later pick; the MVP counts as open until it
    // is set (docs/product.md "Insight for my bracket"), though its pair is out, so its chance is 0.
    expect(theirs).toMatchObject({ correct: 0, maxPossible: 1, bestReachableTier: 'no_tier' })
    expect(theirs.pool).toBe(poolWith(2))
    expect(byTier(theirs).no_tier).toBe(1)

    expect(await read(new TestBrowser(setup.app))).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED' } },
    })
    const admin = await signInAs(setup, db)
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.userId))
    expect((await read(admin.browser)).status).toBe(404)
  })

  it('refuses other contests (400) and answers 404 for unknown or malformed tournaments', async () => {
    const { owner, read } = await setUp()
    expect((await read(owner.browser, '?contest=main')).status).toBe(200)
    expect(await read(owner.browser, '?contest=second_chance')).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED' } },
    })
    // Unknown query keys are ignored, as on every list route.
    expect((await read(owner.browser, '?limit=5')).status).toBe(200)
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const res = await owner.browser.get(`/api/tournaments/${id}/my-insight`)
      expect(res.status).toBe(404)
    }
  })
})
