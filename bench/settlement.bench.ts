// `npm run bench -- settlement`: settling a tournament of 1M bets (PostgreSQL, fsync on), chunk
// by chunk as the background job runner does it (settleTournament with maxChunks 1: one call
// pays a chunk per lane side by side, each call timed: a chunk's transaction is as long as any
// wallet lock it takes), while users place bets on another tournament through the real server
// over HTTP. See bench/README.md.
import { sql } from 'drizzle-orm'
import { picksFromEntries, predictedMatchups } from '../src/domain/bracket/bracket'
import { wrapPostgresPool, type Database } from '../src/server/db/client'
import { settleTournament } from '../src/server/features/settlement/settle.service'
import { defaultPrizePoolConfig } from '../tests/factories'
import { completeBracket, insertBracketTournament, playOut } from '../tests/game-factories'
import { createBenchDatabase } from './lib/bench-database'
import { insertBenchTournament, type BenchTournament } from './lib/bracket-bets'
import {
  insertBulkBets,
  insertBulkUsers,
  vacuumAndCheckpoint,
  type StoredBracket,
} from './lib/bulk-data'
import type { LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
} from './lib/server-process'
import {
  checkSessionAccepted,
  insertSignedInUsers,
  signedInCookies,
  type SignedInUser,
} from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_settlement'
const BET_CONNECTIONS = 8
const BASELINE_MS = 5_000
const BRACKET_VARIANTS = 256
const SESSION_CACHE_SECONDS = 300

interface Sizes {
  bets: number
  /** Signed-in users who bet on the other tournament (one bet each). */
  bettors: number
}

const FULL: Sizes = { bets: 1_000_000, bettors: 60_000 }
const QUICK: Sizes = { bets: 50_000, bettors: 10_000 }

const TARGET_TOTAL_S = 20
const TARGET_CHUNK_MS = 1_000
const TARGET_BET_P99_MS = 100

export const benchmark: Benchmark = {
  name: 'settlement',
  description:
    'settling 1M bets in chunks (PostgreSQL) while bets on another tournament arrive over HTTP',
  run: runSettlementBenchmark,
}

async function runSettlementBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = quick ? QUICK : FULL
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  try {
    const { db } = database.handle
    let startedAt = performance.now()
    const bettors = await insertSignedInUsers(db, { count: sizes.bettors, prefix: 'sb' })
    const users = { prefix: 'sa', count: sizes.bets }
    await insertBulkUsers(database.loader, users)
    log(`${sizes.bets + sizes.bettors} users in ${seconds(startedAt)} s`)

    startedAt = performance.now()
    const settled = await insertBracketTournament(db, {
      name: 'Bench settled',
      prizePoolConfig: { ...defaultPrizePoolConfig, max_participants: sizes.bets },
    })
    const brackets = randomBrackets(settled, BRACKET_VARIANTS)
    await insertBulkBets(database.loader, {
      users,
      tournamentId: settled.tournament.id,
      fee: defaultPrizePoolConfig.entry_fee,
      brackets,
    })
    await playOut(db, settled)
    const baseline = await insertBenchTournament(db, 'Bench bets before settlement')
    const during = await insertBenchTournament(db, 'Bench bets during settlement')
    await vacuumAndCheckpoint(database.loader)
    log(`${sizes.bets} bets in ${seconds(startedAt)} s (with vacuum analyze and a checkpoint)`)

    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    // Minted when sent, as the session cache in them expires.
    const cookieOf = (user: SignedInUser) =>
      signedInCookies(names, user, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
    const server = await startBenchServer({ databaseUrl: database.url })
    try {
      await checkSessionAccepted(server.origin, cookieOf(bettors[0]!))
      log(`bets alone: ${BET_CONNECTIONS} connections for ${BASELINE_MS} ms`)
      const half = Math.floor(bettors.length / 2)
      const alone = await placeBets(
        server.origin,
        baseline,
        bettors.slice(0, half).map((user) => () => cookieOf(user)),
        (elapsedMs) => elapsedMs > BASELINE_MS,
      )

      log(`settling ${sizes.bets} bets while bets arrive`)
      let isSettled = false
      const [settlement, concurrent] = await Promise.all([
        settleInChunks(db, settled.tournament.id).finally(() => (isSettled = true)),
        placeBets(
          server.origin,
          during,
          bettors.slice(half).map((user) => () => cookieOf(user)),
          () => isSettled,
        ),
      ])
      // Counted without the app's 15 s statement timeout: it joins a ledger of millions of rows.
      const unbounded = wrapPostgresPool(database.loader).db
      const check = await checkSettlement(unbounded, settled.tournament.id, sizes.bets)
      return report(sizes, settlement, alone, concurrent, check)
    } finally {
      await server.stop()
    }
  } finally {
    await database.drop()
  }
}

interface SettlementTimes {
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
async function settleInChunks(db: Database, tournamentId: string): Promise<SettlementTimes> {
  const request = { actorId: 'bench-admin', tournamentId }
  const startedAt = performance.now()
  let result = await settleTournament(db, request, { maxChunks: 0 })
  const startMs = performance.now() - startedAt
  const chunkMs: number[] = []
  while (result.state !== 'completed') {
    const callStartedAt = performance.now()
    result = await settleTournament(db, request, { maxChunks: 1 })
    chunkMs.push(performance.now() - callStartedAt)
  }
  return { totalMs: performance.now() - startedAt, startMs, chunkMs }
}

/** Closed-loop bets on `tournament` (one per user) until `shouldStop` or the users run out. */
function placeBets(
  origin: string,
  tournament: BenchTournament,
  cookies: (() => string)[],
  shouldStop: (elapsedMs: number) => boolean,
): Promise<LoadStats> {
  const startedAt = performance.now()
  return runHttpLoad({
    origins: [origin],
    connections: BET_CONNECTIONS,
    durationMs: 10 * 60_000,
    buildRequest: (index) => {
      if (index >= cookies.length || shouldStop(performance.now() - startedAt)) return null
      return {
        method: 'POST',
        path: `/api/tournaments/${tournament.id}/bets`,
        headers: { 'content-type': 'application/json', cookie: cookies[index]!(), origin },
        body: tournament.bodies[index % tournament.bodies.length]!,
      }
    },
  })
}

/** Random valid brackets (a fixed seed: the same every run) as place_bet stores them. */
function randomBrackets(
  bracket: Parameters<typeof completeBracket>[0],
  count: number,
): StoredBracket[] {
  let seed = 0x5eed
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return Array.from({ length: count }, (_, variant) => {
    // Coin flips, as a fan without a clue would pick; variant 0 is the actual result (playOut:
    // team 1 always wins), so some bets win the top tier.
    const { picks, mvpPlayerId } = completeBracket(bracket, (match) =>
      variant === 0 || random() < 0.5 ? match.team1Id : match.team2Id,
    )
    // As the bets service stores them: the pairs the user's own picks put into each match.
    const stored = predictedMatchups(bracket.matches, picksFromEntries(picks)).map((match) => ({
      match_id: match.matchId,
      team1_id: match.team1Id ?? '',
      team2_id: match.team2Id ?? '',
      predicted_winner_id: match.winnerTeamId ?? '',
    }))
    return { picksJson: JSON.stringify(stored), mvpPlayerId }
  })
}

interface SettlementCheck {
  problems: string[]
  winners: number
}

/** Every bet settled once, the ledger agreeing with the settlement row, the pool respected. */
async function checkSettlement(
  db: Database,
  tournamentId: string,
  bets: number,
): Promise<SettlementCheck> {
  const answer = (await db.execute(sql`
    select
      (select count(*) from bets where tournament_id = ${tournamentId}::uuid
         and status = 'active')::integer as active,
      (select count(*) from wallet_transactions t join bets b on b.id = t.related_bet_id
        where b.tournament_id = ${tournamentId}::uuid
          and t.type in ('bet_won', 'bet_lost'))::integer as outcomes,
      (select coalesce(sum(t.amount), 0) from wallet_transactions t
         join bets b on b.id = t.related_bet_id
        where b.tournament_id = ${tournamentId}::uuid and t.type = 'bet_won')::bigint as paid,
      (select count(*) from bets where tournament_id = ${tournamentId}::uuid
         and status = 'won')::integer as winners,
      s.total_paid, s.prize_pool, s.state
    from tournament_settlements s where s.tournament_id = ${tournamentId}::uuid`)) as unknown as {
    rows: {
      active: number
      outcomes: number
      paid: string
      winners: number
      total_paid: number
      prize_pool: number
      state: string
    }[]
  }
  const row = answer.rows[0]
  if (!row) return { problems: ['no settlement row'], winners: 0 }
  const problems: string[] = []
  if (row.state !== 'completed') problems.push(`state ${row.state}`)
  if (row.active !== 0) problems.push(`${row.active} bets still active`)
  if (row.outcomes !== bets) problems.push(`${row.outcomes} bet_won/bet_lost rows for ${bets} bets`)
  if (Number(row.paid) !== row.total_paid) problems.push('ledger payouts ≠ total_paid')
  if (row.total_paid > row.prize_pool) problems.push('paid more than the pool')
  return { problems, winners: row.winners }
}

function report(
  sizes: Sizes,
  settlement: SettlementTimes,
  alone: LoadStats,
  concurrent: LoadStats,
  check: SettlementCheck,
): BenchOutput {
  const totalS = settlement.totalMs / 1000
  // The target is for 1M bets: a smaller run (--quick) is judged at its rate.
  const secondsPerMillion = (totalS * 1_000_000) / sizes.bets
  const chunks = [...settlement.chunkMs].sort((a, b) => a - b)
  const longestChunkMs = Math.max(...chunks)
  const placed = (stats: LoadStats) => stats.outcomes['201'] ?? 0
  const betRow = (variant: string, stats: LoadStats) => ({
    variant,
    operations: stats.operations,
    'bets/s': Math.round(placed(stats) / (stats.durationMs / 1000)),
    'p50 ms': round(stats.p50Ms),
    'p99 ms': round(stats.p99Ms),
    outcomes: JSON.stringify(stats.outcomes),
  })
  const isCorrect = check.problems.length === 0
  return {
    table: [
      {
        variant: `settle ${sizes.bets} bets`,
        'total s': round(totalS),
        'bets/s': Math.round(sizes.bets / totalS),
        'start ms': Math.round(settlement.startMs),
        chunks: chunks.length,
        'chunk p50 ms': round(chunks[Math.floor(chunks.length / 2)] ?? 0),
        'chunk max ms': round(longestChunkMs),
        winners: check.winners,
        check: isCorrect ? 'ok' : check.problems.join('; '),
      },
      betRow('bets over HTTP, alone', alone),
      betRow('bets over HTTP, during settlement', concurrent),
    ],
    results: [
      {
        name: 'settlement-total',
        value: round(totalS),
        unit: 's',
        ratio: `${Math.round(sizes.bets / totalS)} bets/s, ${sizes.bets} bets, ${round(secondsPerMillion)} s per 1M${isCorrect ? '' : `, ${check.problems.join('; ')}`}`,
        pass: secondsPerMillion <= TARGET_TOTAL_S && isCorrect,
        target: `≤ ${TARGET_TOTAL_S} s for 1M bets, every bet settled once`,
      },
      {
        name: 'settlement-longest-chunk',
        value: Math.round(longestChunkMs),
        unit: 'ms',
        ratio: `chunk p50 ${round(chunks[Math.floor(chunks.length / 2)] ?? 0)} ms; start (tier counts, no wallet lock) ${Math.round(settlement.startMs)} ms`,
        pass: longestChunkMs <= TARGET_CHUNK_MS,
        target: `wallet locks held ≤ ${TARGET_CHUNK_MS} ms per chunk`,
      },
      {
        name: 'settlement-concurrent-bets-p99',
        value: round(concurrent.p99Ms),
        unit: 'ms',
        ratio: `alone p99 ${round(alone.p99Ms)} ms, ${placed(concurrent)} bets placed over HTTP`,
        pass: concurrent.p99Ms < TARGET_BET_P99_MS && placed(concurrent) > 0,
        target: `bets on another tournament p99 < ${TARGET_BET_P99_MS} ms`,
      },
    ],
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1)
}
