// The server's half of Web Push against a push service of our own on loopback (tests/push-
// endpoint.ts, which checks the VAPID JWT and decrypts every payload): each cause writes its
// pushes with itself, the worker delivers each once in the fan's language, a 410 removes the
// device, 429 and 5xx come back later (after Retry-After when given), and what a fan switched
// off is never written. Both databases.
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signInAdmin, matchBody, put } from '#server/features/admin/admin-test-support'
import {
  betBody,
  closedDeadlineValues,
  insertBracketTournament,
  playOut,
  signInAs,
} from '#tests/game-factories'
import { startLocalPushService, type LocalPushService } from '#tests/push-endpoint'
import { createTestApp, type TestSetup } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { PushPayloadSchema, type PushPayload } from '#shared/schemas/push'
import { type Database, rowsOf } from '#server/db/client'
import { createLogger } from '#server/logger'
import { pushOutbox, pushSubscriptions, tournaments } from '#server/db/schema'
import { writeDueSettlementNotifications } from '#server/features/notifications/settlement-notifications'
import { scanDeadlineReminders } from '#server/features/reminders/reminder-scan'
import { settleTournament } from '#server/features/settlement/settle.service'
import { PUSH_FANOUT_BATCH } from './push-fanout'
import { createPushKeys } from './push-keys'
import { createPushWorker, DEFAULT_PUSH_TIMING, type PushWorker } from './push-worker'

const TIMING = {
  ...DEFAULT_PUSH_TIMING,
  fanoutBatch: PUSH_FANOUT_BATCH,
  leaseMs: 60_000,
  pollMs: 60_000,
  concurrency: 8,
  maxAttempts: 3,
  retryBaseMs: 1_000,
}

describe.each(testDatabaseKinds)('push delivery on %s', (kind) => {
  const database = useTestDatabase(kind)
  let setup: TestSetup
  let service: LocalPushService
  let worker: PushWorker
  let db: Database

  beforeEach(async () => {
    db = database().db
    setup = createTestApp(database())
    const keys = createPushKeys(db, setup.env)
    const publicKey = (await keys.get())!.publicKey
    service = await startLocalPushService({ vapidPublicKey: () => publicKey })
    const logger = createLogger(setup.env, { write: () => {} })
    worker = createPushWorker({ db, logger, keys, timing: TIMING })
  })
  afterEach(async () => {
    await worker.stop()
    await service.close()
    await db.execute(sql`delete from push_subscriptions`)
    await db.execute(sql`delete from push_fanouts`)
  })

  async function fanWithDevice(locale: 'en' | 'es' = 'en') {
    const fan = await signInAs(setup, db)
    const device = service.newSubscription()
    const registered = await fan.browser.post('/api/me/push-subscriptions', {
      endpoint: device.endpoint,
      keys: device.keys,
    })
    expect(registered.status).toBe(201)
    await put(fan.browser, '/api/me/preferences', { locale })
    return { ...fan, device }
  }

  const payloadsTo = (subscriptionId: string): PushPayload[] =>
    service.deliveries
      .filter((delivery) => delivery.subscriptionId === subscriptionId)
      .map((delivery) => PushPayloadSchema.parse(delivery.payload))

  it('tells each entrant of a result whether their pick was right, in their language, once', async () => {
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const right = await fanWithDevice('es')
    const wrong = await fanWithDevice('en')
    const placed = [
      await right.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, betBody(bracket)),
      await wrong.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket, (match) => match.team2Id),
      ),
    ]
    for (const res of placed) expect(res.status, await res.clone().text()).toBe(201)
    await db
      .update(tournaments)
      .set(closedDeadlineValues())
      .where(eq(tournaments.id, bracket.tournament.id))

    // The admin's result writes the fan-out with itself; the worker writes and sends the pushes.
    const match = bracket.matches[0]!
    const saved = await put(
      admin.browser,
      `/api/admin/matches/${match.id}`,
      matchBody(bracket, 0, match.team1Id),
    )
    expect(saved.status, await saved.clone().text()).toBe(200)
    await worker.idle()

    expect(service.problems).toEqual([])
    const [toRight] = payloadsTo(right.device.id)
    expect(toRight).toMatchObject({
      kind: 'match_result',
      url: `/tournament/${bracket.tournament.id}`,
      tag: `results-${bracket.tournament.id}`,
      renotify: true,
    })
    expect(toRight!.title).toMatch(/^Ganaron .+ \/ .+$/)
    expect(toRight!.body).toContain('Tu pronóstico acierta: 1 de 1 por ahora')
    expect(payloadsTo(wrong.device.id)).toEqual([
      expect.objectContaining({ body: expect.stringContaining('Your pick missed: 0 of 1') }),
    ])
    const delivery = service.deliveries[0]!
    expect(delivery.urgency).toBe('normal')
    expect(delivery.ttl).toBeGreaterThan(11 * 60 * 60)
    expect(delivery.topic).toMatch(/^[A-Za-z0-9_-]{32}$/)

    // A second result updates the same notification: "2 of 2", same tag.
    const second = bracket.matches[1]!
    await put(
      admin.browser,
      `/api/admin/matches/${second.id}`,
      matchBody(bracket, 1, second.team1Id),
    )
    await worker.idle()
    expect(payloadsTo(right.device.id).map((payload) => payload.body)).toEqual([
      expect.stringContaining('1 de 1'),
      expect.stringContaining('2 de 2'),
    ])
    expect(new Set(payloadsTo(right.device.id).map((payload) => payload.tag)).size).toBe(1)

    // Run again and again: nothing more is written or sent.
    await worker.idle()
    expect(service.deliveries).toHaveLength(4)
    expect(await db.select().from(pushOutbox)).toHaveLength(4)
  })

  it('pushes a payout written by the settlement’s notifications, and not a kind switched off', async () => {
    const bracket = await insertBracketTournament(db)
    const winner = await fanWithDevice()
    const quiet = await fanWithDevice()
    for (const fan of [winner, quiet]) {
      const res = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket),
      )
      expect(res.status).toBe(201)
    }
    await put(quiet.browser, '/api/me/preferences', { push: { results: false } })
    await playOut(db, bracket)
    await settleTournament(db, { actorId: 'push-test-admin', tournamentId: bracket.tournament.id })
    while ((await writeDueSettlementNotifications(db)) > 0);
    await worker.idle()

    expect(service.problems).toEqual([])
    const [payout] = payloadsTo(winner.device.id)
    expect(payout).toMatchObject({
      kind: 'payout_received',
      tag: `payout-${bracket.tournament.id}`,
      url: `/tournament/${bracket.tournament.id}`,
    })
    expect(payout!.title).toMatch(/^You won [\d,]+ coins$/)
    expect(payout!.body).toContain('16 of 16 picks right')
    expect(payloadsTo(quiet.device.id)).toEqual([])
  })

  it('pushes the 2-hour reminder to a fan with mail reminders off, until the deadline', async () => {
    const deadline = new Date(Date.now() + 60 * 60 * 1000)
    const bracket = await insertBracketTournament(db, { bettingDeadline: deadline })
    const fan = await fanWithDevice('es')
    await put(fan.browser, '/api/me/preferences', { reminders: false, timeZone: 'Europe/Madrid' })
    // The scan's own moment decides the words: on time, as the window opens, "2 hours left".
    await scanDeadlineReminders(db, setup.env, { now: new Date(deadline.getTime() - 119 * 60_000) })
    await worker.idle()
    const [reminder] = payloadsTo(fan.device.id)
    expect(reminder).toMatchObject({
      kind: 'deadline_reminder',
      title: `Quedan 2 horas: ${bracket.tournament.name}`,
      url: `/tournament/${bracket.tournament.id}?predict=1`,
    })
    const madrid = new Intl.DateTimeFormat('es-ES', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Madrid',
    }).format(deadline)
    expect(reminder!.body).toContain(madrid)
    // Late, an hour before: the time it closes, not a count of hours that no longer holds.
    const later = await insertBracketTournament(db, { bettingDeadline: deadline })
    await scanDeadlineReminders(db, setup.env)
    await worker.idle()
    const lateOne = payloadsTo(fan.device.id).find((payload) =>
      payload.url.startsWith(`/tournament/${later.tournament.id}`),
    )
    expect(lateOne?.title).toBe(`Se cierra a las ${madrid}: ${later.tournament.name}`)
    const delivery = service.deliveries.find((each) => each.subscriptionId === fan.device.id)!
    expect(delivery.urgency).toBe('high')
    expect(delivery.ttl).toBeLessThanOrEqual(60 * 60)
    // No mail: the fan turned mail reminders off.
    const mails = await db.execute(sql`select 1 from mail_outbox where "to" = ${fan.email}`)
    expect(rowsOf(mails)).toEqual([])
  })

  it('removes a device the push service calls gone (410), with its waiting pushes', async () => {
    const fan = await fanWithDevice()
    const phone = fan.device
    // Gone is gone: the service says so to every push for the device.
    service.answerNext(phone.id, { status: 410 }, { status: 410 })
    await queueTestPushes(db, fan.userId, 2)
    await worker.idle()
    expect(service.deliveries).toEqual([])
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, fan.userId)),
    ).toEqual([])
    expect(await db.select().from(pushOutbox)).toEqual([])
  })

  it('tries again after Retry-After on 429 and with back-off on 500, then fails for good', async () => {
    const patient = await fanWithDevice()
    const doomed = await fanWithDevice()
    service.answerNext(patient.device.id, { status: 429, retryAfter: '120' })
    service.answerNext(doomed.device.id, { status: 500 }, { status: 503 }, { status: 502 })
    await queueTestPushes(db, patient.userId, 1)
    await queueTestPushes(db, doomed.userId, 1)
    await worker.idle()

    const rowOf = async (userId: string) => {
      const [row] = await db
        .select({ push: pushOutbox, now: sql<string>`now()::text` })
        .from(pushOutbox)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
        .where(eq(pushSubscriptions.userId, userId))
      return { ...row!.push, now: new Date(row!.now) }
    }
    const waiting = await rowOf(patient.userId)
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 })
    const wait = waiting.nextAttemptAt.getTime() - waiting.now.getTime()
    expect(wait).toBeGreaterThan(110_000)
    expect(wait).toBeLessThanOrEqual(121_000)
    const backingOff = await rowOf(doomed.userId)
    expect(backingOff).toMatchObject({ state: 'pending', attempts: 1 })

    // Time passes (each row made due again); the 429'd push goes out, the other keeps failing.
    for (let round = 0; round < 3; round += 1) {
      await db.execute(sql`update push_outbox set next_attempt_at = now() where state = 'pending'`)
      await worker.idle()
    }
    expect(payloadsTo(patient.device.id)).toHaveLength(1)
    expect(await rowOf(patient.userId)).toMatchObject({ state: 'sent', attempts: 2 })
    expect(await rowOf(doomed.userId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'push service answered 502',
    })
    expect(payloadsTo(doomed.device.id)).toEqual([])
  })

  it('never sends a push whose time has passed', async () => {
    const fan = await fanWithDevice()
    await queueTestPushes(db, fan.userId, 1, { expiresInSeconds: -5 })
    await worker.idle()
    expect(service.requests()).toBe(0)
    expect(await db.select({ state: pushOutbox.state }).from(pushOutbox)).toEqual([
      { state: 'expired' },
    ])
  })
})

/** `count` league-joined pushes to every device of the fan, as their writer would leave them. */
async function queueTestPushes(
  db: Database,
  userId: string,
  count: number,
  { expiresInSeconds = 3600 }: { expiresInSeconds?: number } = {},
) {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
  for (const device of devices) {
    for (let i = 0; i < count; i += 1) {
      await db.insert(pushOutbox).values({
        subscriptionId: device.id,
        kind: 'league_joined',
        dedupeKey: `test:${i}`,
        data: { lang: 'en', leagueId: 'l', leagueName: 'Friday padel', fan: 'ana' },
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      })
    }
  }
}
