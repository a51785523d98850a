// The "second chance is open" announcement: once per main-bracket entrant, the in-app
// notification for each, the mail (in the fan's language, with the one-click unsubscribe of the
// reminders) only to those with reminders on; nothing for a tournament without an open second
// chance, nothing twice across rounds and batches.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client'
import { mailOutbox, notifications, user, userPreferences } from '#server/db/schema'
import { betBody, insertAccount, insertBracketTournament } from '#tests/game-factories'
import {
  insertSecondChanceBet,
  openSecondChance,
  playRound16,
} from '#tests/second-chance-fan-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { readUnsubscribeToken } from '#server/mail/unsubscribe-links'
import { writeDueSecondChanceAnnouncements } from './second-chance-announcement'

const PUBLIC_URL = 'http://golden-point.test'
const MAIL_ENV = { PUBLIC_URL, BETTER_AUTH_SECRET: 'second-chance-test-secret-of-32-chars' }

async function announceAll(db: Database, batch?: number): Promise<number> {
  let total = 0
  for (;;) {
    const handled = await writeDueSecondChanceAnnouncements(db, { env: MAIL_ENV, batch })
    total += handled
    if (handled === 0) return total
  }
}

describe.each(testDatabaseKinds)('second chance announcement on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('tells every main entrant once; mails those with reminders on, in their language', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fans = []
    for (let n = 0; n < 5; n += 1) {
      const fan = await insertAccount(db, { balance: 500 })
      await placeBet(db, { userId: fan.userId, tournamentId: id, ...betBody(bracket) })
      fans.push(fan)
    }
    const [english, spanish, remindersOff, unconfirmed, alsoEnglish] = fans as [
      (typeof fans)[0],
      (typeof fans)[0],
      (typeof fans)[0],
      (typeof fans)[0],
      (typeof fans)[0],
    ]
    const outsider = await insertAccount(db, { balance: 500 })
    await db.insert(userPreferences).values([
      { userId: spanish.userId, locale: 'es', timeZone: 'Europe/Madrid' },
      { userId: remindersOff.userId, reminders: false },
    ])
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, unconfirmed.userId))

    await playRound16(db, bracket)
    // Nothing to announce before the second chance opens.
    expect(await announceAll(db)).toBe(0)

    await openSecondChance(db, id, { entryFee: 30 })
    // Batches of 2: 2 + 2 + 1, then nothing more, however often the job runs.
    expect(await writeDueSecondChanceAnnouncements(db, { env: MAIL_ENV, batch: 2 })).toBe(2)
    expect(await announceAll(db, 2)).toBe(3)
    expect(await announceAll(db)).toBe(0)
    // A bet entered into the second chance later changes nothing.
    await insertSecondChanceBet(db, bracket, english.userId)
    expect(await announceAll(db)).toBe(0)

    const told = await db.select().from(notifications).where(eq(notifications.tournamentId, id))
    expect(told.map((row) => row.userId).sort()).toEqual(fans.map((fan) => fan.userId).sort())
    expect(told.every((row) => row.kind === 'second_chance_opened' && row.coins === 30)).toBe(true)
    expect(told.some((row) => row.userId === outsider.userId)).toBe(false)

    const mails = await db.select().from(mailOutbox)
    const mailOf = (email: string) => mails.filter((mail) => mail.to === email)
    for (const fan of [english, spanish, alsoEnglish]) expect(mailOf(fan.email)).toHaveLength(1)
    for (const fan of [remindersOff, unconfirmed, outsider]) expect(mailOf(fan.email)).toEqual([])

    const [inEnglish] = mailOf(english.email)
    expect(inEnglish!.subject).toBe(`A second chance in ${bracket.tournament.name}`)
    expect(inEnglish!.text).toContain(`${PUBLIC_URL}/tournament/${id}`)
    expect(inEnglish!.text).toContain('30 coins')
    const [inSpanish] = mailOf(spanish.email)
    expect(inSpanish!.subject).toBe(`Una segunda oportunidad en ${bracket.tournament.name}`)
    expect(inSpanish!.text).toContain('30 monedas')
    // The one-click unsubscribe turns the reminders off, for this fan.
    expect(inSpanish!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /^<(.+)>$/.exec(inSpanish!.headers['List-Unsubscribe'] ?? '')?.[1] ?? ''
    const token = new URL(oneClick).searchParams.get('token') ?? ''
    expect(readUnsubscribeToken(MAIL_ENV.BETTER_AUTH_SECRET, token)).toEqual({
      userId: spanish.userId,
      kind: 'reminders',
    })
  }, 90_000)

  it('announces nothing for a second chance whose entries closed', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await insertAccount(db, { balance: 500 })
    await placeBet(db, {
      userId: fan.userId,
      tournamentId: bracket.tournament.id,
      ...betBody(bracket),
    })
    await playRound16(db, bracket)
    await openSecondChance(db, bracket.tournament.id, { deadline: new Date(Date.now() - 1_000) })
    expect(await announceAll(db)).toBe(0)
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.tournamentId, bracket.tournament.id)),
    ).toEqual([])
  }, 60_000)
})
