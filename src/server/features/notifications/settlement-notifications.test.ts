// A settlement's notifications come from the follow-up job once it completes (one per entrant,
// however batches are re-run), a cancellation writes its refunds in its own transaction, and the
// results-mail job turns the notifications into one mail each (decision 102).
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { mailOutbox, notifications, userPreferences } from '#server/db/schema'
import {
  betBody,
  completeBracket,
  insertAccount,
  insertBracketTournament,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { payChunk } from '#server/features/settlement/pay-chunk'
import { settleTournament } from '#server/features/settlement/settle.service'
import { readUnsubscribeToken } from '#server/mail/unsubscribe-links'
import { insertTournament } from '#tests/factories'
import { writeDueResultsMails } from './results-mail'
import { rebuildStandings } from '#server/features/standings/standings-rebuild'
import { writeDueSettlementNotifications } from './settlement-notifications'

const PUBLIC_URL = 'http://golden-point.test'
const MAIL_ENV = { PUBLIC_URL, BETTER_AUTH_SECRET: 'results-mail-test-secret-of-32-chars!' }

/** Three perfect brackets and two all-wrong ones; optionally played out. */
async function enteredTournament(db: Database, { played = true } = {}) {
  const bracket = await insertBracketTournament(db)
  const winners = []
  const losers = []
  for (let n = 0; n < 3; n += 1) {
    const fan = await insertAccount(db, { balance: 500 })
    await placeBet(db, {
      userId: fan.userId,
      tournamentId: bracket.tournament.id,
      ...completeBracket(bracket),
    })
    winners.push(fan)
  }
  for (let n = 0; n < 2; n += 1) {
    const fan = await insertAccount(db, { balance: 500 })
    await placeBet(db, {
      userId: fan.userId,
      tournamentId: bracket.tournament.id,
      ...betBody(bracket, (match) => match.team2Id),
    })
    losers.push(fan)
  }
  if (played) await playOut(db, bracket)
  return { bracket, winners, losers }
}

async function notificationsOf(db: Database, bracket: BracketTournament) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.tournamentId, bracket.tournament.id))
}

async function mailsTo(db: Database, email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
}

describe.each(testDatabaseKinds)('settlement notifications and results mails on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('writes one notification and one results mail per entrant, however chunks are re-run', async () => {
    const { db } = database()
    const { bracket, winners, losers } = await enteredTournament(db)
    // A Spanish winner; a loser who turned results mails off.
    await db.insert(userPreferences).values({ userId: winners[0]!.userId, locale: 'es' })
    await db.insert(userPreferences).values({ userId: losers[0]!.userId, results: false })
    const args = { actorId: 'admin', tournamentId: bracket.tournament.id }

    // The start records the losses and one chunk pays one winner: nobody is told yet.
    await settleTournament(db, args, { chunkSize: 1, maxChunks: 1 })
    expect(await notificationsOf(db, bracket)).toHaveLength(0)
    expect(await writeDueSettlementNotifications(db)).toBe(0)
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(0)

    // A chunk that crashes before its commit pays nothing; the resumed settlement pays it.
    await expect(
      db.transaction(async (tx) => {
        await payChunk(tx, 'admin', bracket.tournament.id, { chunkSize: 1, lane: 0 })
        throw new Error('crash before the commit')
      }),
    ).rejects.toThrow('crash')
    await settleTournament(db, args, { chunkSize: 1 })
    // A chunk run again after the end finds nothing to pay and writes nothing.
    await db.transaction((tx) =>
      payChunk(tx, 'admin', bracket.tournament.id, { chunkSize: 10, lane: 0 }),
    )
    await settleTournament(db, args, { chunkSize: 1 })

    // No results mail before the notifications are all written (the mail reads them).
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(0)
    // The job walks two bets a batch; a batch run again (its cursor put back, as if its commit
    // had been lost with the rows kept) writes nothing twice.
    expect(await writeDueSettlementNotifications(db, { batch: 2 })).toBe(2)
    expect(await notificationsOf(db, bracket)).toHaveLength(2)
    await db.execute(sql`update settlement_notification_progress
      set after_created_at = null, after_bet_id = null
      where tournament_id = ${bracket.tournament.id}::uuid`)
    expect(await writeDueSettlementNotifications(db, { batch: 2 })).toBe(2)
    expect(await notificationsOf(db, bracket)).toHaveLength(2)
    expect(await writeDueSettlementNotifications(db, { batch: 2 })).toBe(2)
    expect(await writeDueSettlementNotifications(db, { batch: 2 })).toBe(1)
    expect(await writeDueSettlementNotifications(db, { batch: 2 })).toBe(0)

    const rows = await notificationsOf(db, bracket)
    expect(rows).toHaveLength(5)
    const byUser = new Map(rows.map((row) => [row.userId, row]))
    const paid = rowsOf<{ user_id: string; amount: number }>(
      await db.execute(sql`
      select b.user_id, t.amount from wallet_transactions t join bets b on b.id = t.related_bet_id
       where b.tournament_id = ${bracket.tournament.id}::uuid and t.type = 'bet_won'`),
    )
    expect(paid).toHaveLength(3)
    for (const winner of winners) {
      const row = byUser.get(winner.userId)!
      expect(row.kind).toBe('payout_received')
      // The payout as the ledger paid it.
      expect(row.coins).toBe(paid.find((ledger) => ledger.user_id === winner.userId)!.amount)
      // Three perfect prizes in full are more than five entry fees make.
      expect(row).toMatchObject({ tier: 'tier_100', prizesScaled: true })
      expect(row.coins).toBeGreaterThan(0)
      expect(row.correct).toBe(row.total)
    }
    for (const loser of losers) {
      const row = byUser.get(loser.userId)!
      expect(row.kind).toBe('tournament_settled')
      expect(row).toMatchObject({ correct: 0, coins: null, tier: null, prizesScaled: null })
      expect(row.total).toBeGreaterThan(0)
    }

    // The standings built from every result give each fan's place; an open tournament is next.
    await rebuildStandings(db, bracket.tournament.id)
    await insertTournament(db, {
      bettingDeadline: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
      startDate: new Date(Date.now() + 4 * 24 * 60 * 60 * 1000),
    })
    // Mails once the settlement completed; a second pass writes none.
    expect(await writeDueResultsMails(db, { env: MAIL_ENV, batch: 2 })).toBe(2)
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(3)
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(0)
    const total = byUser.get(winners[0]!.userId)!.total!
    const [spanish] = await mailsTo(db, winners[0]!.email)
    expect(spanish!.subject).toBe(`Tu resultado en ${bracket.tournament.name}`)
    expect(spanish!.text).toMatch(
      new RegExp(`Acertaste ${total} de ${total} pronósticos \\(100\\s%\\)\\.`),
    )
    expect(spanish!.text).toContain(`${PUBLIC_URL}/tournament/${bracket.tournament.id}`)
    // One-click unsubscribe from results mail (RFC 8058), signed for this fan and this kind.
    expect(spanish!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /^<(.+)>$/.exec(spanish!.headers['List-Unsubscribe'] ?? '')?.[1] ?? ''
    const token = new URL(oneClick).searchParams.get('token') ?? ''
    expect(readUnsubscribeToken(MAIL_ENV.BETTER_AUTH_SECRET, token)).toEqual({
      userId: winners[0]!.userId,
      kind: 'results',
    })
    expect(spanish!.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`)
    // Three perfect brackets share the top places, split by the tiebreaker.
    expect(spanish!.text).toMatch(/Quedaste [123]\.º de 5\./)
    expect(spanish!.text).toContain(
      `La clasificación: ${PUBLIC_URL}/tournaments/${bracket.tournament.id}/standings`,
    )
    expect(spanish!.text).toMatch(
      new RegExp(
        `El siguiente: .+ ya admite cuadros: ${PUBLIC_URL}/tournament/[0-9a-f-]+\\?predict=1`,
      ),
    )
    const [english] = await mailsTo(db, winners[1]!.email)
    expect(english!.subject).toBe(`Your result in ${bracket.tournament.name}`)
    expect(english!.text).toContain(`You got ${total} of ${total} picks right (100%).`)
    expect(english!.text).toContain('Your tier: Perfect prediction.')
    expect(english!.text).toContain(
      'more than the prize pool, so every prize was scaled down by the same share',
    )
    expect(await mailsTo(db, losers[0]!.email)).toHaveLength(0)
    const [loserMail] = await mailsTo(db, losers[1]!.email)
    expect(loserMail!.text).toContain(`You got 0 of ${total} picks right (0%).`)
    expect(loserMail!.text).toContain('no coins were won')
    expect(loserMail!.text).toMatch(/You finished [45]th of 5\./)
    for (const fan of [...winners.slice(1), losers[1]!]) {
      expect(await mailsTo(db, fan.email)).toHaveLength(1)
    }
  })

  it('writes a refund notification per entrant of a cancelled tournament, and no results mail', async () => {
    const { db } = database()
    const { bracket, winners, losers } = await enteredTournament(db, { played: false })
    await cancelTournament(db, { actorId: 'admin', tournamentId: bracket.tournament.id })
    await cancelTournament(db, { actorId: 'admin', tournamentId: bracket.tournament.id })
    const rows = await notificationsOf(db, bracket)
    expect(rows).toHaveLength(5)
    expect(rows.every((row) => row.kind === 'refund')).toBe(true)
    expect(new Set(rows.map((row) => row.userId))).toEqual(
      new Set([...winners, ...losers].map((fan) => fan.userId)),
    )
    expect(rows.map((row) => row.coins)).toEqual(
      rows.map(() => bracket.tournament.prizePoolConfig.entry_fee),
    )
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(0)
    for (const fan of [...winners, ...losers]) expect(await mailsTo(db, fan.email)).toHaveLength(0)
  })

  it('withdraws a stopped settlement’s loss notices when it is cancelled, and mails nobody', async () => {
    const { db } = database()
    const { bracket, winners, losers } = await enteredTournament(db)
    const args = { actorId: 'admin', tournamentId: bracket.tournament.id }
    await settleTournament(db, args, { chunkSize: 1, maxChunks: 1 })
    await db.execute(
      sql`update tournament_settlements set stopped_at = now(), stop_reason = 'test'
           where tournament_id = ${bracket.tournament.id}::uuid`,
    )
    await cancelTournament(db, args)
    // The job tells the winner paid before the stop; the refunded bets are the cancel's.
    expect(await writeDueSettlementNotifications(db)).toBe(5)
    expect(await writeDueSettlementNotifications(db)).toBe(0)
    const rows = await notificationsOf(db, bracket)
    // One winner paid before the stop keeps the payout; the other four are refunded.
    expect(rows.filter((row) => row.kind === 'payout_received')).toHaveLength(1)
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(4)
    expect(rows.filter((row) => row.kind === 'tournament_settled')).toHaveLength(0)
    // A cancelled settlement mails nobody, not even the winner paid before the stop.
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(0)
    for (const fan of [...winners, ...losers]) expect(await mailsTo(db, fan.email)).toHaveLength(0)
  })
})
