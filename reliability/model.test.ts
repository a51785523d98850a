// Item 2 of the reliability issue: random command lists (sign-up, tournament, bet, results,
// settle — also interrupted and resumed —, cancel, wallet adjustment, and the second chance:
// round of 16 played, opened, entered, its deadline passing; league pots: joining and leaving the
// run's league, stakes, joins, payouts and refunds) run through the real services and
// admin routes and through an in-memory model of the rules of both contests; after every command both must agree and
// the ledger auditor must find nothing in the whole database. Each run has a fresh database of
// its own (with one shared database the auditor's full reads grew with every run: the full
// 1,000 runs would have taken hours).
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '#tests/factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import {
  createTestDatabaseSource,
  testDatabaseKinds,
  type TestDatabaseSource,
} from '#tests/test-database'
import type { RealSystem } from './model/command-support'
import { emptyModel, type Model } from './model/model-state'
import { MAX_COMMANDS, MODEL_RUNS, modelRunArbitrary, modelRunParameters } from './model/model-run'
import { isFull, size } from './support/sizes'

// 1,000 full-length runs take longer than the config's 10 minutes (docs/reliability.md).
const RUN_TIMEOUT_MS = size(600_000, 4 * 60 * 60 * 1000)

// Standard sizes run on PGlite only (CI time); --full runs both engines.
const kinds = isFull ? testDatabaseKinds : testDatabaseKinds.filter((kind) => kind === 'pglite')

describe.each(kinds)('the money rules against their model on %s', (kind) => {
  let databases: TestDatabaseSource | undefined
  beforeAll(async () => {
    databases = await createTestDatabaseSource(kind)
  })
  afterAll(async () => {
    await databases?.close()
  })

  it(
    `agree over ${MODEL_RUNS} runs of up to ${MAX_COMMANDS} commands`,
    async () => {
      const seen = emptyCoverage()
      const started = performance.now()
      await fc.assert(
        fc.asyncProperty(modelRunArbitrary(), async ([prologue, commands]) => {
          // A fresh database per run: the auditor after every command reads this run's rows
          // only, so a run costs the same at the thousandth as at the first.
          const handle = await databases!.next()
          try {
            const admin = await insertUser(handle.db, { role: 'admin' })
            const model = emptyModel()
            const real: RealSystem = {
              handle,
              db: handle.db,
              adminId: admin.id,
              runKey: randomUUID(),
              steps: 0,
              adminRoutes: null,
            }
            await fc.asyncModelRun(async () => {
              for (const command of prologue) await command.run(model, real)
              return { model, real }
            }, commands)
            await expectLedgerAudit(handle.db)
            countCoverage(seen, model, real.steps)
          } finally {
            await handle.close()
          }
        }),
        modelRunParameters(),
      )
      const seconds = (performance.now() - started) / 1000
      // What the runs went through, so the docs can say the interesting paths were exercised.
      console.info(
        `model on ${kind}: ${MODEL_RUNS} runs, ${seen.commands} commands each compared and audited, ` +
          `${seen.bets} bets placed, ${seen.settled} settlements completed, ${seen.won} bets won, ` +
          `${seen.cancelled} tournaments cancelled; second chance: ${seen.scOpened} opened, ` +
          `${seen.scBets} entries, ${seen.scSettled} settled, ${seen.scWon} entries won; ` +
          `league pots: ${seen.potEntries} entries, ${seen.potsPaid} paid, ` +
          `${seen.potsRefunded} given back; ` +
          `${seconds.toFixed(1)} s`,
      )
    },
    RUN_TIMEOUT_MS,
  )
})

function emptyCoverage() {
  return {
    commands: 0,
    bets: 0,
    settled: 0,
    won: 0,
    cancelled: 0,
    scOpened: 0,
    scBets: 0,
    scSettled: 0,
    scWon: 0,
    potsPaid: 0,
    potsRefunded: 0,
    potEntries: 0,
  }
}

function countCoverage(seen: ReturnType<typeof emptyCoverage>, model: Model, steps: number) {
  seen.commands += steps
  for (const pot of model.pots) {
    if (pot.state === 'paid') seen.potsPaid += 1
    if (pot.state === 'refunded') seen.potsRefunded += 1
    seen.potEntries += pot.entries.length
  }
  for (const tournament of model.tournaments) {
    if (tournament.settlement?.state === 'completed') seen.settled += 1
    if (tournament.status === 'cancelled') seen.cancelled += 1
    seen.bets += tournament.bets.length
    seen.won += tournament.bets.filter((bet) => bet.status === 'won').length
    const secondChance = tournament.secondChance
    if (!secondChance) continue
    seen.scOpened += 1
    if (secondChance.settlement?.state === 'completed') seen.scSettled += 1
    seen.scBets += secondChance.bets.length
    seen.scWon += secondChance.bets.filter((bet) => bet.status === 'won').length
  }
}

describe('a failing model run', () => {
  it('replays the same command list from its printed seed and path', async () => {
    // A property that fails on the first run of 8+ commands stands in for a divergence.
    const listsOf = (parameters: fc.Parameters<unknown>) => {
      const seen: string[] = []
      const details = fc.check(
        fc.property(modelRunArbitrary(), ([prologue, commands]) => {
          const list = [...prologue, ...commands].map(String)
          seen.push(list.join(', '))
          return list.length < 8
        }),
        parameters,
      )
      return { details, seen }
    }
    const first = listsOf({ ...modelRunParameters(50), seed: 20_261_121 })
    expect(first.details.failed).toBe(true)
    const failing = first.seen.at(-1)!

    const replay = listsOf({
      numRuns: 1,
      endOnFailure: true,
      seed: first.details.seed,
      path: first.details.counterexamplePath!,
    })
    expect(replay.details.failed).toBe(true)
    expect(replay.seen).toEqual([failing])
  })
})
