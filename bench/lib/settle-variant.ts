// Settling a tournament as the job runner does (settlement.bench.ts, curves.bench.ts, guard.ts):
// this commit's settleTournament or an older checkout's (an A/B in one run), chunk by chunk with
// each call timed; and a tournament of N bets to settle, loaded in bulk and played out.
import { existsSync } from 'node:fs'
import pg from 'pg'
import { wrapPostgresPool, type DatabaseHandle } from '#server/db/client'
import { timedChunkSizing } from '#server/features/settlement/chunk-sizing'
import { settleTournament } from '#server/features/settlement/settle.service'
import { defaultPrizePoolConfig } from '#tests/factories'
import { insertBracketTournament, playOut } from '#tests/game-factories'
import type { BenchDatabase } from './bench-database'
import { insertBulkBets } from './bulk-data'
import { randomBrackets } from './random-brackets'

const BRACKET_VARIANTS = 256

export type Settle = typeof settleTournament

export interface Variant {
  name: 'baseline' | 'this'
  /** This variant's pool: its backends are the ones whose CPU is counted. */
  handle: DatabaseHandle
  applicationName: string
  settle: Settle
  /** The bets' ledger rows the variant writes: bet_won + bet_lost (baseline) or bet_won only. */
  writesLosses: boolean
}

/** A pool of the variant's own, named so its backends can be found in pg_stat_activity. */
export async function variantOf(
  name: Variant['name'],
  url: string,
  baselineDir?: string,
): Promise<Variant> {
  const applicationName = `bench-settle-${name}`
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    statement_timeout: 15_000,
    application_name: applicationName,
    idleTimeoutMillis: 0,
  })
  if (name === 'this') {
    return {
      name,
      handle: wrapPostgresPool(pool),
      applicationName,
      settle: settleTournament,
      writesLosses: false,
    }
  }
  // The baseline's own modules (its own drizzle and schema): only the database is shared.
  const client = (await import(`${baselineDir}/src/server/db/client.ts`)) as {
    wrapPostgresPool: typeof wrapPostgresPool
  }
  // Since issue #15 the service is settle.service.ts and a loss writes no ledger row.
  const isBefore15 = !existsSync(`${baselineDir}/src/server/features/settlement/settle.service.ts`)
  const service = (await import(
    `${baselineDir}/src/server/features/settlement/${isBefore15 ? 'settlement' : 'settle'}.service.ts`
  )) as { settleTournament: Settle }
  return {
    name,
    handle: client.wrapPostgresPool(pool),
    applicationName,
    settle: service.settleTournament,
    writesLosses: isBefore15,
  }
}

export interface SettlementTimes {
  totalMs: number
  /**
   * The start: checks, tier counts and the settlement row, in a transaction that locks the
   * tournament row and no wallet.
   */
  startMs: number
  /** Each chunk's call: its transaction holds the winners' wallet locks. */
  chunkMs: number[]
}

/**
 * As the job runner does it, one settleTournament call per chunk until completed; the start
 * (maxChunks 0) timed on its own, since it takes no wallet lock.
 */
export async function settleInChunks(
  variant: Variant,
  tournamentId: string,
): Promise<SettlementTimes> {
  const { db } = variant.handle
  const request = { actorId: 'bench-admin', tournamentId }
  // One sizing for the whole run, as the job runner keeps it (the baseline's code ignores it).
  const sizing = timedChunkSizing()
  const startedAt = performance.now()
  let result = await variant.settle(db, request, { maxChunks: 0, sizing })
  const startMs = performance.now() - startedAt
  const chunkMs: number[] = []
  while (result.state !== 'completed') {
    const callStartedAt = performance.now()
    result = await variant.settle(db, request, { maxChunks: 1, sizing })
    chunkMs.push(performance.now() - callStartedAt)
  }
  return { totalMs: performance.now() - startedAt, startMs, chunkMs }
}

/**
 * A finished tournament of one bet per user of `users` (bulk users already inserted), played out
 * so it can be settled. A fixed seed: every call gets the same brackets, winners and pool.
 */
export async function insertPlayedTournament(
  database: BenchDatabase,
  users: { prefix: string; count: number },
  name: string,
): Promise<string> {
  const { db } = database.handle
  const settled = await insertBracketTournament(db, {
    name,
    prizePoolConfig: { ...defaultPrizePoolConfig, max_participants: users.count },
  })
  await insertBulkBets(database.loader, {
    users,
    tournamentId: settled.tournament.id,
    fee: defaultPrizePoolConfig.entry_fee,
    brackets: randomBrackets(settled, BRACKET_VARIANTS),
  })
  await playOut(db, settled)
  return settled.tournament.id
}
