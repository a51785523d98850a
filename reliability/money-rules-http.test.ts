// Money rules of issue #14 over HTTP against the built server (items 8, 9 and 21; decisions 068
// and 076): money settings beyond their bounds are refused and change nothing, no match result
// while fans still bet, no way back to upcoming once a result exists, and 100 concurrent
// daily top-up claims by one broke fan pay exactly once. Ends with the ledger auditor.
import { randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '#server/db/client'
import { walletTransactions, wallets } from '#server/db/schema'
import { MAX_MULTIPLIER } from '#domain/wallet/coin-limits'
import {
  AdminMatchSchema,
  AdminTournamentListSchema,
  AdminTournamentSchema,
  type AdminTournament,
} from '#shared/schemas/admin'
import { MeSchema, TopUpStatusSchema } from '#shared/schemas/me'
import { insertBracketTournament, playOut, type BracketTournament } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import {
  BULK_PASSWORD,
  insertBulkUsers,
  insertOpenTournament,
  type BulkUser,
} from './support/bulk-fixtures'
import { send, signIn, type HttpAnswer, type Session } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { createServerPglite, createServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import {
  RELIABILITY_ADMIN,
  startReliabilityServer,
  type ReliabilityServerOptions,
} from './support/reliability-server'

const CLAIMS = 100

const kinds: DatabaseHandle['kind'][] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** Out of bounds, each on its own (decision 068: fee ≤ 10^6, base pool ≤ 10^9, multiplier ≤ 100). */
const OUT_OF_BOUNDS: Record<string, Record<string, number>> = {
  'entry fee 2^31': { entryFee: 2 ** 31 },
  'entry fee 2^53': { entryFee: 2 ** 53 },
  'base pool 2^31': { basePool: 2 ** 31 },
  'multiplier above the cap': { multiplier: MAX_MULTIPLIER + 0.1 },
}

interface MoneyDatabase {
  server: ReliabilityServerOptions
  /** Fixtures before the server starts (PGlite: the folder is free only then). */
  prepare<T>(use: (db: Database) => Promise<T>): Promise<T>
  /** Checks once the server has stopped. */
  afterStop(use: (db: Database) => Promise<void>): Promise<void>
  remove(): Promise<void>
}

async function openMoneyDatabase(kind: DatabaseHandle['kind']): Promise<MoneyDatabase> {
  if (kind === 'postgres') {
    const database = await createServerPostgres()
    return {
      server: { databaseUrl: database.url },
      prepare: (use) => use(database.handle.db),
      afterStop: (use) => use(database.handle.db),
      remove: () => database.drop(),
    }
  }
  const folder = createServerPglite()
  const withFolder = async <T>(use: (db: Database) => Promise<T>) => {
    const handle = await folder.open()
    try {
      return await use(handle.db)
    } finally {
      await handle.close()
    }
  }
  return {
    server: { dataDir: folder.dataDir },
    prepare: withFolder,
    afterStop: withFolder,
    remove: async () => folder.remove(),
  }
}

const errorOf = (answer: HttpAnswer) =>
  (answer.body as { error: { code: string; reason?: string; details?: { reason?: string } } }).error

/** The admin form's body for a stored tournament, with some fields changed. */
function formOf(tournament: AdminTournament, overrides: Record<string, unknown> = {}) {
  return {
    name: tournament.name,
    status: tournament.status,
    bettingDeadline: tournament.bettingDeadline,
    startDate: tournament.startDate,
    endDate: tournament.endDate,
    basePool: tournament.basePool,
    entryFee: tournament.entryFee,
    multiplier: tournament.multiplier,
    ...overrides,
  }
}

describe.each(kinds)('money rules over HTTP on %s', (kind) => {
  let database: MoneyDatabase
  let server: ServerProcess
  let admin: Session
  let fan: BulkUser
  let open: BracketTournament
  let played: BracketTournament

  const origin = () => server.origin
  const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
    send(origin(), path, { ...init, cookie: admin.cookie })
  const adminTournament = async (id: string) => {
    const answer = await asAdmin(`/api/admin/tournaments/${id}`)
    expect(answer.status).toBe(200)
    return AdminTournamentSchema.parse(answer.body)
  }

  beforeAll(async () => {
    database = await openMoneyDatabase(kind)
    ;({ fan, open, played } = await database.prepare(async (db) => {
      const [fan] = await insertBulkUsers(db, { prefix: 'money', count: 1, withPassword: true })
      const open = await insertOpenTournament(db)
      const played = await insertBracketTournament(db)
      await playOut(db, played, { withMvp: false })
      return { fan: fan!, open, played }
    }))
    server = await startReliabilityServer(database.server)
    admin = await signIn(origin(), RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
  })

  afterAll(async () => {
    await server?.kill9()
    await database?.remove()
  })

  it('refuses money settings beyond their bounds with 400, creating and changing nothing', async () => {
    const listIds = async () => {
      const answer = await asAdmin('/api/admin/tournaments')
      return AdminTournamentListSchema.parse(answer.body).tournaments.map((row) => row.id)
    }
    const idsBefore = await listIds()
    const before = await adminTournament(open.tournament.id)
    const fresh = formOf(before, { name: `Bounded ${randomUUID().slice(0, 6)}` })

    for (const [what, overrides] of Object.entries(OUT_OF_BOUNDS)) {
      const created = await asAdmin('/api/admin/tournaments', {
        method: 'POST',
        json: { ...fresh, ...overrides },
      })
      expect(created.status, `create, ${what}`).toBe(400)
      expect(errorOf(created).code, what).toBe('VALIDATION_FAILED')
      const updated = await asAdmin(`/api/admin/tournaments/${open.tournament.id}`, {
        method: 'PUT',
        json: formOf(before, overrides),
      })
      expect(updated.status, `update, ${what}`).toBe(400)
      expect(errorOf(updated).code, what).toBe('VALIDATION_FAILED')
    }
    expect(await listIds()).toEqual(idsBefore)
    expect(await adminTournament(open.tournament.id)).toEqual(before)

    // The same body within the bounds is taken: the refusals above were the bounds alone.
    const atBounds = await asAdmin('/api/admin/tournaments', {
      method: 'POST',
      json: { ...fresh, entryFee: 1_000_000, basePool: 1_000_000_000, multiplier: MAX_MULTIPLIER },
    })
    expect(atBounds.status, JSON.stringify(atBounds.body)).toBe(201)
  })

  it('refuses a winner while betting is open, and a way back to upcoming once results exist', async () => {
    const first = open.matches.find((match) => match.team1Id && match.team2Id)!
    const result = await asAdmin(`/api/admin/matches/${first.id}`, {
      method: 'PUT',
      json: {
        tournamentId: open.tournament.id,
        round: first.round,
        matchNumber: first.matchNumber,
        team1Id: first.team1Id,
        team2Id: first.team2Id,
        winnerTeamId: first.team1Id,
      },
    })
    expect(result.status, JSON.stringify(result.body)).toBe(409)
    expect(errorOf(result)).toMatchObject({ code: 'CONFLICT', reason: 'BETTING_OPEN' })
    const stored = await asAdmin(`/api/admin/matches/${first.id}`)
    expect(AdminMatchSchema.parse(stored.body).winnerTeamId).toBeNull()

    const completed = await adminTournament(played.tournament.id)
    expect(completed.status).toBe('completed')
    const back = await asAdmin(`/api/admin/tournaments/${played.tournament.id}`, {
      method: 'PUT',
      json: formOf(completed, { status: 'upcoming' }),
    })
    expect(back.status, JSON.stringify(back.body)).toBe(409)
    expect(errorOf(back)).toMatchObject({ code: 'CONFLICT', reason: 'RESULTS_EXIST' })
    expect(await adminTournament(played.tournament.id)).toEqual(completed)
  })

  it(`gives one top-up to ${CLAIMS} concurrent claims of a broke fan`, async () => {
    const session = await signIn(origin(), fan.email, BULK_PASSWORD)
    const balanceOf = async () =>
      MeSchema.parse((await send(origin(), '/api/me', { cookie: session.cookie })).body).balance
    const bonus = await balanceOf()
    expect(bonus).toBeGreaterThan(0)
    const broke = await asAdmin(`/api/admin/wallets/${fan.id}/adjustments`, {
      method: 'POST',
      json: {
        type: 'withdrawal',
        amount: bonus,
        reason: 'reliability: a fan below every entry fee',
        idempotencyKey: randomUUID(),
      },
    })
    expect(broke.status, JSON.stringify(broke.body)).toBe(201)
    expect(await balanceOf()).toBe(0)
    const status = TopUpStatusSchema.parse(
      (await send(origin(), '/api/me/top-up', { cookie: session.cookie })).body,
    )
    expect(status).toMatchObject({ eligible: true, reason: null })

    // One open connection per claim first, so the claims reach the server together.
    await Promise.all(
      Array.from({ length: CLAIMS }, () =>
        send(origin(), '/api/me/top-up', { cookie: session.cookie }),
      ),
    )
    const answers = await Promise.all(
      Array.from({ length: CLAIMS }, () =>
        send(origin(), '/api/me/top-up', { method: 'POST', cookie: session.cookie }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((code) => code === 201)).toHaveLength(1)
    expect(statuses.filter((code) => code === 409)).toHaveLength(CLAIMS - 1)
    for (const answer of answers.filter((each) => each.status === 409)) {
      expect(errorOf(answer).code).toBe('TOP_UP_UNAVAILABLE')
    }
    expect(await balanceOf()).toBe(status.amount)
  })

  it('leaves one top-up row in the ledger and the ledger auditor green', async () => {
    const { code } = await server.terminate()
    expect(code, server.output()).toBe(0)
    await database.afterStop(async (db) => {
      const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, fan.id))
      const topUps = await db
        .select()
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.walletId, wallet!.id),
            like(walletTransactions.idempotencyKey, 'daily-top-up:%'),
          ),
        )
      expect(topUps).toHaveLength(1)
      expect(wallet!.balance).toBe(topUps[0]!.amount)
      await expectLedgerAudit(db)
    })
  })
})
