// kill -9 while a result's pushes are being written and sent (docs/decisions/131). A result in a
// tournament with thousands of entrants, each with a device at a push service of our own: the
// server is killed at a random moment of the fan-out and the sending; the restarted server
// finishes. The outbox then holds exactly one push per device (the fan-out's batches commit with
// their cursor, and the device and message key is unique), every device received it, and copies
// went out only for pushes sent in the batch the kill interrupted, before its outcomes were
// recorded: at least once, each copy with its row's id, which the service worker shows once
// (decision 131).
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { PUSH_FANOUT_BATCH } from '#server/features/push/push-fanout'
import { DEFAULT_PUSH_TIMING } from '#server/features/push/push-worker'
import { send, signIn, waitUntil } from '#tests/http-client'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { startLocalPushService, type TestSubscription } from '#tests/push-endpoint'
import { insertBulkUsers, insertOpenTournament, placeBulkBets } from '../support/bulk-fixtures'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { RELIABILITY_ADMIN } from '../support/reliability-server'
import { size } from '../support/sizes'

// More than one fan-out batch, so a kill can fall between two of them. The standard size walks
// smaller batches than production's (PUSH_FANOUT_BATCH) to cross a batch boundary with fewer
// devices; the full size keeps production's batch.
const FANOUT_BATCH = size(1_000, PUSH_FANOUT_BATCH)
const FANS = size(FANOUT_BATCH + 1_000, FANOUT_BATCH * 4 + 1_000)
const TRIALS = size(2, 6)
const DELIVERY_TIMEOUT_MS = 180_000
const PUSH_ENV = {
  PUSH_ENABLED: 'true',
  PUSH_OUTBOX_POLL_MS: '200',
  PUSH_FANOUT_BATCH: String(FANOUT_BATCH),
  // The claims of the batch the kill cut take this long to be taken over after the restart.
  PUSH_OUTBOX_LEASE_SECONDS: '10',
}

describe.runIf(TEST_DATABASE_URL)('kill -9 during a result fan-out on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(
    `writes and sends each device's push once over ${TRIALS} kills`,
    async () => {
      const { db } = suite.database.handle
      const users = await insertBulkUsers(db, { prefix: 'pushed', count: FANS })
      let server = await suite.startServer(PUSH_ENV)
      const { body } = await send(server.origin, '/api/push/public-key')
      const publicKey = (body as { publicKey: string }).publicKey
      const service = await startLocalPushService({ vapidPublicKey: () => publicKey })
      const devices = users.map(() => service.newSubscription())
      await insertDevices(db, users, devices)
      const killedAt: Array<{ outbox: number; delivered: number }> = []
      const copiesAtKill: number[] = []

      try {
        for (let trial = 0; trial < TRIALS; trial++) {
          const bracket = await insertOpenTournament(db)
          expect(await placeBulkBets(db, bracket, users)).toBe(FANS)
          await db.execute(sql`update tournaments set betting_deadline = now() - interval '1 minute'
                               where id = ${bracket.tournament.id}::uuid`)
          const match = bracket.matches.find((candidate) => candidate.round === 'round16')!
          const deliveredBefore = service.deliveries.length
          const admin = await signIn(
            server.origin,
            RELIABILITY_ADMIN.email,
            RELIABILITY_ADMIN.password,
          )
          const entered = await send(server.origin, `/api/admin/matches/${match.id}`, {
            method: 'PUT',
            cookie: admin.cookie,
            json: {
              tournamentId: bracket.tournament.id,
              round: match.round,
              matchNumber: match.matchNumber,
              team1Id: match.team1Id,
              team2Id: match.team2Id,
              winnerTeamId: match.team1Id,
            },
          })
          expect(entered.status).toBe(200)

          // The first trial is killed as soon as the fan-out has written its first batch; the
          // others anywhere from there to the last deliveries.
          const target = trial === 0 ? 0 : randomInt(0, FANS)
          await waitUntil(
            async () =>
              (await outboxRows(db, match.id)) > 0 &&
              service.deliveries.length - deliveredBefore >= target,
            {
              timeoutMs: DELIVERY_TIMEOUT_MS,
              intervalMs: 5,
              what: `trial ${trial}: the fan-out under way, ${target} pushes delivered`,
            },
          )
          await server.kill9()
          killedAt.push({
            outbox: await outboxRows(db, match.id),
            delivered: service.deliveries.length - deliveredBefore,
          })

          server = await suite.startServer(PUSH_ENV)
          const key = `match_result:${match.id}:${match.team1Id}`
          await waitUntil(
            async () =>
              (await pendingRows(db, key)) === 0 && (await outboxRows(db, match.id)) === FANS,
            {
              timeoutMs: DELIVERY_TIMEOUT_MS,
              what: `trial ${trial}: every push written and sent after the restart`,
            },
          )
          expect(await outboxRows(db, match.id)).toBe(FANS)
          const received = service.deliveries.slice(deliveredBefore)
          const idsPerDevice = new Map<string, Set<string>>()
          for (const delivery of received) {
            const ids = idsPerDevice.get(delivery.subscriptionId) ?? new Set<string>()
            ids.add((delivery.payload as { id: string }).id)
            idsPerDevice.set(delivery.subscriptionId, ids)
          }
          expect(idsPerDevice.size).toBe(FANS)
          // A copy is the same message: the same outbox row's id, shown once by the device.
          expect([...idsPerDevice.values()].every((ids) => ids.size === 1)).toBe(true)
          const copies = received.length - FANS
          copiesAtKill.push(copies)
          // Outcomes are recorded per claimed batch: only the interrupted batch can go twice.
          expect(copies).toBeLessThanOrEqual(DEFAULT_PUSH_TIMING.batchSize)
          expect(service.problems).toEqual([])
          await expectLedgerAudit(db)
        }
        console.info(`[faults] kill -9 during push fan-out of ${FANS}: at the kill`, killedAt)
        console.info(`[faults] kill -9 during push fan-out: copies sent again`, copiesAtKill)
      } finally {
        await service.close()
        await server.terminate()
      }
    },
    TRIALS * 240_000,
  )
})

async function insertDevices(
  db: Database,
  users: ReadonlyArray<{ id: string }>,
  devices: readonly TestSubscription[],
): Promise<void> {
  const rows = users.map((fan, index) => ({
    user_id: fan.id,
    endpoint: devices[index]!.endpoint,
    p256dh: devices[index]!.keys.p256dh,
    auth: devices[index]!.keys.auth,
  }))
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select r.user_id, r.endpoint, r.p256dh, r.auth
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(user_id text, endpoint text, p256dh text, auth text)`)
}

/** The result's pushes in the outbox, whatever their state. */
async function outboxRows(db: Database, matchId: string): Promise<number> {
  const answer = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::integer as n from push_outbox
    where kind = 'match_result' and dedupe_key like ${`match_result:${matchId}:%`}`),
  )
  return answer[0]!.n
}

async function pendingRows(db: Database, dedupeKey: string): Promise<number> {
  const answer = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::integer as n from push_outbox
    where dedupe_key = ${dedupeKey} and state = 'pending'`),
  )
  return answer[0]!.n
}
