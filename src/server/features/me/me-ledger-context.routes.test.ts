import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminTransactionSchema } from '#shared/schemas/admin'
import { TransactionPageSchema } from '#shared/schemas/transaction'
import {
  betBody,
  completeBracket,
  insertBracketTournament,
  playOut,
  signInAs,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { bets, walletTransactions, wallets } from '#server/db/schema'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { recordTopUp } from '#server/ledger/ledger'
import { recordLeagueStake, stakeDescription } from '#server/ledger/pot-movements'

// The web writes each ledger row in the reader's language from its type, tournament and tier,
// so the API sends those beside the (English) description the row was stored with.
describe.each(testDatabaseKinds)('ledger rows with their context on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('names the tournament of bet rows and the tier of a prize, to the owner and to admins', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db, { balance: 500 })

    // A perfect bracket with the wrong MVP: 15 of 16 right, tier_90.
    const won = await insertBracketTournament(db)
    const perfect = completeBracket(won)
    const champion = won.teams.find((team) => team.id === perfect.championId)!
    const placed = await fan.browser.post(`/api/tournaments/${won.tournament.id}/bets`, {
      picks: perfect.picks,
      mvpPlayerId: champion.player2Id,
    })
    expect(placed.status).toBe(201)
    await playOut(db, won)
    await settleTournament(db, { actorId: admin.userId, tournamentId: won.tournament.id })

    const cancelled = await insertBracketTournament(db)
    const second = await fan.browser.post(
      `/api/tournaments/${cancelled.tournament.id}/bets`,
      betBody(cancelled),
    )
    expect(second.status).toBe(201)
    await cancelTournament(db, { actorId: admin.userId, tournamentId: cancelled.tournament.id })

    const page = TransactionPageSchema.parse(
      await (await fan.browser.get('/api/me/transactions')).json(),
    )
    const context = page.items.map(({ type, tournamentName, tier }) => ({
      type,
      tournamentName,
      tier,
    }))
    expect(context).toEqual(
      expect.arrayContaining([
        { type: 'bet_placed', tournamentName: won.tournament.name, tier: null },
        { type: 'bet_won', tournamentName: won.tournament.name, tier: 'tier_90' },
        { type: 'bet_placed', tournamentName: cancelled.tournament.name, tier: null },
        { type: 'bet_refund', tournamentName: cancelled.tournament.name, tier: null },
      ]),
    )
    expect(context.filter((row) => !row.type.startsWith('bet_'))).toEqual(
      context
        .filter((row) => !row.type.startsWith('bet_'))
        .map((row) => ({ ...row, tournamentName: null, tier: null })),
    )

    const res = await admin.browser.get(`/api/admin/users/${fan.userId}/transactions`)
    expect(res.status).toBe(200)
    const { transactions } = (await res.json()) as { transactions: unknown[] }
    const adminView = transactions.map((row) => AdminTransactionSchema.parse(row))
    expect(adminView.find((row) => row.type === 'bet_won')).toMatchObject({
      tournamentName: won.tournament.name,
      tier: 'tier_90',
    })
  })

  it('says where a top-up, an adjustment and a pot row came from; the admin’s reason stays theirs', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db, { balance: 500 })
    const reason = 'Goodwill for ticket #4411 (internal note)'
    const adjusted = await admin.browser.post(`/api/admin/wallets/${fan.userId}/adjustments`, {
      type: 'deposit',
      amount: 25,
      reason,
      idempotencyKey: `ledger-context-${fan.userId}`,
    })
    expect(adjusted.status).toBe(201)
    const created = await fan.browser.post('/api/leagues', {
      name: `Pot ${crypto.randomUUID().slice(0, 8)}`,
      visibility: 'private',
    })
    expect(created.status).toBe(201)
    const league = (await created.json()) as { id: string; name: string }
    const { tournament } = await insertBracketTournament(db)
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, fan.userId))
    await db.transaction(async (tx) => {
      await recordTopUp(tx, { walletId: wallet!.id, coins: 100, earlierTopUps: 0 })
      await recordLeagueStake(tx, {
        walletId: wallet!.id,
        entry: { leagueId: league.id, tournamentId: tournament.id, userId: fan.userId },
        stake: 10,
        description: stakeDescription(league.name, tournament.name),
      })
    })

    const page = TransactionPageSchema.parse(
      await (await fan.browser.get('/api/me/transactions')).json(),
    )
    const rows = page.items.map(({ type, source, description, leagueName, tournamentName }) => ({
      type,
      source,
      description,
      leagueName,
      tournamentName,
    }))
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          type: 'league_stake',
          source: 'league_pot',
          description: stakeDescription(league.name, tournament.name),
          leagueName: league.name,
          tournamentName: tournament.name,
        },
        {
          type: 'deposit',
          source: 'top_up',
          description: 'Daily top-up',
          leagueName: null,
          tournamentName: null,
        },
        {
          type: 'deposit',
          source: 'adjustment',
          description: '',
          leagueName: null,
          tournamentName: null,
        },
      ]),
    )
    expect(JSON.stringify(page)).not.toContain('ticket #4411')
    // The admin reads the reason as they typed it.
    const res = await admin.browser.get(`/api/admin/users/${fan.userId}/transactions`)
    const { transactions } = (await res.json()) as { transactions: unknown[] }
    const adminView = transactions.map((row) => AdminTransactionSchema.parse(row))
    expect(adminView.find((row) => row.type === 'deposit' && row.amount === 25)).toMatchObject({
      description: reason,
    })
  })

  it('lists a lost bet from the bet, once, beside an old bet_lost row', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db, { balance: 500 })
    const lostNow = await insertBracketTournament(db)
    const lostBefore = await insertBracketTournament(db)
    for (const bracket of [lostNow, lostBefore]) {
      const placed = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket, (match) => match.team2Id),
      )
      expect(placed.status).toBe(201)
      await playOut(db, bracket)
      await settleTournament(db, { actorId: admin.userId, tournamentId: bracket.tournament.id })
    }
    // A loss settled before decision 078 kept its 0-coin row: made here as that code wrote it.
    const [old] = await db
      .select({ betId: bets.id, walletId: wallets.id })
      .from(bets)
      .innerJoin(wallets, eq(wallets.userId, bets.userId))
      .where(and(eq(bets.tournamentId, lostBefore.tournament.id), eq(bets.userId, fan.userId)))
    await db.insert(walletTransactions).values({
      walletId: old!.walletId,
      type: 'bet_lost',
      amount: 0,
      description: `No prize: ${lostBefore.tournament.name}`,
      relatedBetId: old!.betId,
    })

    const page = TransactionPageSchema.parse(
      await (await fan.browser.get('/api/me/transactions')).json(),
    )
    const losses = page.items.filter((row) => row.type === 'bet_lost')
    expect(losses.map(({ amount, tournamentName }) => ({ amount, tournamentName })).sort()).toEqual(
      expect.arrayContaining([
        { amount: 0, tournamentName: lostNow.tournament.name },
        { amount: 0, tournamentName: lostBefore.tournament.name },
      ]),
    )
    expect(losses).toHaveLength(2)
    // The loss settled now is listed from its bet: no ledger row was written for it.
    const ledger = await db
      .select({ type: walletTransactions.type })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, old!.walletId))
    expect(ledger.filter((row) => row.type === 'bet_lost')).toHaveLength(1)
    // Every ledger row and the loss without one, newest first.
    expect(page.total).toBe(ledger.length + 1)
    expect(page.items).toHaveLength(ledger.length + 1)
    expect(page.items[0]).toMatchObject({ type: 'bet_lost', tier: null, amount: 0 })
    const times = page.items.map((row) => row.createdAt)
    expect(times).toEqual([...times].sort().reverse())

    // Paged: the second page of two starts where the first ended.
    const first = TransactionPageSchema.parse(
      await (await fan.browser.get('/api/me/transactions?page=1&pageSize=2')).json(),
    )
    const second = TransactionPageSchema.parse(
      await (await fan.browser.get('/api/me/transactions?page=2&pageSize=2')).json(),
    )
    expect([...first.items, ...second.items].map((row) => row.id)).toEqual(
      page.items.slice(0, 4).map((row) => row.id),
    )
  })
})
