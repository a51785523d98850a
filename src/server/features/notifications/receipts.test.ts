// Receipts for entry fees and refunds (decision 102): exactly once, whatever workers run side
// by side or start again, and never past a row an open transaction may still commit.
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client'
import { mailFeeds, mailOutbox, userPreferences, walletTransactions } from '#server/db/schema'
import {
  completeBracket,
  insertAccount,
  insertBracketTournament,
  openWideDatabase,
  type TestAccount,
} from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { firstIdOfMillisecond, writeDueReceipts } from './receipts'

const PUBLIC_URL = 'http://golden-point.test'

async function drain(db: Database, batch?: number) {
  let written = 0
  for (;;) {
    const step = await writeDueReceipts(db, { publicUrl: PUBLIC_URL, batch })
    written += step
    if (step === 0) return written
  }
}

async function fansWithBets(db: Database, count: number) {
  const bracket = await insertBracketTournament(db)
  const fans: TestAccount[] = []
  for (let n = 0; n < count; n += 1) {
    const fan = await insertAccount(db, { balance: 500 })
    await placeBet(db, {
      userId: fan.userId,
      tournamentId: bracket.tournament.id,
      ...completeBracket(bracket),
    })
    fans.push(fan)
  }
  // The feed reads up to the current millisecond, not into it.
  await new Promise((resolve) => setTimeout(resolve, 2))
  return { bracket, fans }
}

async function receiptsOf(db: Database, fans: readonly TestAccount[]) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        fans.map((fan) => fan.email),
      ),
    )
}

describe('firstIdOfMillisecond', () => {
  it('sorts below every time-ordered id of that millisecond and above the one before', () => {
    expect(firstIdOfMillisecond(0x0193_4567_89ab)).toBe('01934567-89ab-0000-0000-000000000000')
    expect(firstIdOfMillisecond(1.9)).toBe('00000000-0001-0000-0000-000000000000')
  })
})

describe.each(testDatabaseKinds)('receipts on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('mails one receipt per entry fee and refund, in the fan’s language', async () => {
    const { db } = database()
    await drain(db)
    const { bracket, fans } = await fansWithBets(db, 3)
    await db.insert(userPreferences).values({ userId: fans[0]!.userId, locale: 'es' })
    expect(await drain(db, 2)).toBe(3)
    await cancelTournament(db, { actorId: 'admin', tournamentId: bracket.tournament.id })
    expect(await drain(db)).toBe(3)
    expect(await drain(db)).toBe(0)

    const mails = await receiptsOf(db, fans)
    expect(mails).toHaveLength(6)
    const fee = bracket.tournament.prizePoolConfig.entry_fee
    const name = bracket.tournament.name
    const english = mails.filter((mail) => mail.to === fans[1]!.email)
    expect(english.map((mail) => mail.subject).sort()).toEqual([
      `Receipt: entry fee for ${name}`,
      `Receipt: refund for ${name}`,
    ])
    expect(english.find((mail) => mail.subject.includes('entry'))!.text).toContain(
      `You paid an entry fee of ${fee} coins for ${name} on`,
    )
    const [ledgerRow] = await db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, fans[1]!.walletId))
      .orderBy(walletTransactions.id)
      .limit(3)
      .then((rows) => rows.filter((row) => row.type === 'bet_placed'))
    expect(english.find((mail) => mail.subject.includes('entry'))!.text).toContain(
      `Reference: ${ledgerRow!.id}`,
    )
    const spanish = mails.filter((mail) => mail.to === fans[0]!.email)
    expect(spanish.map((mail) => mail.subject).sort()).toEqual([
      `Recibo: devolución de ${name}`,
      `Recibo: inscripción en ${name}`,
    ])
  })

  it('writes each receipt once with two workers side by side and after a restart', async () => {
    const { db } = database()
    await drain(db)
    const { fans } = await fansWithBets(db, 12)
    const wide = openWideDatabase(database(), 4)
    try {
      // A first worker writes one batch and "crashes"; its batch is committed with its cursor.
      expect(await writeDueReceipts(wide.db, { publicUrl: PUBLIC_URL, batch: 5 })).toBe(5)
      // Two workers (a restart and another process) then race over the rest.
      const [one, two] = await Promise.all([drain(wide.db, 2), drain(wide.db, 2)])
      expect(one + two).toBe(7)
    } finally {
      await wide.close()
    }
    const mails = await receiptsOf(db, fans)
    expect(mails).toHaveLength(12)
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(12)
  })

  it('a rolled-back cursor move changes nothing; the next batch writes what is due', async () => {
    const { db } = database()
    await drain(db)
    const [before] = await db.select().from(mailFeeds).where(eq(mailFeeds.name, 'receipts'))
    const { fans } = await fansWithBets(db, 2)
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update mail_feeds set after_id = after_id where name = 'receipts'`)
        throw new Error('crash')
      }),
    ).rejects.toThrow('crash')
    const [after] = await db.select().from(mailFeeds).where(eq(mailFeeds.name, 'receipts'))
    expect(after!.afterId).toBe(before!.afterId)
    expect(await drain(db)).toBe(2)
    expect(await receiptsOf(db, fans)).toHaveLength(2)
  })
})

const postgresKinds = testDatabaseKinds.filter((kind) => kind === 'postgres')

describe.each(postgresKinds)('receipts beside open transactions on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('waits for a transaction that began before a row it may not see yet', async () => {
    const { db } = database()
    await drain(db)
    const wide = openWideDatabase(database(), 4)
    try {
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      let started = () => {}
      const hasStarted = new Promise<void>((resolve) => (started = resolve))
      // An older transaction still open (it could be about to write a ledger row).
      const holder = wide.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        started()
        await held
      })
      await hasStarted
      await new Promise((resolve) => setTimeout(resolve, 5))
      const { fans } = await fansWithBets(wide.db, 1)
      expect(await drain(wide.db)).toBe(0)
      release()
      await holder
      expect(await drain(wide.db)).toBe(1)
      expect(await receiptsOf(wide.db, fans)).toHaveLength(1)
    } finally {
      await wide.close()
    }
  })
})
