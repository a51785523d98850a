// The database itself refuses what the money rules forbid (docs/product.md "Money"), whatever the code above it.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertBet, insertPlayer, insertTournament, insertWallet } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { getPgError, PG_ERROR } from './pg-errors'
import {
  auditLog,
  bets,
  matches,
  teams,
  tournamentSettlements,
  walletTransactions,
  wallets,
} from './schema'

async function expectPgError(promise: Promise<unknown>, code: string, constraint?: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error, 'the statement should have failed').toBeDefined()
  const info = getPgError(error)
  expect(info?.code).toBe(code)
  if (constraint) expect(info?.constraint).toBe(constraint)
}

describe.each(testDatabaseKinds)('schema constraints on %s', (kind) => {
  const database = useTestDatabase(kind)

  describe('time-ordered ids', () => {
    it('give bets and ledger rows version 7 UUIDs that start with their creation time', async () => {
      const { db } = database()
      const before = Date.now()
      const wallet = await insertWallet(db, { balance: 100 })
      const [first, second] = await db
        .insert(walletTransactions)
        .values([
          { walletId: wallet.id, type: 'deposit', amount: 1 },
          { walletId: wallet.id, type: 'deposit', amount: 2 },
        ])
        .returning()
      const tournament = await insertTournament(db)
      const bet = await insertBet(db, {
        walletId: wallet.id,
        userId: wallet.userId,
        tournamentId: tournament.id,
      })
      const after = Date.now()
      for (const id of [first!.id, second!.id, bet.id]) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        const createdAtMs = parseInt(id.replaceAll('-', '').slice(0, 12), 16)
        expect(createdAtMs).toBeGreaterThanOrEqual(before - 1)
        expect(createdAtMs).toBeLessThanOrEqual(after + 1)
      }
      expect(first!.id).not.toBe(second!.id)
    })
  })

  describe('wallets', () => {
    it('reject a negative balance', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 10 })
      await expectPgError(
        db.update(wallets).set({ balance: -1 }).where(eq(wallets.id, wallet.id)),
        PG_ERROR.CHECK_VIOLATION,
        'wallets_balance_non_negative',
      )
    })

    it('allow one wallet per user', async () => {
      const { db } = database()
      const wallet = await insertWallet(db)
      await expectPgError(
        db.insert(wallets).values({ userId: wallet.userId }),
        PG_ERROR.UNIQUE_VIOLATION,
        'wallets_user_id_unique',
      )
    })

    it('make a conditional debit a no-op instead of overspending', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 30 })
      const updated = await db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} - 50` })
        .where(sql`${wallets.id} = ${wallet.id} and ${wallets.balance} >= 50`)
        .returning()
      expect(updated).toHaveLength(0)
    })
  })

  describe('bets', () => {
    it('allow one bet per user, tournament and contest', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 500 })
      const tournament = await insertTournament(db)
      await insertBet(db, {
        walletId: wallet.id,
        userId: wallet.userId,
        tournamentId: tournament.id,
      })
      await expectPgError(
        db.insert(bets).values({ userId: wallet.userId, tournamentId: tournament.id, amount: 50 }),
        PG_ERROR.UNIQUE_VIOLATION,
        'bets_user_tournament_contest_unique',
      )
      // The second chance is another contest: one bet there too, and only one.
      const values = {
        userId: wallet.userId,
        tournamentId: tournament.id,
        amount: 400,
        contest: 'second_chance' as const,
      }
      await db.insert(bets).values(values)
      await expectPgError(
        db.insert(bets).values(values),
        PG_ERROR.UNIQUE_VIOLATION,
        'bets_user_tournament_contest_unique',
      )
    })

    it('reject a zero amount', async () => {
      const { db } = database()
      const tournament = await insertTournament(db)
      await expectPgError(
        db.insert(bets).values({ userId: 'someone', tournamentId: tournament.id, amount: 0 }),
        PG_ERROR.CHECK_VIOLATION,
        'bets_amount_positive',
      )
    })

    it('keep the prediction on the bet: picks a JSON array, the MVP a real player', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 500 })
      const tournament = await insertTournament(db)
      const mvp = await insertPlayer(db)
      const bet = await insertBet(db, {
        walletId: wallet.id,
        userId: wallet.userId,
        tournamentId: tournament.id,
      })
      await db.update(bets).set({ picks: [], mvpPlayerId: mvp.id }).where(eq(bets.id, bet.id))
      // Checked by a trigger on insert and on an update of picks (drizzle/0081): the same
      // SQLSTATE and name as the CHECK it replaced.
      await expectPgError(
        db.execute(sql`update bets set picks = '{}'::jsonb where id = ${bet.id}::uuid`),
        PG_ERROR.CHECK_VIOLATION,
        'bets_picks_is_array',
      )
      await expectPgError(
        db.execute(sql`insert into bets (user_id, tournament_id, amount, contest, picks)
          values ('someone else', ${tournament.id}::uuid, 50, 'main', '"a string"'::jsonb)`),
        PG_ERROR.CHECK_VIOLATION,
        'bets_picks_is_array',
      )
      // An update that leaves picks alone (settling the bet) is not checked, and needs not be.
      await db.update(bets).set({ status: 'lost' }).where(eq(bets.id, bet.id))
      const [stored] = await db.select().from(bets).where(eq(bets.id, bet.id))
      expect(stored).toMatchObject({ status: 'lost', picks: [] })
      await expectPgError(
        db.update(bets).set({ mvpPlayerId: randomUUID() }).where(eq(bets.id, bet.id)),
        PG_ERROR.FOREIGN_KEY_VIOLATION,
      )
    })
  })

  describe('wallet_transactions (the ledger)', () => {
    it('allow one welcome bonus per wallet', async () => {
      const { db } = database()
      // The new user's wallet already holds its welcome bonus (trigger): a second one is refused.
      const wallet = await insertWallet(db)
      const bonus = { walletId: wallet.id, type: 'welcome_bonus' as const, amount: 1000 }
      await expectPgError(
        db.insert(walletTransactions).values(bonus),
        PG_ERROR.UNIQUE_VIOLATION,
        'wallet_transactions_one_welcome_bonus',
      )
    })

    it('tie the sign of the amount to the type', async () => {
      const { db } = database()
      const wallet = await insertWallet(db)
      const wrongSigns = [
        { type: 'deposit' as const, amount: -5 },
        { type: 'withdrawal' as const, amount: 5 },
        { type: 'welcome_bonus' as const, amount: 0 },
      ]
      for (const values of wrongSigns) {
        await expectPgError(
          db.insert(walletTransactions).values({ walletId: wallet.id, ...values }),
          PG_ERROR.CHECK_VIOLATION,
          'wallet_transactions_amount_sign',
        )
      }
    })

    it('record a lost bet with amount 0 and require the bet for bet types', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 100 })
      const tournament = await insertTournament(db)
      const bet = await insertBet(db, {
        walletId: wallet.id,
        userId: wallet.userId,
        tournamentId: tournament.id,
      })
      await db
        .insert(walletTransactions)
        .values({ walletId: wallet.id, type: 'bet_lost', amount: 0, relatedBetId: bet.id })
      await expectPgError(
        db.insert(walletTransactions).values({ walletId: wallet.id, type: 'bet_won', amount: 10 }),
        PG_ERROR.CHECK_VIOLATION,
        'wallet_transactions_bet_types_have_bet',
      )
    })

    it('pay a bet at most once', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 100 })
      const tournament = await insertTournament(db)
      const bet = await insertBet(db, {
        walletId: wallet.id,
        userId: wallet.userId,
        tournamentId: tournament.id,
      })
      const payout = {
        walletId: wallet.id,
        type: 'bet_won' as const,
        amount: 70,
        relatedBetId: bet.id,
      }
      await db.insert(walletTransactions).values(payout)
      await expectPgError(
        db.insert(walletTransactions).values(payout),
        PG_ERROR.UNIQUE_VIOLATION,
        'wallet_transactions_one_per_bet_and_type',
      )
    })

    it('reject UPDATE, DELETE and TRUNCATE', async () => {
      const { db } = database()
      const wallet = await insertWallet(db, { balance: 25 })
      const byWallet = eq(walletTransactions.walletId, wallet.id)
      const ledgerBefore = await db.select().from(walletTransactions).where(byWallet)
      await expectPgError(
        db.update(walletTransactions).set({ amount: 1_000_000 }).where(byWallet),
        PG_ERROR.RESTRICT_VIOLATION,
      )
      await expectPgError(
        db.delete(walletTransactions).where(byWallet),
        PG_ERROR.RESTRICT_VIOLATION,
      )
      await expectPgError(
        db.execute(sql`truncate wallet_transactions cascade`),
        PG_ERROR.RESTRICT_VIOLATION,
      )
      const ledgerAfter = await db.select().from(walletTransactions).where(byWallet)
      expect(ledgerAfter).toEqual(ledgerBefore)
      expect(ledgerAfter.reduce((sum, row) => sum + row.amount, 0)).toBe(25)
    })
  })

  describe('audit_log', () => {
    it('rejects UPDATE, DELETE and TRUNCATE, and still takes new entries', async () => {
      const { db } = database()
      const entityId = randomUUID()
      const byEntity = eq(auditLog.entityId, entityId)
      await db.insert(auditLog).values({
        actorId: 'admin-1',
        action: 'tournament.update',
        entity: 'tournament',
        entityId,
        before: { name: 'Before' },
        after: { name: 'After' },
      })
      const before = await db.select().from(auditLog).where(byEntity)
      expect(before).toHaveLength(1)
      await expectPgError(
        db.update(auditLog).set({ actorId: 'someone-else' }).where(byEntity),
        PG_ERROR.RESTRICT_VIOLATION,
      )
      await expectPgError(db.delete(auditLog).where(byEntity), PG_ERROR.RESTRICT_VIOLATION)
      await expectPgError(db.execute(sql`truncate audit_log`), PG_ERROR.RESTRICT_VIOLATION)
      expect(await db.select().from(auditLog).where(byEntity)).toEqual(before)

      await db.insert(auditLog).values({
        actorId: 'admin-1',
        action: 'tournament.update',
        entity: 'tournament',
        entityId,
      })
      expect(await db.select().from(auditLog).where(byEntity)).toHaveLength(2)
    })
  })

  describe('tournaments, teams and matches', () => {
    it('keep the dates in order', async () => {
      const { db } = database()
      const start = new Date('2030-05-01T10:00:00Z')
      await expectPgError(
        insertTournament(db, { startDate: start, endDate: start }),
        PG_ERROR.CHECK_VIOLATION,
        'tournaments_end_after_start',
      )
      await expectPgError(
        insertTournament(db, {
          startDate: start,
          bettingDeadline: new Date('2030-05-02T00:00:00Z'),
        }),
        PG_ERROR.CHECK_VIOLATION,
        'tournaments_deadline_not_after_start',
      )
    })

    it('reject a pair of one player twice', async () => {
      const { db } = database()
      const tournament = await insertTournament(db)
      const player = await insertPlayer(db)
      await expectPgError(
        db
          .insert(teams)
          .values({ tournamentId: tournament.id, player1Id: player.id, player2Id: player.id }),
        PG_ERROR.CHECK_VIOLATION,
        'teams_distinct_players',
      )
    })

    it('number matches uniquely per round and only let a playing team win', async () => {
      const { db } = database()
      const tournament = await insertTournament(db)
      const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => insertPlayer(db)))
      const [team1, team2, team3] = await db
        .insert(teams)
        .values([
          { tournamentId: tournament.id, player1Id: a!.id, player2Id: b!.id },
          { tournamentId: tournament.id, player1Id: c!.id, player2Id: d!.id },
          { tournamentId: tournament.id, player1Id: a!.id, player2Id: d!.id },
        ])
        .returning()
      const match = { tournamentId: tournament.id, round: 'final' as const, matchNumber: 1 }
      await db.insert(matches).values({ ...match, team1Id: team1!.id, team2Id: team2!.id })
      await expectPgError(
        db.insert(matches).values(match),
        PG_ERROR.UNIQUE_VIOLATION,
        'matches_tournament_round_number_unique',
      )
      await expectPgError(
        db.insert(matches).values({
          ...match,
          round: 'semifinal',
          team1Id: team1!.id,
          team2Id: team2!.id,
          winnerTeamId: team3!.id,
        }),
        PG_ERROR.CHECK_VIOLATION,
        'matches_winner_is_a_team',
      )
    })
  })

  describe('tournament_settlements', () => {
    it('settle a tournament at most once and never pay more than the pool', async () => {
      const { db } = database()
      const tournament = await insertTournament(db)
      const settlement = { tournamentId: tournament.id, prizePool: 1000, participantCount: 3 }
      await db.insert(tournamentSettlements).values(settlement)
      await expectPgError(
        db.insert(tournamentSettlements).values(settlement),
        PG_ERROR.UNIQUE_VIOLATION,
      )
      await expectPgError(
        db
          .update(tournamentSettlements)
          .set({ totalPaid: 1001 })
          .where(eq(tournamentSettlements.tournamentId, tournament.id)),
        PG_ERROR.CHECK_VIOLATION,
        'tournament_settlements_paid_within_pool',
      )
    })
  })
})
