// Calendars (docs/product.md "Calendars", decision 133) on both databases: a tournament's .ics for
// anyone; a fan's feed by its secret URL alone (as a calendar app fetches it), renewable, and
// shown only to its fan — as owner, other fan, visitor and admin.
import { describe, expect, it } from 'vitest'
import { STRONG_PASSWORD } from '#tests/accounts'
import { insertTournament } from '#tests/factories'
import { betBody, insertAccount, insertBracketTournament, signInAs } from '#tests/game-factories'
import { put, signInAdmin } from '#server/features/admin/admin-test-support'
import { createTestApp, TEST_PUBLIC_URL } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { CalendarFeedSchema } from '#shared/schemas/calendar'
import { insertBet } from '#tests/factories'
import { tournamentContests } from '#server/db/schema'

const HOUR_MS = 60 * 60 * 1000

/** The VEVENTs of an .ics, each as its properties (lines unfolded, parameters kept in the name). */
function eventsOf(ics: string): Record<string, string>[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n')
  const events: Record<string, string>[] = []
  let current: Record<string, string> | null = null
  let inAlarm = false
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {}
    else if (line === 'END:VEVENT' && current) {
      events.push(current)
      current = null
    } else if (line === 'BEGIN:VALARM') inAlarm = true
    else if (line === 'END:VALARM') inAlarm = false
    else if (current) {
      const colon = line.indexOf(':')
      current[`${inAlarm ? 'VALARM.' : ''}${line.slice(0, colon)}`] = line.slice(colon + 1)
    }
  }
  return events
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

describe.each(testDatabaseKinds)('calendars on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('gives anyone a tournament’s deadline with an alarm 2 h before, and its dates', async () => {
    const { app } = createTestApp(database())
    const deadline = new Date(Date.UTC(2031, 4, 10, 16, 30))
    const tournament = await insertTournament(database().db, {
      name: 'Madrid Premier, Final; "Four"',
      bettingDeadline: deadline,
      startDate: new Date(Date.UTC(2031, 4, 11, 9)),
      endDate: new Date(Date.UTC(2031, 4, 17, 20)),
    })
    const visitor = new TestBrowser(app)
    const res = await visitor.get(`/api/tournaments/${tournament.id}/calendar.ics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const ics = await res.text()
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const [deadlineEvent, dates] = eventsOf(ics)
    expect(deadlineEvent).toMatchObject({
      DTSTART: utcStamp(deadline),
      // Commas and semicolons are escaped (RFC 5545 §3.3.11).
      SUMMARY: 'Cierre de pronósticos: Madrid Premier\\, Final\\; "Four"',
      UID: `deadline-${tournament.id}@golden-point.test`,
      'VALARM.ACTION': 'DISPLAY',
      'VALARM.TRIGGER': '-PT2H',
      'URL;VALUE=URI': `${TEST_PUBLIC_URL}/tournament/${tournament.id}?predict=1`,
    })
    expect(dates).toMatchObject({
      'DTSTART;VALUE=DATE': '20310511',
      'DTEND;VALUE=DATE': '20310518',
      UID: `dates-${tournament.id}@golden-point.test`,
    })
    // In English on request; an unknown language is a 400, an unknown tournament a 404.
    const english = await (
      await visitor.get(`/api/tournaments/${tournament.id}/calendar.ics?lang=en`)
    ).text()
    expect(eventsOf(english)[0]!.SUMMARY).toMatch(/^Predictions close: Madrid Premier/)
    expect(
      (await visitor.get(`/api/tournaments/${tournament.id}/calendar.ics?lang=fr`)).status,
    ).toBe(400)
    expect((await visitor.get(`/api/tournaments/${crypto.randomUUID()}/calendar.ics`)).status).toBe(
      404,
    )
    expect((await visitor.get('/api/tournaments/not-an-id/calendar.ics')).status).toBe(404)
  })

  it('serves a fan’s feed by its URL alone: open deadlines, their entries, their second chances', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    await fan.browser.request('/api/me/preferences', { method: 'PUT', json: { locale: 'en' } })
    const open = await insertTournament(db, { name: 'Open one' })
    const entered = await insertTournament(db, {
      name: 'Entered one',
      status: 'active',
      bettingDeadline: new Date(Date.now() - HOUR_MS),
      startDate: new Date(Date.now() - HOUR_MS / 2),
    })
    await insertBet(db, { walletId: fan.walletId, userId: fan.userId, tournamentId: entered.id })
    await db.insert(tournamentContests).values({
      tournamentId: entered.id,
      contest: 'second_chance',
      entryFee: 100,
      basePool: 0,
      multiplier: 0.5,
      bettingDeadline: new Date(Date.now() + 5 * HOUR_MS),
    })
    const notEntered = await insertTournament(db, {
      name: 'Someone else’s',
      status: 'active',
      bettingDeadline: new Date(Date.now() - HOUR_MS),
    })

    expect(await (await fan.browser.get('/api/me/calendar-feed')).json()).toEqual({ url: null })
    const made = CalendarFeedSchema.parse(
      await (await fan.browser.post('/api/me/calendar-feed')).json(),
    )
    expect(made.url).toMatch(/^http:\/\/golden-point\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    // Shown again, the same URL.
    expect(await (await fan.browser.get('/api/me/calendar-feed')).json()).toEqual(made)

    const calendarApp = new TestBrowser(setup.app)
    const path = made.url!.slice(TEST_PUBLIC_URL.length)
    const feed = await calendarApp.get(path)
    expect(feed.status).toBe(200)
    const ics = await feed.text()
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT4H')
    const summaries = eventsOf(ics).map((event) => event.SUMMARY)
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Predictions close: Open one',
        'Open one',
        'Second chance closes: Entered one',
        'Entered one',
      ]),
    )
    expect(summaries.join('\n')).not.toContain(notEntered.name)
    expect(summaries).not.toContain('Second chance closes: Open one')
    expect(open.id).toBeTruthy()

    // Renewed: the old URL is gone (404, like a made-up one), the new one works.
    const renewed = CalendarFeedSchema.parse(
      await (await fan.browser.post('/api/me/calendar-feed')).json(),
    )
    expect(renewed.url).not.toBe(made.url)
    expect((await calendarApp.get(path)).status).toBe(404)
    expect((await calendarApp.get(renewed.url!.slice(TEST_PUBLIC_URL.length))).status).toBe(200)
    expect((await calendarApp.get(`/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404)
    expect((await calendarApp.get('/api/calendar/short.ics')).status).toBe(404)
    expect((await calendarApp.get(`${path.slice(0, -4)}`)).status).toBe(404)
  })

  it('puts the scheduled matches of the pairs a fan picked on that fan’s feed alone', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db, { name: 'Open de Madrid' })
    const id = bracket.tournament.id
    const admin = await signInAdmin(setup, db)
    const [owner, other, newcomer] = [
      await signInAs(setup, db),
      await signInAs(setup, db),
      await signInAs(setup, db),
    ]
    await owner.browser.request('/api/me/preferences', { method: 'PUT', json: { locale: 'es' } })
    await other.browser.request('/api/me/preferences', { method: 'PUT', json: { locale: 'en' } })
    // The owner picks pair 1 of every match, the other fan pair 2; the newcomer has no bracket.
    for (const [fan, choose] of [
      [owner, undefined],
      [other, (match: { team2Id: string | null }) => match.team2Id],
    ] as const) {
      const placed = await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket, choose))
      expect(placed.status, await placed.clone().text()).toBe(201)
    }
    const [first, second] = bracket.matches
    const evening = new Date(Date.UTC(2031, 4, 12, 18))
    const schedule = (startsAt: Date, court: string | null) =>
      put(admin.browser, `/api/admin/tournaments/${id}/schedule`, {
        matches: [
          { matchId: first!.id, startsAt: startsAt.toISOString(), court },
          {
            matchId: second!.id,
            startsAt: new Date(Date.UTC(2031, 4, 12, 16)).toISOString(),
            court: null,
          },
        ],
      })
    expect((await schedule(evening, 'Pista Central')).status).toBe(200)

    const feedOf = async (browser: TestBrowser) => {
      const { url } = CalendarFeedSchema.parse(
        await (await browser.post('/api/me/calendar-feed')).json(),
      )
      const path = url!.slice(TEST_PUBLIC_URL.length)
      return async () => {
        const res = await new TestBrowser(setup.app).get(path)
        expect(res.status).toBe(200)
        return eventsOf(await res.text()).filter((event) => event.UID!.startsWith('match-'))
      }
    }
    const ownerFeed = await feedOf(owner.browser)
    const matchEvents = await ownerFeed()
    expect(matchEvents.map((event) => event.UID).sort()).toEqual(
      [first!.id, second!.id].map((matchId) => `match-${matchId}@golden-point.test`).sort(),
    )
    const evening1 = matchEvents.find((event) => event.UID!.includes(first!.id))!
    expect(evening1).toMatchObject({
      DTSTART: utcStamp(evening),
      DTEND: utcStamp(new Date(evening.getTime() + 90 * 60 * 1000)),
      LOCATION: 'Pista Central',
    })
    // In the fan's language: "Octavos 1: 1 ab12 / 2 cd34 – 31 ef56 / 32 gh78", and the fan's pick.
    expect(evening1.SUMMARY).toMatch(/^Octavos 1: 1 \S+ \/ 2 \S+ – 31 \S+ \/ 32 \S+$/)
    expect(evening1.DESCRIPTION).toMatch(/^Open de Madrid. Tu pronóstico: 1 \S+ \/ 2 \S+\./)

    // The other fan's feed has the same matches through their own pick; nobody else's has any.
    const otherEvents = await (await feedOf(other.browser))()
    const otherEvening = otherEvents.find((event) => event.UID!.includes(first!.id))!
    expect(otherEvening.SUMMARY).toMatch(/^Round of 16 1: /)
    expect(otherEvening.DESCRIPTION).toMatch(/Your pick: 31 \S+ \/ 32 \S+\./)
    expect(await (await feedOf(newcomer.browser))()).toEqual([])
    expect(await (await feedOf(admin.browser))()).toEqual([])
    const publicIcs = await (
      await new TestBrowser(setup.app).get(`/api/tournaments/${id}/calendar.ics`)
    ).text()
    expect(publicIcs).not.toContain('match-')

    // Moved to the next morning on another court: the same event, updated.
    const morning = new Date(Date.UTC(2031, 4, 13, 10))
    expect((await schedule(morning, 'Pista 2')).status).toBe(200)
    const moved = (await ownerFeed()).find((event) => event.UID!.includes(first!.id))!
    expect(moved).toMatchObject({
      UID: evening1.UID,
      DTSTART: utcStamp(morning),
      LOCATION: 'Pista 2',
    })
    expect(Number(moved.SEQUENCE)).toBeGreaterThanOrEqual(Number(evening1.SEQUENCE))
  })

  it('shows and renews a feed URL only for its own fan; visitors get 401', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    const other = await signInAs(setup, db)
    const admin = await insertAccount(db, { role: 'admin', password: STRONG_PASSWORD })
    const adminBrowser = new TestBrowser(setup.app)
    await adminBrowser.post('/api/auth/sign-in/email', {
      email: admin.email,
      password: STRONG_PASSWORD,
    })
    const visitor = new TestBrowser(setup.app)

    const ownerFeed = CalendarFeedSchema.parse(
      await (await owner.browser.post('/api/me/calendar-feed')).json(),
    )
    for (const browser of [other.browser, adminBrowser]) {
      expect(await (await browser.get('/api/me/calendar-feed')).json()).toEqual({ url: null })
      const own = CalendarFeedSchema.parse(
        await (await browser.post('/api/me/calendar-feed')).json(),
      )
      expect(own.url).not.toBe(ownerFeed.url)
    }
    // Nobody else's renewal touched the owner's URL.
    expect(await (await owner.browser.get('/api/me/calendar-feed')).json()).toEqual(ownerFeed)
    expect((await visitor.get('/api/me/calendar-feed')).status).toBe(401)
    expect((await visitor.post('/api/me/calendar-feed')).status).toBe(401)
  })
})
