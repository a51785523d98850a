import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { LIVE_STREAMS_PER_USER } from '#shared/schemas/live'
import type { DatabaseHandle } from '#server/db/client'
import { createLogger } from '#server/logger'
import {
  betBody,
  closedDeadlineValues,
  insertBracketTournament,
  playOut,
} from '#tests/game-factories'
import { createTestApp, createTestEnv } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import {
  errorOf,
  matchBody,
  put,
  signInAdmin,
  signInAs,
} from '#server/features/admin/admin-test-support'
import { publishLiveEvent } from '#server/game/live-events'
import { createDatabaseListener } from '#server/game/live-listener'
import { createLiveStreams, type LiveStreamLimits } from './live-streams'
import { readStream, type OpenStream } from './live-test-support'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(testDatabaseKinds)('GET /api/tournaments/:id/live on %s', (kind) => {
  const database = useTestDatabase(kind)
  const closers: (() => Promise<void>)[] = []

  afterAll(async () => {
    for (const close of closers.reverse()) await close()
  })

  /** The app with live streams of its own, closed after the tests (their LISTEN connection). */
  const setUp = (
    handle: DatabaseHandle,
    options: { limits?: Partial<LiveStreamLimits>; heartbeatMs?: number } = {},
  ) => {
    const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))
    const live = createLiveStreams({
      listener: createDatabaseListener(handle.db, logger),
      logger,
      ...options,
    })
    closers.push(() => live.close())
    const setup = createTestApp(handle, { live })
    return { ...setup, live, visitor: new TestBrowser(setup.app) }
  }

  const open = async (browser: TestBrowser, tournamentId: string): Promise<OpenStream> => {
    const res = await browser.get(`/api/tournaments/${tournamentId}/live`)
    expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/event-stream')
    const stream = readStream(res)
    closers.push(() => stream.close())
    // The first bytes (retry + a comment) say the stream is on.
    expect(await stream.collect(100)).toEqual([])
    expect(stream.comments).toContain('live')
    return stream
  }

  it('opens for the bet owner, another fan, a visitor and an admin', async () => {
    const setup = setUp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const owner = await signInAs(setup, db, { balance: 500 })
    expect(
      (await owner.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, betBody(bracket)))
        .status,
    ).toBe(201)
    const otherFan = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)

    for (const browser of [owner.browser, otherFan.browser, setup.visitor, admin.browser]) {
      await open(browser, bracket.tournament.id)
    }
    expect(setup.live.openCount).toBe(4)
  })

  it('answers 404 for an unknown tournament and 400 for a malformed id', async () => {
    const { visitor } = setUp(database())
    const unknown = await visitor.get(`/api/tournaments/${UNKNOWN_ID}/live`)
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).code).toBe('NOT_FOUND')
    const malformed = await visitor.get('/api/tournaments/not-an-id/live')
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).code).toBe('VALIDATION_FAILED')
  })

  it('refuses a fan’s stream beyond five with 429, and frees the place when one closes', async () => {
    const setup = setUp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db)
    const streams: OpenStream[] = []
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i += 1) {
      streams.push(await open(fan.browser, bracket.tournament.id))
    }
    const sixth = await fan.browser.get(`/api/tournaments/${bracket.tournament.id}/live`)
    expect(sixth.status).toBe(429)
    const body = (await sixth.json()) as { error: { code: string; reason: string } }
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_LIVE_STREAMS' })
    // Another fan is not held back by the first one's streams.
    await open((await signInAs(setup, db)).browser, bracket.tournament.id)

    await streams[0]!.close()
    await expect.poll(() => setup.live.openCount).toBe(LIVE_STREAMS_PER_USER)
    await open(fan.browser, bracket.tournament.id)
  })

  it('limits visitors per address, and the process as a whole (503)', async () => {
    const setup = setUp(database(), { limits: { perVisitorAddress: 2, perProcess: 3 } })
    const { db } = database()
    const { tournament } = await insertBracketTournament(db)
    const here = new TestBrowser(setup.app, { address: '10.20.30.40' })
    await open(here, tournament.id)
    await open(here, tournament.id)
    const third = await here.get(`/api/tournaments/${tournament.id}/live`)
    expect(third.status).toBe(429)
    await open(new TestBrowser(setup.app), tournament.id)
    const full = await new TestBrowser(setup.app).get(`/api/tournaments/${tournament.id}/live`)
    expect(full.status).toBe(503)
    expect(full.headers.get('Retry-After')).toBe('5')
  })

  it('counts an IPv6 visitor by /64, and keeps most places for signed-in fans', async () => {
    const setup = setUp(database(), {
      limits: { perVisitorAddress: 2, forVisitors: 4, perProcess: 10 },
    })
    const { db } = database()
    const { tournament } = await insertBracketTournament(db)
    const path = `/api/tournaments/${tournament.id}/live`
    const inBlock = (host: string) =>
      new TestBrowser(setup.app, { address: `2001:db8:7:9::${host}` })
    await open(inBlock('1'), tournament.id)
    await open(inBlock('beef'), tournament.id)
    // Another address of the same /64 is the same visitor.
    expect((await inBlock('2:3:4').get(path)).status).toBe(429)
    // Visitors from elsewhere fill the visitors' share; then visitors wait, fans do not.
    await open(new TestBrowser(setup.app, { address: '2001:db8:8::1' }), tournament.id)
    await open(new TestBrowser(setup.app, { address: '198.51.100.7' }), tournament.id)
    const flood = await new TestBrowser(setup.app, { address: '198.51.100.8' }).get(path)
    expect(flood.status).toBe(503)
    expect(setup.live.openCount).toBe(4)
    const fan = await signInAs(setup, db)
    await open(fan.browser, tournament.id)
    expect(setup.live.openCount).toBe(5)
  })

  it('sends a schedule event when a start time or court changes, and none when not', async () => {
    const setup = setUp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = await signInAdmin(setup, db)
    const watching = await open(setup.visitor, bracket.tournament.id)
    const [first, second] = bracket.matches
    const court = { ...matchBody(bracket, 0, null), court: 'Pista Central' }
    expect((await put(admin.browser, `/api/admin/matches/${first!.id}`, court)).status).toBe(200)
    expect(await watching.next()).toEqual({ event: 'schedule', data: { matchIds: [first!.id] } })
    expect((await put(admin.browser, `/api/admin/matches/${first!.id}`, court)).status).toBe(200)
    expect(await watching.collect(300)).toEqual([])
    const bulk = await put(
      admin.browser,
      `/api/admin/tournaments/${bracket.tournament.id}/schedule`,
      {
        matches: [
          { matchId: first!.id, startsAt: null, court: 'Pista Central' },
          { matchId: second!.id, startsAt: '2026-05-02T18:00:00Z', court: null },
        ],
      },
    )
    expect(bulk.status).toBe(200)
    expect(await watching.next()).toEqual({ event: 'schedule', data: { matchIds: [second!.id] } })
  })

  it('carries an admin’s result, its correction, the status and the MVP to open streams', async () => {
    const setup = setUp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db, closedDeadlineValues())
    const other = await insertBracketTournament(db, closedDeadlineValues())
    const admin = await signInAdmin(setup, db)
    const watching = await open(setup.visitor, bracket.tournament.id)
    const elsewhere = await open(new TestBrowser(setup.app), other.tournament.id)

    const first = bracket.matches[0]!
    const entered = await put(
      admin.browser,
      `/api/admin/matches/${first.id}`,
      matchBody(bracket, 0, first.team1Id),
    )
    expect(entered.status).toBe(200)
    expect(await watching.next()).toEqual({ event: 'result', data: { matchId: first.id } })
    const corrected = await put(
      admin.browser,
      `/api/admin/matches/${first.id}`,
      matchBody(bracket, 0, first.team2Id),
    )
    expect(corrected.status).toBe(200)
    expect(await watching.next()).toEqual({ event: 'result', data: { matchId: first.id } })
    // Set scores alone change the result too.
    const scored = await put(admin.browser, `/api/admin/matches/${first.id}`, {
      ...matchBody(bracket, 0, first.team2Id),
      sets: [
        [4, 6],
        [4, 6],
      ],
    })
    expect(scored.status).toBe(200)
    expect(await watching.next()).toEqual({ event: 'result', data: { matchId: first.id } })
    // The same save again changes nothing and announces nothing.
    const unchanged = await put(admin.browser, `/api/admin/matches/${first.id}`, {
      ...matchBody(bracket, 0, first.team2Id),
    })
    expect(unchanged.status).toBe(200)

    const t = bracket.tournament
    const statusChange = await put(admin.browser, `/api/admin/tournaments/${t.id}`, {
      name: t.name,
      status: 'active',
      bettingDeadline: t.bettingDeadline.toISOString(),
      startDate: t.startDate.toISOString(),
      endDate: t.endDate.toISOString(),
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
    })
    expect(statusChange.status, await statusChange.clone().text()).toBe(200)
    expect(await watching.next()).toEqual({ event: 'status', data: { status: 'active' } })

    // The events are about this tournament only.
    expect(await elsewhere.collect(200)).toEqual([])

    const { mvpPlayerId } = await playOut(db, other, { withMvp: false })
    const mvp = await admin.browser.post(`/api/admin/tournaments/${other.tournament.id}/mvp`, {
      playerId: mvpPlayerId,
    })
    expect(mvp.status, await mvp.clone().text()).toBe(200)
    expect(await elsewhere.next()).toEqual({ event: 'mvp', data: { playerId: mvpPlayerId } })

    const cancelled = await admin.browser.post(`/api/admin/tournaments/${t.id}/cancel`, {})
    expect(cancelled.status, await cancelled.clone().text()).toBe(200)
    expect(await watching.next()).toEqual({ event: 'status', data: { status: 'cancelled' } })
  })

  it('announces nothing for a change that rolled back, or a refused one', async () => {
    const setup = setUp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db, closedDeadlineValues())
    const watching = await open(setup.visitor, bracket.tournament.id)
    const matchId = bracket.matches[0]!.id

    await expect(
      db.transaction(async (tx) => {
        await publishLiveEvent(tx, bracket.tournament.id, 'result', { matchId })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // A refused result: a winner who does not play in the match.
    const admin = await signInAdmin(setup, db)
    const refused = await put(
      admin.browser,
      `/api/admin/matches/${matchId}`,
      matchBody(bracket, 0, bracket.matches[1]!.team1Id),
    )
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(await watching.collect(300)).toEqual([])

    await db.transaction(async (tx) => {
      await publishLiveEvent(tx, bracket.tournament.id, 'result', { matchId })
    })
    expect(await watching.next()).toEqual({ event: 'result', data: { matchId } })
  })

  it('sends a comment heartbeat', async () => {
    const setup = setUp(database(), { heartbeatMs: 50 })
    const { tournament } = await insertBracketTournament(database().db)
    const stream = await open(setup.visitor, tournament.id)
    await stream.collect(200)
    expect(stream.comments).toContain('heartbeat')
  })

  it('ends the open streams and refuses new ones once closed (shutdown)', async () => {
    const setup = setUp(database())
    const { tournament } = await insertBracketTournament(database().db)
    const streams = [
      await open(setup.visitor, tournament.id),
      await open(setup.visitor, tournament.id),
    ]
    await setup.live.close()
    for (const stream of streams) expect(await stream.ended()).toBe(true)
    expect(setup.live.openCount).toBe(0)
    expect((await setup.visitor.get(`/api/tournaments/${tournament.id}/live`)).status).toBe(503)
  })

  // PostgreSQL only: PGlite's listen() lives in the process and has no connection to lose.
  if (kind !== 'postgres') return
  it('ends the streams when the LISTEN connection drops, and listens again', async () => {
    const setup = setUp(database())
    const { db } = database()
    const { tournament, matches } = await insertBracketTournament(db)
    const before = await open(setup.visitor, tournament.id)
    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'golden-point-live' and datname = current_database()`)
    // Events may have been missed: the browsers reconnect and refetch.
    expect(await before.ended(5_000)).toBe(true)

    // A stream opened meanwhile waits until LISTEN is back, so it misses nothing after.
    const matchId = matches[0]!.id
    const after = await open(new TestBrowser(setup.app), tournament.id)
    await publishLiveEvent(db, tournament.id, 'result', { matchId })
    expect(await after.next()).toEqual({ event: 'result', data: { matchId } })
  })
})
