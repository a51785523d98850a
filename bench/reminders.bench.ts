// `npm run bench -- reminders`: the deadline reminder scan (decision 101) at 1M confirmed fans and
// 10 open tournaments in their 24 h window, on PostgreSQL, called as the server's scanner calls
// it (the app's own pool, with its statement timeout). Each window has had its full pass already
// (reminder_sweeps) and every fan signed up long ago, except NEW_PER_TOURNAMENT fans confirmed
// since (reminder_candidates); of those, a share has turned reminders off, is banned or not
// confirmed. Measured: the scan that finds them (it must write exactly the due ones), a scan with
// nothing due, then the burst when a new window opens: its full pass over every fan, `burst` of
// them due. With BENCH_BASELINE_REMINDERS=<a checkout of an older commit (its node_modules
// included)> the burst runs by turns with that commit's scan and with this one on the same data,
// each from the same state, for an A/B in one run. The data: lib/reminder-world.ts, its fans
// loaded set-based (lib/bulk-fans.ts). See bench/README.md.
import type { createPostgresPool } from '#server/db/client'
import { wrapPostgresPool, type Database } from '#server/db/client'
import { deadlineReminders, mailOutbox } from '#server/db/schema'
import { scanDeadlineReminders } from '#server/features/reminders/reminder-scan'
import { createBenchDatabase } from './lib/bench-database'
import { BENCH_AUTH_SECRET } from './lib/bench-server'
import { DUE_PER_TOURNAMENT, seedReminderWorld, TOURNAMENTS } from './lib/reminder-world'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const TARGET_SECONDS = 10
const TARGET_BURST_RATE = 2_000
const env = { PUBLIC_URL: 'https://golden-point.example', BETTER_AUTH_SECRET: BENCH_AUTH_SECRET }

interface Sizes {
  fans: number
  burst: number
}

// BENCH_REMINDER_FANS overrides the fan count (e.g. 100000 on a busy machine).
const FULL: Sizes = { fans: Number(process.env.BENCH_REMINDER_FANS ?? 1_000_000), burst: 20_000 }
const QUICK: Sizes = { fans: 20_000, burst: 2_000 }
// The benchmarks' configuration, not the app's: read here, never by src/.
const BASELINE_DIR = process.env.BENCH_BASELINE_REMINDERS
/** Bursts per variant with a baseline (in the order baseline, this, this, baseline, …). */
const ROUNDS = Number(process.env.BENCH_REMINDER_ROUNDS ?? 2)
// BENCH_REMINDERS_DATABASE: another name, so two sessions on one server do not share it.
const DATABASE_NAME = process.env.BENCH_REMINDERS_DATABASE ?? 'gp_bench_reminders'

type Scan = typeof scanDeadlineReminders

interface Burst {
  variant: 'baseline' | 'this'
  written: number
  seconds: number
  memory: MemoryFigures
}

/** MiB of the heap and the process at the burst's start, its peak (sampled) and its end. */
interface MemoryFigures {
  heapStart: number
  heapPeak: number
  heapEnd: number
  rssStart: number
  rssEnd: number
}

export const benchmark: Benchmark = {
  name: 'reminders',
  description: 'deadline reminder scan: 1M fans, 10 open tournaments, only the due fans mailed',
  run: runRemindersBenchmark,
}

async function runRemindersBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = quick ? QUICK : FULL
  const database = await createBenchDatabase(DATABASE_NAME)
  try {
    const loader = wrapPostgresPool(database.loader).db
    const { db } = database.handle
    let startedAt = performance.now()
    const { deadline, burstTournament, remindedUpTo } = await seedReminderWorld(
      database.loader,
      sizes.fans,
    )
    log(`${sizes.fans} fans, ${TOURNAMENTS} tournaments loaded in ${seconds(startedAt)} s`)

    startedAt = performance.now()
    // On a loaded machine a statement of this scan can outlast the app's statement timeout: the
    // scan is then a FAIL, done again without the timeout so the bursts start from its state.
    const written = await scanDeadlineReminders(db, env).catch(async (error: unknown) => {
      log(`scan with due fans failed (${String(error).slice(0, 120)}); again without a timeout`)
      await scanDeadlineReminders(loader, env)
      return Number.NaN
    })
    const dueScan = Number(seconds(startedAt))
    const outbox = await db.$count(mailOutbox)
    const expected = DUE_PER_TOURNAMENT * TOURNAMENTS
    log(`scan with ${expected} due: ${dueScan} s, ${written} written (${outbox} in the outbox)`)

    startedAt = performance.now()
    const again = await scanDeadlineReminders(db, env)
    const idleScan = Number(seconds(startedAt))
    log(`scan with nothing due: ${idleScan} s, ${again} written`)

    // The burst: a window opens for `burst` fans who have had no reminder yet.
    await database.loader.query(`update tournaments set betting_deadline = $2 where id = $1`, [
      burstTournament,
      deadline,
    ])
    await database.loader.query(
      `insert into deadline_reminders (tournament_id, window_hours, user_id)
       select $1, 24, 'rf' || g from generate_series(1, $2::integer) g`,
      [burstTournament, remindedUpTo - sizes.burst],
    )
    const baseline = BASELINE_DIR ? await baselineScan(BASELINE_DIR, database.url) : null
    const order: Burst['variant'][] = baseline
      ? Array.from({ length: ROUNDS }, (_, round) =>
          round % 2 === 0 ? (['baseline', 'this'] as const) : (['this', 'baseline'] as const),
        ).flat()
      : ['this']
    const bursts: Burst[] = []
    try {
      for (const variant of order) {
        // Each burst starts from the same state: the window not yet swept, its reminders and the
        // mails of the bursts before it gone, the tables vacuumed.
        await database.loader.query(
          `delete from deadline_reminders
           where tournament_id = $1 and substr(user_id, 3)::integer > $2`,
          [burstTournament, remindedUpTo - sizes.burst],
        )
        await database.loader.query(`delete from reminder_sweeps where tournament_id = $1`, [
          burstTournament,
        ])
        await database.loader.query('truncate mail_outbox')
        await database.loader.query(
          'vacuum analyze deadline_reminders, reminder_sweeps, mail_outbox',
        )
        const run = variant === 'this' ? { scan: scanDeadlineReminders, db } : baseline!
        const burst = await measureBurst(variant, () => run.scan(run.db, env))
        bursts.push(burst)
        log(
          `burst (${variant}): ${burst.written} reminders in ${burst.seconds} s, ` +
            `${Math.round(burst.written / burst.seconds)} mails/s, ${memoryLine(burst.memory)}`,
        )
      }
    } finally {
      await baseline?.close()
    }
    const reminders = await db.$count(deadlineReminders)
    log(`${reminders} reminder rows in all`)
    const ours = bursts.filter((burst) => burst.variant === 'this')
    const theirs = bursts.filter((burst) => burst.variant === 'baseline')
    const burst = ours[0]!.written
    const burstSeconds = Number(median(ours.map((run) => run.seconds)).toFixed(2))
    const burstRate = Math.round(burst / burstSeconds)
    const baselineRate =
      theirs.length > 0
        ? Math.round(theirs[0]!.written / median(theirs.map((run) => run.seconds)))
        : null
    const dueBursts = sizes.burst + DUE_PER_TOURNAMENT
    const worstMemory = ours.reduce((worst, run) =>
      run.memory.heapEnd - run.memory.heapStart > worst.memory.heapEnd - worst.memory.heapStart
        ? run
        : worst,
    ).memory

    const exact = written === expected && outbox === expected && again === 0
    return {
      table: [
        {
          scan: `${expected} due of ${sizes.fans} fans × ${TOURNAMENTS}`,
          seconds: dueScan,
          written,
        },
        { scan: 'nothing due', seconds: idleScan, written: again },
        ...bursts.map((run) => ({
          scan: `burst: one window opens (${run.variant})`,
          seconds: run.seconds,
          written: run.written,
        })),
      ],
      results: [
        {
          name: 'reminders-scan',
          value: dueScan,
          unit: 's',
          ratio: `${written} written, ${expected} due${exact ? '' : ' (MISMATCH)'}`,
          pass: dueScan <= TARGET_SECONDS && exact,
          target: `≤ ${TARGET_SECONDS} s at ${sizes.fans} fans and ${TOURNAMENTS} open tournaments, only the due fans mailed`,
        },
        {
          name: 'reminders-scan-idle',
          value: idleScan,
          unit: 's',
          pass: idleScan <= TARGET_SECONDS && again === 0,
          target: `≤ ${TARGET_SECONDS} s, nothing written`,
        },
        {
          name: 'reminders-burst',
          value: burstRate,
          unit: 'mails/s',
          ratio: [
            `${burst} in ${burstSeconds} s`,
            baselineRate === null
              ? 'no baseline (BENCH_BASELINE_REMINDERS unset)'
              : `${(burstRate / baselineRate).toFixed(2)}× the baseline's ${baselineRate} mails/s`,
            memoryLine(worstMemory),
          ].join('; '),
          pass:
            bursts.every((run) => run.written === dueBursts) &&
            burstRate >= TARGET_BURST_RATE &&
            burstSeconds <= TARGET_SECONDS,
          target: `≥ ${TARGET_BURST_RATE} mails/s into the outbox and a new window's full pass over ${sizes.fans} fans ≤ ${TARGET_SECONDS} s, each due fan mailed once, memory flat`,
        },
      ],
    }
  } finally {
    await database.drop()
  }
}

/** The scan of an older commit, with its own modules and a pool of its own on the same database. */
async function baselineScan(
  dir: string,
  url: string,
): Promise<{ scan: Scan; db: Database; close: () => Promise<void> }> {
  const client = (await import(`${dir}/src/server/db/client.ts`)) as {
    createPostgresPool: typeof createPostgresPool
    wrapPostgresPool: typeof wrapPostgresPool
  }
  const module = (await import(`${dir}/src/server/features/reminders/reminder-scan.ts`)) as {
    scanDeadlineReminders: Scan
  }
  const handle = client.wrapPostgresPool(client.createPostgresPool(url, 8))
  return { scan: module.scanDeadlineReminders, db: handle.db, close: () => handle.close() }
}

const MIB = 1024 * 1024

async function measureBurst(
  variant: Burst['variant'],
  scan: () => Promise<number>,
): Promise<Burst> {
  const start = process.memoryUsage()
  let heapPeak = start.heapUsed
  // The heap every 50 ms: a burst that held all its mails at once would show here, not at its end.
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }, 50)
  const startedAt = performance.now()
  try {
    const written = await scan()
    const burstSeconds = Number(seconds(startedAt))
    const end = process.memoryUsage()
    return {
      variant,
      written,
      seconds: burstSeconds,
      memory: {
        heapStart: Math.round(start.heapUsed / MIB),
        heapPeak: Math.round(Math.max(heapPeak, end.heapUsed) / MIB),
        heapEnd: Math.round(end.heapUsed / MIB),
        rssStart: Math.round(start.rss / MIB),
        rssEnd: Math.round(end.rss / MIB),
      },
    }
  } finally {
    clearInterval(sampler)
  }
}

function memoryLine(memory: MemoryFigures): string {
  return (
    `heap ${memory.heapStart} → ${memory.heapEnd} MiB (peak ${memory.heapPeak}), ` +
    `rss ${memory.rssStart} → ${memory.rssEnd} MiB`
  )
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2)
}
