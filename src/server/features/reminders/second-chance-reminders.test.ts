// Deadline reminders of the second chance on both databases (docs/product.md "Second chance", decision 101):
// 24 h and 2 h before its own deadline, once per fan and window, to the fans who entered the main
// bracket but not the second chance — in their language, naming the second chance and linking to
// its wizard — and nothing once a quarterfinal has been played.
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertAccount, insertBracketTournament } from '#tests/game-factories'
import {
  insertSecondChanceBet,
  openSecondChance,
  playRound16,
  setSecondChanceDeadline,
} from '#tests/second-chance-fan-factories'
import { createTestEnv } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { deadlineReminders, mailOutbox, matches, tournamentContests } from '#server/db/schema'
import { resolveOutboxRows } from '#server/mail/mail-outbox'
import { updatePreferences } from '#server/features/preferences/preferences.service'
import { scanDeadlineReminders } from './reminder-scan'

const env = createTestEnv()
const HOUR_MS = 60 * 60 * 1000

describe.each(testDatabaseKinds)('second-chance deadline reminders on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('reminds the main bracket’s fans who have not entered it, once per window', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const name = bracket.tournament.name
    const fan = (email: string) => insertAccount(db, { email, playedOn: id, username: null })
    const english = await fan(`en-${id}@example.test`)
    const spanish = await fan(`es-${id}@example.test`)
    await updatePreferences(db, spanish.userId, { locale: 'es', timeZone: 'Europe/Madrid' })
    const entered = await fan(`in-${id}@example.test`)
    const quiet = await fan(`off-${id}@example.test`)
    await updatePreferences(db, quiet.userId, { reminders: false })
    // No main bracket: the second chance is not theirs to be reminded of.
    const outsider = await insertAccount(db, { email: `out-${id}@example.test`, username: null })
    await playRound16(db, bracket)
    // Opened two days ago: its opening mail came before either window.
    const deadline = new Date(Date.now() + 20 * HOUR_MS)
    await openSecondChance(db, id, { deadline, openedAt: new Date(Date.now() - 48 * HOUR_MS) })
    // Scans a minute into each window: on time, so the mails count the hours left.
    const onTime = (at: Date, window: number) => ({
      now: new Date(at.getTime() - window * HOUR_MS + 60_000),
    })
    await insertSecondChanceBet(db, bracket, entered.userId)

    const claims = async (window: number) =>
      (
        await db
          .select()
          .from(deadlineReminders)
          .where(
            and(
              eq(deadlineReminders.tournamentId, id),
              eq(deadlineReminders.contest, 'second_chance'),
              eq(deadlineReminders.windowHours, window),
            ),
          )
      )
        .map((row) => row.userId)
        .sort()
    // As the worker sends them (a reminder's row keeps its values, decision 176).
    const mails = async () =>
      resolveOutboxRows(
        db,
        await db
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.subject, `%${name}`)),
      )

    // Two scans at the same moment, then one more: each fan reminded once.
    await Promise.all([
      scanDeadlineReminders(db, env, { chunk: 1, ...onTime(deadline, 24) }),
      scanDeadlineReminders(db, env, { chunk: 2, ...onTime(deadline, 24) }),
    ])
    await scanDeadlineReminders(db, env, onTime(deadline, 24))
    expect(await claims(24)).toEqual([english.userId, spanish.userId].sort())
    const sent = await mails()
    expect(sent.map((mail) => mail.to).sort()).toEqual([english.email, spanish.email].sort())
    expect(sent.map((mail) => mail.to)).not.toContain(outsider.email)
    const toEnglish = sent.find((mail) => mail.to === english.email)!
    expect(toEnglish.subject).toBe(`24 hours left to enter the second chance of ${name}`)
    expect(toEnglish.text).toContain(`/tournament/${id}?secondChance=1`)
    expect(toEnglish.text).toContain('Enter the second chance')
    // Its own pool: 100 base + 20 × 1 entry.
    expect(toEnglish.text).toContain('Its prize pool is 120 coins so far.')
    expect(toEnglish.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const toSpanish = sent.find((mail) => mail.to === spanish.email)!
    expect(toSpanish.subject).toBe(
      `Quedan 24 horas para entrar en la segunda oportunidad de ${name}`,
    )
    expect(toSpanish.text).toContain('(Europe/Madrid)')

    // 2 h before: the English fan entered meanwhile, the quiet one turned reminders back on.
    await insertSecondChanceBet(db, bracket, english.userId)
    await updatePreferences(db, quiet.userId, { reminders: true })
    const lastDeadline = new Date(Date.now() + 1.5 * HOUR_MS)
    await setSecondChanceDeadline(db, id, lastDeadline)
    await scanDeadlineReminders(db, env, onTime(lastDeadline, 2))
    await scanDeadlineReminders(db, env, onTime(lastDeadline, 2))
    expect(await claims(2)).toEqual([quiet.userId, spanish.userId].sort())
    const lastCalls = (await mails()).filter((mail) => mail.subject.includes('2 h'))
    expect(lastCalls.map((mail) => mail.subject).sort()).toEqual([
      `Last call: 2 hours left to enter the second chance of ${name}`,
      `Última llamada: quedan 2 horas para entrar en la segunda oportunidad de ${name}`,
    ])
    // The main deadline passed long ago: no main reminder was claimed.
    const mainClaims = await db
      .select()
      .from(deadlineReminders)
      .where(and(eq(deadlineReminders.tournamentId, id), eq(deadlineReminders.contest, 'main')))
    expect(mainClaims).toEqual([])
  })

  it('skips a window its opening mail already covered, not the next one', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fan = await insertAccount(db, { playedOn: id, username: null })
    await playRound16(db, bracket)
    // Opened 20 h before its deadline: the opening mail is the fan's 24-hour notice.
    await openSecondChance(db, id, { deadline: new Date(Date.now() + 20 * HOUR_MS) })
    await scanDeadlineReminders(db, env)
    const claimed = async () =>
      (await db.select().from(deadlineReminders).where(eq(deadlineReminders.tournamentId, id))).map(
        (row) => [row.userId, row.windowHours],
      )
    expect(await claimed()).toEqual([])
    // 18.5 h later (the same second chance, seen from then): the last call still goes out.
    await db
      .update(tournamentContests)
      .set({
        createdAt: new Date(Date.now() - 18.5 * HOUR_MS),
        bettingDeadline: new Date(Date.now() + 1.5 * HOUR_MS),
      })
      .where(eq(tournamentContests.tournamentId, id))
    await scanDeadlineReminders(db, env)
    expect(await claimed()).toEqual([[fan.userId, 2]])
  })

  it('sends nothing once a quarterfinal is played, or far from its deadline', async () => {
    const { db } = database()
    const far = await insertBracketTournament(db)
    const played = await insertBracketTournament(db)
    for (const bracket of [far, played]) {
      await insertAccount(db, { playedOn: bracket.tournament.id, username: null })
      await playRound16(db, bracket)
    }
    await openSecondChance(db, far.tournament.id, { deadline: new Date(Date.now() + 30 * HOUR_MS) })
    await openSecondChance(db, played.tournament.id, {
      deadline: new Date(Date.now() + 10 * HOUR_MS),
    })
    const qf1 = played.matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
    await db.update(matches).set({ winnerTeamId: qf1.team1Id }).where(eq(matches.id, qf1.id))
    await scanDeadlineReminders(db, env)
    for (const bracket of [far, played]) {
      const rows = await db
        .select()
        .from(deadlineReminders)
        .where(eq(deadlineReminders.tournamentId, bracket.tournament.id))
      expect(rows).toEqual([])
    }
  })
})
