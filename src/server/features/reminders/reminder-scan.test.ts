// The deadline reminder scan on both databases (decision 101): one reminder per fan, tournament
// and window, in the fan's language and zone, never to a fan who bet, turned reminders off, has
// not confirmed or is banned, and never twice when scans run at the same moment.
import { and, eq, isNull, like, or } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertAccount } from '#tests/game-factories'
import { insertTournament, insertUser } from '#tests/factories'
import { createTestEnv } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { Database } from '#server/db/client'
import {
  deadlineReminders,
  mailOutbox,
  tournaments,
  user,
  userPreferences,
} from '#server/db/schema'
import { updatePreferences } from '#server/features/preferences/preferences.service'
import { resolveOutboxRows } from '#server/mail/mail-outbox'
import { readUnsubscribeToken, unsubscribeLinks } from '#server/mail/unsubscribe-links'
import { poolFigures } from '#server/game/tournament-figures'
import { renderReminderMail } from './reminder-mail'
import { scanDeadlineReminders } from './reminder-scan'

const env = createTestEnv()
const HOUR_MS = 60 * 60 * 1000

async function tournamentClosingIn(db: Database, hours: number) {
  const deadline = new Date(Date.now() + hours * HOUR_MS)
  return insertTournament(db, {
    bettingDeadline: deadline,
    startDate: new Date(deadline.getTime() + HOUR_MS),
  })
}

/** The mails as the worker sends them (a reminder's row keeps its values, decision 176). */
async function mailsAbout(db: Database, tournamentName: string) {
  return resolveOutboxRows(
    db,
    await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${tournamentName}`)),
  )
}

async function remindersOf(db: Database, tournamentId: string) {
  const rows = await db
    .select()
    .from(deadlineReminders)
    .where(eq(deadlineReminders.tournamentId, tournamentId))
  return rows.map((row) => `${row.windowHours}:${row.userId}`).sort()
}

async function moveDeadline(db: Database, tournamentId: string, hours: number) {
  const deadline = new Date(Date.now() + hours * HOUR_MS)
  await db
    .update(tournaments)
    .set({ bettingDeadline: deadline })
    .where(eq(tournaments.id, tournamentId))
  return deadline
}

/** A scan a minute after the deadline's `window` opened: on time, whatever the wall clock says. */
function onTime(deadline: Date, window: 24 | 2) {
  return { now: new Date(deadline.getTime() - window * HOUR_MS + 60_000) }
}

describe.each(testDatabaseKinds)('deadline reminder scan on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('reminds each fan once per window, in their language and zone, only those who should hear', async () => {
    const { db } = database()
    const tournament = await tournamentClosingIn(db, 20)
    const spanish = await insertUser(db, { email: `es-${tournament.id}@example.test` })
    await updatePreferences(db, spanish.id, { locale: 'es', timeZone: 'Europe/Madrid' })
    const english = await insertUser(db, { email: `en-${tournament.id}@example.test` })
    const unconfirmed = await insertUser(db, { emailVerified: false })
    const banned = await insertUser(db)
    await db.update(user).set({ banned: true }).where(eq(user.id, banned.id))
    const turnedOff = await insertUser(db)
    await updatePreferences(db, turnedOff.id, { reminders: false })
    const bettor = await insertAccount(db, { playedOn: tournament.id })

    await scanDeadlineReminders(db, env, onTime(tournament.bettingDeadline, 24))
    const everyone = (await db.select({ id: user.id }).from(user)).map((row) => row.id)
    const expected = everyone.filter(
      (id) => ![unconfirmed.id, banned.id, turnedOff.id, bettor.userId].includes(id),
    )
    expect(await remindersOf(db, tournament.id)).toEqual(expected.map((id) => `24:${id}`).sort())
    const mails = await mailsAbout(db, tournament.name)
    expect(mails).toHaveLength(expected.length)
    const recipients = mails.map((mail) => mail.to)
    for (const absent of [unconfirmed, banned, turnedOff])
      expect(recipients).not.toContain(absent.email)
    expect(recipients).not.toContain(bettor.email)

    const toSpanish = mails.find((mail) => mail.to === spanish.email)!
    expect(toSpanish.subject).toBe(`Quedan 24 horas para participar en ${tournament.name}`)
    const madrid = new Intl.DateTimeFormat('es-ES', {
      timeStyle: 'short',
      timeZone: 'Europe/Madrid',
    }).format(tournament.bettingDeadline)
    expect(toSpanish.text).toContain(madrid)
    expect(toSpanish.text).toContain('(Europe/Madrid)')
    // The pool as it stands: the base pool plus the one bet so far.
    const pool = poolFigures(tournament.prizePoolConfig, 1).currentPrizePool
    expect(pool).toBeGreaterThan(0)
    expect(toSpanish.text).toContain(
      `El bote va por ${new Intl.NumberFormat('es-ES', { useGrouping: 'always' }).format(pool)} monedas.`,
    )
    expect(toSpanish.text).toContain(`/tournament/${tournament.id}?predict=1`)
    // And the deadline for the fan's calendar (docs/product.md "Calendars").
    expect(toSpanish.text).toContain(`/api/tournaments/${tournament.id}/calendar.ics?lang=es`)
    expect(toSpanish.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const token = new URL(toSpanish.headers['List-Unsubscribe']!.slice(1, -1)).searchParams.get(
      'token',
    )!
    expect(readUnsubscribeToken(env.BETTER_AUTH_SECRET!, token)).toEqual({
      userId: spanish.id,
      kind: 'reminders',
    })
    const toEnglish = mails.find((mail) => mail.to === english.email)!
    expect(toEnglish.subject).toBe(`24 hours left to enter ${tournament.name}`)
    expect(toEnglish.text).toContain('(UTC)')

    // The next scan in the same window sends nothing more.
    await scanDeadlineReminders(db, env, onTime(tournament.bettingDeadline, 24))
    expect(await mailsAbout(db, tournament.name)).toHaveLength(expected.length)

    // After the window's full pass, a fan who signs up and confirms, or turns reminders back on,
    // is still reminded in this window, once.
    const newcomer = await insertUser(db, { emailVerified: false })
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, newcomer.id))
    await updatePreferences(db, turnedOff.id, { reminders: true })
    await scanDeadlineReminders(db, env, onTime(tournament.bettingDeadline, 24))
    await scanDeadlineReminders(db, env, onTime(tournament.bettingDeadline, 24))
    const firstWindow = [...expected, newcomer.id, turnedOff.id]
    expect(await remindersOf(db, tournament.id)).toEqual(firstWindow.map((id) => `24:${id}`).sort())
    expect(await mailsAbout(db, tournament.name)).toHaveLength(firstWindow.length)

    // 2 h before: the second reminder, once, still not to the fan who has bet since.
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, unconfirmed.id))
    await insertAccount(db, { playedOn: tournament.id })
    const [lateBettor] = await db
      .insert(user)
      .values({
        id: `late-${tournament.id}`,
        name: 'late',
        email: `late-${tournament.id}@x.test`,
        emailVerified: true,
      })
      .returning()
    const lastDeadline = await moveDeadline(db, tournament.id, 1.5)
    await scanDeadlineReminders(db, env, onTime(lastDeadline, 2))
    await scanDeadlineReminders(db, env, onTime(lastDeadline, 2))
    const second = await db
      .select()
      .from(deadlineReminders)
      .where(
        and(
          eq(deadlineReminders.tournamentId, tournament.id),
          eq(deadlineReminders.windowHours, 2),
        ),
      )
    // Newly confirmed fans count too; whoever bet meanwhile (a new account here) does not.
    const secondWindow = [...firstWindow, lateBettor!.id, unconfirmed.id].sort()
    expect(second.map((row) => row.userId).sort()).toEqual(secondWindow)
    const lastCalls = (await mailsAbout(db, tournament.name)).filter(
      (mail) => mail.subject.startsWith('Last call') || mail.subject.startsWith('Última llamada'),
    )
    expect(lastCalls).toHaveLength(secondWindow.length)
  })

  it('says when the deadline falls, in the fan’s zone, when the scan that writes it is late', async () => {
    const { db } = database()
    const tournament = await tournamentClosingIn(db, 20)
    const spanish = await insertUser(db, { email: `late-es-${tournament.id}@example.test` })
    await updatePreferences(db, spanish.id, { locale: 'es', timeZone: 'Europe/Madrid' })
    const english = await insertUser(db, { email: `late-en-${tournament.id}@example.test` })
    // The same deadline, 20 h away at this scan's moment: four hours into its 24 h window.
    const scannedAt = new Date(tournament.bettingDeadline.getTime() - 20 * HOUR_MS)
    await scanDeadlineReminders(db, env, { now: scannedAt })
    const mails = await mailsAbout(db, tournament.name)
    const time = (timeZone: string) =>
      new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone }).format(
        tournament.bettingDeadline,
      )
    const day = (at: Date, timeZone: string) => at.toLocaleDateString('en-CA', { timeZone })
    const isToday = (timeZone: string) =>
      day(tournament.bettingDeadline, timeZone) === day(scannedAt, timeZone)
    const toSpanish = mails.find((mail) => mail.to === spanish.email)!
    expect(toSpanish.subject).toBe(
      `Se cierra ${isToday('Europe/Madrid') ? 'hoy' : 'mañana'} a las ${time('Europe/Madrid')}: participa en ${tournament.name}`,
    )
    const toEnglish = mails.find((mail) => mail.to === english.email)!
    expect(toEnglish.subject).toBe(
      `Closes ${isToday('UTC') ? 'today' : 'tomorrow'} at ${time('UTC')} UTC: enter ${tournament.name}`,
    )
    // The claim is the window's all the same: no "on time" reminder follows.
    await scanDeadlineReminders(db, env, onTime(tournament.bettingDeadline, 24))
    expect(await mailsAbout(db, tournament.name)).toHaveLength(mails.length)
  })

  it('sends only the 2 h reminder for a tournament first seen with 2 h or less to go', async () => {
    const { db } = database()
    const tournament = await tournamentClosingIn(db, 1)
    await scanDeadlineReminders(db, env)
    const windows = new Set(
      (await remindersOf(db, tournament.id)).map((entry) => entry.split(':')[0]),
    )
    expect(windows).toEqual(new Set(['2']))
    // And nothing for a tournament further than 24 h or past its deadline.
    const far = await tournamentClosingIn(db, 30)
    const past = await insertTournament(db, {
      bettingDeadline: new Date(Date.now() - HOUR_MS),
      startDate: new Date(Date.now() + HOUR_MS),
    })
    await scanDeadlineReminders(db, env)
    expect(await remindersOf(db, far.id)).toEqual([])
    expect(await remindersOf(db, past.id)).toEqual([])
  })

  it('writes every fan the bytes of a full render, though each language and zone renders once', async () => {
    const { db } = database()
    const fans = [
      { username: 'Ana', locale: 'es', timeZone: 'Europe/Madrid' },
      { username: `O'Brien <b>&"x"`, locale: 'es', timeZone: 'Europe/Madrid' },
      { username: null, locale: 'es', timeZone: null },
      { username: 'José Ñúñez', locale: 'en', timeZone: null },
      { username: '$1 $& $$', locale: 'en', timeZone: null },
      { username: null, locale: 'en', timeZone: 'America/Mexico_City' },
    ] as const
    // Two passes: one on time, one late (its subject names the day and time in each fan's zone).
    for (const hoursLeft of [23.9, 20]) {
      const tournament = await tournamentClosingIn(db, 20)
      const users = []
      for (const [index, fan] of fans.entries()) {
        const email = `render-${index}-${tournament.id}@example.test`
        // Usernames are unique: each pass's fans get their own.
        const username = fan.username && `${fan.username} ${tournament.id.slice(0, 8)}`
        const row = await insertUser(db, { email, username })
        await updatePreferences(db, row.id, { locale: fan.locale, timeZone: fan.timeZone })
        users.push({ ...fan, username, id: row.id, email: row.email })
      }
      const now = new Date(tournament.bettingDeadline.getTime() - hoursLeft * HOUR_MS)
      await scanDeadlineReminders(db, env, { now })
      const mails = await mailsAbout(db, tournament.name)
      const wizardLink = `${env.PUBLIC_URL}/tournament/${tournament.id}?predict=1`
      for (const fan of users) {
        const links = unsubscribeLinks(env, fan.id, 'reminders')
        const mail = mails.find((row) => row.to === fan.email)!
        const full = renderReminderMail({
          lang: fan.locale,
          contest: 'main',
          timeZone: fan.timeZone,
          name: fan.username ?? fan.email.split('@')[0]!,
          window: 24,
          sentAt: now,
          tournamentName: tournament.name,
          deadline: tournament.bettingDeadline,
          pool: poolFigures(tournament.prizePoolConfig, 0).currentPrizePool,
          wizardLink,
          calendarLink: `${env.PUBLIC_URL}/api/tournaments/${tournament.id}/calendar.ics?lang=${fan.locale}`,
          unsubscribeLink: links.pageUrl,
        })
        expect(mail).toMatchObject({
          ...full,
          link: wizardLink,
          headers: links.headers,
        })
      }
    }
  })

  it('a full pass in ranges and chunks smaller than the fans misses nobody and repeats nobody', async () => {
    const { db } = database()
    for (let i = 0; i < 13; i++) await insertUser(db)
    const tournament = await tournamentClosingIn(db, 11)
    // Two scans at once, cutting the fans differently: each claim is its own transaction.
    await Promise.all([
      scanDeadlineReminders(db, env, { chunk: 2, range: 5 }),
      scanDeadlineReminders(db, env, { chunk: 3, range: 4 }),
    ])
    const due = await db
      .select({ id: user.id })
      .from(user)
      .leftJoin(userPreferences, eq(userPreferences.userId, user.id))
      .where(
        and(
          eq(user.emailVerified, true),
          or(isNull(user.banned), eq(user.banned, false)),
          or(isNull(userPreferences.reminders), eq(userPreferences.reminders, true)),
        ),
      )
    expect(due.length).toBeGreaterThanOrEqual(13)
    expect(await remindersOf(db, tournament.id)).toEqual(due.map((fan) => `24:${fan.id}`).sort())
    const mails = await mailsAbout(db, tournament.name)
    expect(mails).toHaveLength(due.length)
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(due.length)
  })

  it('sends each reminder once when scans run at the same moment, chunk by chunk', async () => {
    const { db } = database()
    for (let i = 0; i < 5; i++) await insertUser(db)
    const tournament = await tournamentClosingIn(db, 10)
    const written = await Promise.all([
      scanDeadlineReminders(db, env, { chunk: 2 }),
      scanDeadlineReminders(db, env, { chunk: 3 }),
      scanDeadlineReminders(db, env, { chunk: 1000 }),
    ])
    const confirmed = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.emailVerified, true))
    const reminded = await remindersOf(db, tournament.id)
    const mails = await mailsAbout(db, tournament.name)
    expect(reminded.length).toBeGreaterThanOrEqual(5)
    expect(reminded.length).toBeLessThanOrEqual(confirmed.length)
    expect(mails).toHaveLength(reminded.length)
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(mails.length)
    // Every claim wrote its mail, and no claim twice: the scans' counts add up to the mails of
    // this tournament plus those of any other due tournament they also served.
    expect(written.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(mails.length)
  })
})
