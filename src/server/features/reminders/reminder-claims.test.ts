// Who a pass finds and who it claims (decision 186), on both databases, against due sets worked
// out by hand: already reminded (this window, the other window, another tournament), already bet
// (this tournament, another one), unsubscribed, unconfirmed, banned; the range and limit of a
// finding; a second chance's fans; a later pass's candidates.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertAccount, insertBracketTournament } from '#tests/game-factories'
import { insertBet, insertTournament, insertUser } from '#tests/factories'
import { insertSecondChanceBet, playRound16 } from '#tests/second-chance-fan-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { Database } from '#server/db/client'
import { bets, deadlineReminders, reminderCandidates, user, wallets } from '#server/db/schema'
import { updatePreferences } from '#server/features/preferences/preferences.service'
import type { DueTournament } from './due-tournaments'
import { claimDueFans, findUnremindedFans } from './reminder-claims'

const HOUR_MS = 60 * 60 * 1000

function dueTournament(id: string, values: Partial<DueTournament> = {}): DueTournament {
  return {
    id,
    name: 'Open',
    contest: 'main',
    deadline: new Date(Date.now() + 20 * HOUR_MS),
    window: 24,
    pool: 0,
    sweptFrom: null,
    ...values,
  }
}

async function remind(db: Database, tournamentId: string, userId: string, window: 24 | 2 = 24) {
  await db.insert(deadlineReminders).values({ tournamentId, userId, windowHours: window })
}

async function bet(db: Database, tournamentId: string, userId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId))
  await insertBet(db, { walletId: wallet!.id, userId, tournamentId })
}

async function claim(db: Database, tournament: DueTournament, ids: readonly string[]) {
  const fans = await db.transaction((tx) => claimDueFans(tx, tournament, ids))
  return fans.map((fan) => fan.id)
}

describe.each(testDatabaseKinds)('reminder selection on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('finds the fans with no reminder of the window and no bet, and claims those who want it', async () => {
    const { db } = database()
    const tournament = await insertTournament(db)
    const other = await insertTournament(db)
    // Letters and digits, one length: the same order under any collation.
    const prefix = `f${randomUUID().slice(0, 8)}`
    const fan = async (letter: string, values: { emailVerified?: boolean } = {}) =>
      (await insertUser(db, { id: `${prefix}${letter}`, ...values })).id
    const plain = await fan('a')
    const reminded = await fan('b')
    await remind(db, tournament.id, reminded)
    const remindedOfTheOtherWindow = await fan('c')
    await remind(db, tournament.id, remindedOfTheOtherWindow, 2)
    const bettor = await fan('d')
    await bet(db, tournament.id, bettor)
    const bettorElsewhere = await fan('e')
    await bet(db, other.id, bettorElsewhere)
    const unsubscribed = await fan('f')
    await updatePreferences(db, unsubscribed, { reminders: false })
    const unconfirmed = await fan('g', { emailVerified: false })
    const banned = await fan('h')
    await db.update(user).set({ banned: true }).where(eq(user.id, banned))
    const remindedOfAnotherTournament = await fan('i')
    await remind(db, other.id, remindedOfAnotherTournament)
    // An id no array literal could hold unquoted still reaches the claim whole.
    const oddlyNamed = await fan('k,"\\{} x')

    const due = dueTournament(tournament.id)
    const range = { after: prefix, upTo: `${prefix}z`, limit: 100 }
    const found = await findUnremindedFans(db, due, range)
    // Reminded (b) and bet (d) are left out by the finding; f, g, h are the claim's to drop.
    expect(found).toEqual([
      ...['a', 'c', 'e', 'f', 'g', 'h', 'i'].map((letter) => prefix + letter),
      oddlyNamed,
    ])
    expect(found).not.toContain(reminded)
    expect(await claim(db, due, found)).toEqual([
      plain,
      remindedOfTheOtherWindow,
      bettorElsewhere,
      remindedOfAnotherTournament,
      oddlyNamed,
    ])
    // Claimed once: the same ids again claim nobody, and the next finding skips them.
    expect(await claim(db, due, found)).toEqual([])
    expect(await findUnremindedFans(db, due, range)).toEqual([unsubscribed, unconfirmed, banned])
    // A fan who bets between the finding and the claim is not claimed.
    const late = await fan('j')
    await bet(db, tournament.id, late)
    expect(await claim(db, due, [late])).toEqual([])
    expect(await findUnremindedFans(db, due, range)).not.toContain(late)
  })

  it('keeps to its range and limit, in id order', async () => {
    const { db } = database()
    const tournament = await insertTournament(db)
    const prefix = `r${randomUUID().slice(0, 8)}`
    for (const letter of ['a', 'b', 'c', 'd', 'e']) await insertUser(db, { id: prefix + letter })
    await remind(db, tournament.id, `${prefix}b`)
    const due = dueTournament(tournament.id)
    const find = (after: string, upTo: string, limit = 100) =>
      findUnremindedFans(db, due, { after, upTo, limit })
    expect(await find(prefix, `${prefix}c`)).toEqual([`${prefix}a`, `${prefix}c`])
    expect(await find(`${prefix}c`, `${prefix}z`)).toEqual([`${prefix}d`, `${prefix}e`])
    expect(await find(prefix, `${prefix}z`, 2)).toEqual([`${prefix}a`, `${prefix}c`])
  })

  it('finds a second chance’s fans among its main bracket’s, not those who entered or were reminded', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    await playRound16(db, bracket)
    const mainFan = async () => (await insertAccount(db, { playedOn: id, username: null })).userId
    const due = await mainFan()
    const entered = await mainFan()
    await insertSecondChanceBet(db, bracket, entered)
    const reminded = await mainFan()
    await db
      .insert(deadlineReminders)
      .values({ tournamentId: id, contest: 'second_chance', userId: reminded, windowHours: 24 })
    const remindedOfTheMainDeadline = await mainFan()
    await remind(db, id, remindedOfTheMainDeadline)
    const refunded = await mainFan()
    await db.update(bets).set({ status: 'refunded' }).where(eq(bets.userId, refunded))
    const outsider = (await insertAccount(db, { username: null })).userId

    const secondChance = dueTournament(id, { contest: 'second_chance' })
    const found = await findUnremindedFans(db, secondChance, {
      after: null,
      upTo: null,
      limit: 100,
    })
    // Compared as sets: these ids' order is the database collation's.
    expect([...found].sort()).toEqual([due, remindedOfTheMainDeadline].sort())
    expect(found).not.toContain(outsider)
    expect(await claim(db, secondChance, found)).toEqual(found)
    // A refunded main bracket is no entry, even when its id is handed to the claim.
    expect(await claim(db, secondChance, [refunded])).toEqual([])
  })

  it('after the first pass, finds only the fans noted since it began', async () => {
    const { db } = database()
    const tournament = await insertTournament(db)
    const sweptFrom = new Date()
    const noted = (await insertUser(db)).id
    const before = (await insertUser(db)).id
    await db
      .update(reminderCandidates)
      .set({ changedAt: new Date(sweptFrom.getTime() - HOUR_MS) })
      .where(eq(reminderCandidates.userId, before))
    const found = await findUnremindedFans(db, dueTournament(tournament.id, { sweptFrom }), {
      after: null,
      upTo: null,
      limit: 100,
    })
    expect(found).toContain(noted)
    expect(found).not.toContain(before)
  })
})
