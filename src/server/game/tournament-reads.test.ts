import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TournamentDetailSchema, TournamentListSchema } from '#shared/schemas/tournament'
import { bets, matches, tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { defaultPrizePoolConfig, insertTournament } from '#tests/factories'
import {
  closedDeadlineValues,
  completeBracket,
  insertAccount,
  insertBracketTournament,
} from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { getPrizePoolInfo, getTournamentDetail, listTournaments } from './tournament-reads'

const DAY_MS = 24 * 60 * 60 * 1000

describe.each(testDatabaseKinds)('tournaments service on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('lists nothing on an empty database', async () => {
    const list = await listTournaments(database().db, { userId: null })
    expect(list.tournaments).toEqual([])
    expect(Date.parse(list.serverTime)).not.toBeNaN()
  })

  it('derives participants and pool from the bets (floor formula) and marks my bet', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db, { name: 'Pool Open' })
    const cancelled = await insertBracketTournament(db, { name: 'Pool Cancelled' })
    const bettors = await Promise.all([1, 2, 3].map(() => insertAccount(db, { balance: 500 })))
    for (const [index, bettor] of bettors.entries()) {
      const target = index < 2 ? bracket : cancelled
      await placeBet(db, {
        userId: bettor.userId,
        tournamentId: target.tournament.id,
        ...completeBracket(target),
      })
    }
    // A refunded bet is not a participant. Only cancelling refunds, every bet of the tournament
    // at once (cancelTournament), so a cancelled tournament counts none.
    await db
      .update(tournaments)
      .set({ status: 'cancelled' })
      .where(eq(tournaments.id, cancelled.tournament.id))
    await db.update(bets).set({ status: 'refunded' }).where(eq(bets.userId, bettors[2]!.userId))

    const list = TournamentListSchema.parse(
      await listTournaments(db, { userId: bettors[0]!.userId }),
    )
    const card = list.tournaments.find((t) => t.id === bracket.tournament.id)!
    // 5000 + floor(50 × 2 × 0.7) = 5070
    expect(card).toMatchObject({
      name: 'Pool Open',
      status: 'upcoming',
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
      participantCount: 2,
      currentPrizePool: 5070,
      pairCount: 16,
      isBettingOpen: true,
      hasBet: true,
      myBetStatus: 'active',
      mvpPlayerId: null,
    })
    expect(card.prizePoolUpdatedAt).not.toBeNull()
    expect(card.startDate).toBe(bracket.tournament.startDate.toISOString())

    const stranger = await listTournaments(db, { userId: bettors[2]!.userId })
    expect(stranger.tournaments.find((t) => t.id === cancelled.tournament.id)).toMatchObject({
      status: 'cancelled',
      participantCount: 0,
      currentPrizePool: 5000,
      hasBet: true,
      myBetStatus: 'refunded',
    })
    expect(await getPrizePoolInfo(db, cancelled.tournament.id)).toMatchObject({
      current_prize_pool: 5000,
      participant_count: 0,
      prize_pool_updated_at: null,
    })
    const visitor = await listTournaments(db, { userId: null })
    expect(visitor.tournaments.find((t) => t.id === bracket.tournament.id)).toMatchObject({
      hasBet: false,
      myBetStatus: null,
    })

    const info = await getPrizePoolInfo(db, bracket.tournament.id)
    expect(info).toEqual({
      current_prize_pool: 5070,
      participant_count: 2,
      entry_fee: 50,
      multiplier: 0.7,
      base_pool: 5000,
      tiers: {
        tier_100: { min_accuracy: 100, prize_percentage: 100, description: 'Perfect Prediction' },
        tier_90: { min_accuracy: 90, prize_percentage: 60, description: 'Near Perfect' },
        tier_80: { min_accuracy: 80, prize_percentage: 30, description: 'Excellent' },
        tier_70: { min_accuracy: 70, prize_percentage: 15, description: 'Very Good' },
        tier_60: { min_accuracy: 60, prize_percentage: 5, description: 'Good' },
      },
      prize_pool_updated_at: card.prizePoolUpdatedAt,
    })
  })

  it('floors the entries part exactly: 0.7 × 75 × 7 = 367.5 → 367', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db, {
      prizePoolConfig: { ...defaultPrizePoolConfig, base_pool: 1000, entry_fee: 75 },
    })
    for (let i = 0; i < 7; i += 1) {
      const bettor = await insertAccount(db, { balance: 75 })
      await placeBet(db, {
        userId: bettor.userId,
        tournamentId: bracket.tournament.id,
        ...completeBracket(bracket),
      })
    }
    const info = await getPrizePoolInfo(db, bracket.tournament.id)
    expect(info.participant_count).toBe(7)
    expect(info.current_prize_pool).toBe(1367)
  })

  it('a tournament without bets has the base pool and no update time', async () => {
    const { db } = database()
    const tournament = await insertTournament(db, {
      prizePoolConfig: { ...defaultPrizePoolConfig, base_pool: 2500 },
    })
    const info = await getPrizePoolInfo(db, tournament.id)
    expect(info).toMatchObject({
      current_prize_pool: 2500,
      participant_count: 0,
      prize_pool_updated_at: null,
    })
  })

  it('orders the list by start date, newest first, and reports betting state by the clock', async () => {
    const { db } = database()
    const now = Date.now()
    const later = await insertTournament(db, {
      name: 'Later',
      startDate: new Date(now + 30 * DAY_MS),
    })
    const earlier = await insertTournament(db, {
      name: 'Earlier',
      startDate: new Date(now - 30 * DAY_MS),
      endDate: new Date(now - 28 * DAY_MS),
      bettingDeadline: new Date(now - 31 * DAY_MS),
      status: 'completed',
    })
    const closed = await insertTournament(db, { name: 'Closed', ...closedDeadlineValues() })
    const { tournaments: cards } = await listTournaments(db, { userId: null })
    const ours = cards.filter((card) => [later.id, earlier.id, closed.id].includes(card.id))
    expect(ours.map((card) => card.name)).toEqual(['Later', 'Closed', 'Earlier'])
    expect(ours.map((card) => card.isBettingOpen)).toEqual([true, false, false])
    const starts = cards.map((card) => Date.parse(card.startDate))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
  })

  it('falls back to defaults for a config with missing fields (never a 500)', async () => {
    const { db } = database()
    const tournament = await insertTournament(db, {
      prizePoolConfig: {} as typeof defaultPrizePoolConfig,
    })
    const info = await getPrizePoolInfo(db, tournament.id)
    expect(info).toMatchObject({
      current_prize_pool: 5000,
      entry_fee: 50,
      multiplier: 0.7,
      base_pool: 5000,
    })
    expect(Object.keys(info.tiers)).toEqual([
      'tier_100',
      'tier_90',
      'tier_80',
      'tier_70',
      'tier_60',
    ])
  })

  it('details: pairs with players and stats, matches in round order, the MVP', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const champion = bracket.teams[0]!
    await db
      .update(matches)
      .set({ winnerTeamId: champion.id })
      .where(eq(matches.id, bracket.matches[0]!.id))
    await db
      .update(tournaments)
      .set({ mvpPlayerId: champion.player1Id, status: 'completed' })
      .where(eq(tournaments.id, bracket.tournament.id))

    const detail = TournamentDetailSchema.parse(
      await getTournamentDetail(db, bracket.tournament.id, { userId: null }),
    )
    expect(detail.pairs).toHaveLength(16)
    expect(detail.pairs.map((pair) => pair.seed)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    )
    expect(detail.pairs[0]).toEqual({
      id: champion.id,
      seed: 1,
      ranking: 1,
      wins: 20,
      losses: 0,
      winRate: 100,
      titles: 2,
      player1: {
        id: champion.player1Id,
        name: expect.any(String),
        shortName: expect.any(String),
        country: 'ES',
        ranking: 1,
      },
      player2: {
        id: champion.player2Id,
        name: expect.any(String),
        shortName: expect.any(String),
        country: 'AR',
        ranking: 2,
      },
    })
    expect(detail.pairs[3]).toMatchObject({ wins: 17, losses: 3, winRate: 85 })
    expect(detail.matches).toHaveLength(15)
    expect(detail.matches.map((match) => `${match.round}#${match.matchNumber}`)).toEqual(
      bracket.matches.map((match) => `${match.round}#${match.matchNumber}`),
    )
    expect(detail.matches[0]).toEqual({
      id: bracket.matches[0]!.id,
      round: 'round16',
      matchNumber: 1,
      team1Id: champion.id,
      team2Id: bracket.teams[15]!.id,
      winnerTeamId: champion.id,
      sets: null,
      startsAt: null,
      court: null,
    })
    expect(detail.matches[14]).toMatchObject({ round: 'final', team1Id: null, team2Id: null })
    expect(detail.mvpPlayerId).toBe(champion.player1Id)
    expect(detail.mvpPlayer).toMatchObject({ id: champion.player1Id, ranking: 1 })
    expect(detail.isBettingOpen).toBe(false)
    expect(detail.pairCount).toBe(16)
  })

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    const { db } = database()
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', '%27']) {
      for (const call of [
        () => getTournamentDetail(db, id, { userId: null }),
        () => getPrizePoolInfo(db, id),
      ]) {
        const error = await call().catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(AppError)
        expect((error as AppError).code).toBe('NOT_FOUND')
      }
    }
  })
})
