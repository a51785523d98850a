// The embedded database under kill -9 (issue #6 item 4): the server is killed at random moments
// while users bet, and each restart must take over the lock the dead process left, recover the
// data folder and keep every bet it acknowledged, with the ledger whole. A second server on the
// same folder is refused while the first runs.
import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bets } from '#server/db/schema'
import { betBody, type BracketTournament } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { BULK_PASSWORD, insertBulkUsers, insertOpenTournament } from '../support/bulk-fixtures'
import { send, signInAll } from '#tests/http-client'
import { createServerPglite, type ServerPglite } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { spawnReliabilityServer, startReliabilityServer } from '../support/reliability-server'
import { size } from '../support/sizes'

const WRITERS = 50
const TRIALS = size(2, 20)
const REFUSAL_LIMIT_MS = 30_000

describe('kill -9 during writes on PGlite', () => {
  let folder: ServerPglite
  let server: ServerProcess | undefined

  beforeAll(() => {
    folder = createServerPglite()
  })
  afterAll(async () => {
    await server?.kill9()
    folder?.remove()
  })

  it(
    `restarts clean after ${TRIALS} kills and refuses a second server`,
    async () => {
      const setup = await folder.open()
      const users = await insertBulkUsers(setup.db, {
        prefix: 'writer',
        count: WRITERS,
        withPassword: true,
      })
      // The server holds the folder while it runs, so every trial's tournament exists beforehand.
      const brackets: BracketTournament[] = []
      for (let trial = 0; trial < TRIALS; trial++)
        brackets.push(await insertOpenTournament(setup.db))
      await setup.close()

      server = await startReliabilityServer({ dataDir: folder.dataDir })
      await expectSecondServerRefused(folder.dataDir, server)
      const sessions = await signInAll(
        server.origin,
        users.map((row) => row.email),
        BULK_PASSWORD,
      )
      const acknowledged: string[] = []
      const restartMs: number[] = []

      for (const bracket of brackets) {
        const killed = server
        const killAfterAnswers = randomInt(0, WRITERS - 5)
        if (killAfterAnswers === 0) setTimeout(() => void killed.kill9(), randomInt(0, 30))
        let answers = 0
        const statuses = await Promise.all(
          sessions.map(async (session) => {
            const answer = await send(
              killed.origin,
              `/api/tournaments/${bracket.tournament.id}/bets`,
              {
                method: 'POST',
                json: betBody(bracket),
                cookie: session.cookie,
              },
            )
            if (answer.status === 201)
              acknowledged.push((answer.body as { bet: { id: string } }).bet.id)
            if (++answers === killAfterAnswers) void killed.kill9()
            return answer.status
          }),
        )
        await killed.kill9()
        expect(statuses.filter((status) => status !== 201 && status !== 0)).toEqual([])
        // The dead process's lock is still there: the restart has to take it over.
        expect(readLockOwner(folder.dataDir)).toBe(killed.pid)

        const startedAt = performance.now()
        server = await startReliabilityServer({ dataDir: folder.dataDir })
        restartMs.push(Math.round(performance.now() - startedAt))
      }
      const { code } = await server.terminate()
      expect(code, server.output()).toBe(0)

      const check = await folder.open()
      try {
        const stored = await check.db
          .select({ id: bets.id })
          .from(bets)
          .where(inArray(bets.id, acknowledged))
        expect(stored.length, 'acknowledged bets kept').toBe(acknowledged.length)
        await expectLedgerAudit(check.db)
      } finally {
        await check.close()
      }
      console.info(`[faults] PGlite kill -9 during writes: ${TRIALS} trials`, {
        acknowledged: acknowledged.length,
        restartMs,
      })
    },
    120_000 + TRIALS * 60_000,
  )
})

function readLockOwner(dataDir: string): number {
  return (JSON.parse(readFileSync(join(dataDir, 'server.lock'), 'utf8')) as { pid: number }).pid
}

/** A second server on the folder exits with the lock error; the first goes on serving. */
async function expectSecondServerRefused(dataDir: string, first: ServerProcess): Promise<void> {
  const second = await spawnReliabilityServer({ dataDir })
  const code = await Promise.race([
    second.exited,
    new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), REFUSAL_LIMIT_MS),
    ),
  ])
  await second.kill9()
  expect(code, second.output()).toBe(1)
  expect(second.output()).toContain('Another Golden Point server is already using the data folder')
  expect((await send(first.origin, '/api/ready')).status).toBe(200)
}
