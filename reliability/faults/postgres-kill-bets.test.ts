// kill -9 of the server at random moments while 200 signed-in users bet at once (issue #6 item 4).
// After each restart: every bet the server acknowledged (201) is in the database, and no bet is
// without its ledger row nor a ledger row without its bet (the auditor).
import { randomInt } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bets } from '#server/db/schema'
import { betBody } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { BULK_PASSWORD, insertBulkUsers, insertOpenTournament } from '../support/bulk-fixtures'
import { send, signInAll, type Session } from '#tests/http-client'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import type { ServerProcess } from '#tests/server-process'
import { size } from '../support/sizes'

const CONCURRENT_BETS = 200
const TRIALS = size(3, 30)

describe.runIf(TEST_DATABASE_URL)('kill -9 during concurrent bets on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(
    `keeps every acknowledged bet and no half bet over ${TRIALS} kills`,
    async () => {
      const { db } = suite.database.handle
      const users = await insertBulkUsers(db, {
        prefix: 'bettor',
        count: CONCURRENT_BETS,
        withPassword: true,
      })
      let server = await suite.startServer()
      const sessions = await signInAll(
        server.origin,
        users.map((row) => row.email),
        BULK_PASSWORD,
      )
      const figures = { acknowledged: 0, committedUnacknowledged: 0, cut: 0, unavailable: 0 }

      for (let trial = 0; trial < TRIALS; trial++) {
        const bracket = await insertOpenTournament(db)
        const outcome = await betUntilKilled(
          server,
          sessions,
          bracket.tournament.id,
          betBody(bracket),
        )
        expect(
          outcome.unexpected,
          `trial ${trial}: answers other than 201, 503 or a cut connection`,
        ).toEqual([])

        const stored = await db
          .select({ id: bets.id })
          .from(bets)
          .where(inArray(bets.tournamentId, [bracket.tournament.id]))
        const storedIds = new Set(stored.map((row) => row.id))
        const lost = outcome.acknowledgedIds.filter((id) => !storedIds.has(id))
        expect(lost, `trial ${trial}: acknowledged bets missing after the kill`).toEqual([])
        await expectLedgerAudit(db)

        figures.acknowledged += outcome.acknowledgedIds.length
        figures.committedUnacknowledged += stored.length - outcome.acknowledgedIds.length
        figures.cut += outcome.cut
        figures.unavailable += outcome.unavailable
        server = await suite.startServer()
      }
      console.info(`[faults] kill -9 during bets: ${TRIALS} trials`, figures)
      await server.terminate()
      await expectLedgerAudit(db)
    },
    120_000 + TRIALS * 30_000,
  )
})

interface BetRoundOutcome {
  acknowledgedIds: string[]
  /** Requests whose connection the kill cut. */
  cut: number
  /** 503 + Retry-After answers. */
  unavailable: number
  unexpected: string[]
}

/** Sends every user's bet at once and kills the server after a random number of answers. */
async function betUntilKilled(
  server: ServerProcess,
  sessions: readonly Session[],
  tournamentId: string,
  body: unknown,
): Promise<BetRoundOutcome> {
  // 0: a few milliseconds after the requests left, before any answer; else after the k-th answer.
  const killAfterAnswers = randomInt(0, sessions.length - 10)
  if (killAfterAnswers === 0) setTimeout(() => void server.kill9(), randomInt(0, 30))
  const outcome: BetRoundOutcome = { acknowledgedIds: [], cut: 0, unavailable: 0, unexpected: [] }
  let answers = 0
  await Promise.all(
    sessions.map(async (session) => {
      const answer = await send(server.origin, `/api/tournaments/${tournamentId}/bets`, {
        method: 'POST',
        json: body,
        cookie: session.cookie,
      })
      if (answer.status === 201) {
        outcome.acknowledgedIds.push((answer.body as { bet: { id: string } }).bet.id)
      } else if (answer.status === 0) {
        outcome.cut += 1
      } else if (answer.status === 503 && answer.headers.has('Retry-After')) {
        // No free pooled connection within 5 s (a very busy machine): refused, never half-done.
        outcome.unavailable += 1
      } else {
        outcome.unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`)
      }
      answers += 1
      if (answers === killAfterAnswers) void server.kill9()
    }),
  )
  await server.kill9()
  return outcome
}
