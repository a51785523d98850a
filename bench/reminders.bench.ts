// `npm run bench -- reminders`: the deadline reminder scan (decision 101) at 1M confirmed fans and
// 10 open tournaments in their 24 h window, on PostgreSQL, called as the server's scanner calls
// it (the app's own pool, with its statement timeout). Each window has had its full pass already
// (reminder_sweeps) and every fan signed up long ago, except NEW_PER_TOURNAMENT fans confirmed
// since (reminder_candidates); of those, a share has turned reminders off, is banned or not
// confirmed. Measured: the scan that finds them (it must write exactly the due ones), a scan with
// nothing due, then the burst when a new window opens: its full pass over every fan, `burst` of
// them due. See bench/README.md.
import { sql } from 'drizzle-orm'
import { wrapPostgresPool } from '#server/db/client'
import { deadlineReminders, mailOutbox } from '#server/db/schema'
import { scanDeadlineReminders } from '#server/features/reminders/reminder-scan'
import { defaultPrizePoolConfig } from '#tests/factories'
import { insertUserRange } from '#tests/bulk-users'
import { createBenchDatabase } from './lib/bench-database'
import { BENCH_AUTH_SECRET } from './lib/bench-server'
import { vacuumAndCheckpoint } from './lib/bulk-data'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_reminders'
const TOURNAMENTS = 10
const NEW_PER_TOURNAMENT = 1_000
const TARGET_SECONDS = 10
const env = { PUBLIC_URL: 'https://golden-point.example', BETTER_AUTH_SECRET: BENCH_AUTH_SECRET }

interface Sizes {
  fans: number
  burst: number
}

// BENCH_REMINDER_FANS overrides the fan count (e.g. 100000 on a busy machine).
const FULL: Sizes = { fans: Number(process.env.BENCH_REMINDER_FANS ?? 1_000_000), burst: 20_000 }
const QUICK: Sizes = { fans: 20_000, burst: 2_000 }

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
    await insertUserRange(loader, { prefix: 'rf', from: 1, to: sizes.fans })
    const deadline = new Date(Date.now() + 20 * 60 * 60 * 1000)
    const ids: string[] = []
    for (let i = 1; i <= TOURNAMENTS + 1; i++) {
      const [row] = await loader
        .execute(
          sql`
        insert into tournaments (name, start_date, end_date, betting_deadline, prize_pool_config,
                                 status)
        values (${`Bench Open ${i}`}, ${new Date(deadline.getTime() + 2 * 86_400_000)},
                ${new Date(deadline.getTime() + 4 * 86_400_000)},
                ${i <= TOURNAMENTS ? deadline : new Date(deadline.getTime() + 86_400_000)},
                ${JSON.stringify(defaultPrizePoolConfig)}::jsonb, 'upcoming')
        returning id`,
        )
        .then((result) => (result as unknown as { rows: { id: string }[] }).rows)
      ids.push(row!.id)
    }
    const open = ids.slice(0, TOURNAMENTS)
    const burstTournament = ids[TOURNAMENTS]!
    // Every window of the open tournaments had its full pass an hour ago; the fans signed up a
    // day ago, but for the last NEW_PER_TOURNAMENT, confirmed ten minutes ago.
    const remindedUpTo = sizes.fans - NEW_PER_TOURNAMENT
    for (const id of open) {
      await database.loader.query(
        `insert into reminder_sweeps (tournament_id, window_hours, swept_from)
         values ($1, 24, now() - interval '1 hour')`,
        [id],
      )
    }
    await database.loader.query(
      `update reminder_candidates
       set changed_at = case when substr(user_id, 3)::integer > $1
                             then now() - interval '10 minutes' else now() - interval '1 day' end`,
      [remindedUpTo],
    )
    // Among the new ones: every 10th has reminders off, every 10th (+1) is not confirmed, every
    // 10th (+2) is banned. Bets are left out of the load: a bet excludes a fan by the same kind of
    // anti-join as a reminder row, and the route tests cover it.
    const newFans = `select 'rf' || g as id from generate_series(${remindedUpTo + 1}, ${sizes.fans}) g`
    await database.loader.query(
      `insert into user_preferences (user_id, reminders)
       select id, false from (${newFans}) f where right(id, 1) = '0'`,
    )
    await database.loader.query(
      `update "user" set email_verified = false where id in (${newFans}) and right(id, 1) = '1'`,
    )
    await database.loader.query(
      `update "user" set banned = true where id in (${newFans}) and right(id, 1) = '2'`,
    )
    const expectedPerTournament = NEW_PER_TOURNAMENT - 3 * (NEW_PER_TOURNAMENT / 10)
    await vacuumAndCheckpoint(database.loader)
    log(`${sizes.fans} fans, ${TOURNAMENTS} tournaments loaded in ${seconds(startedAt)} s`)

    startedAt = performance.now()
    const written = await scanDeadlineReminders(db, env)
    const dueScan = Number(seconds(startedAt))
    const outbox = await db.$count(mailOutbox)
    const expected = expectedPerTournament * TOURNAMENTS
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
    await database.loader.query('analyze deadline_reminders')
    startedAt = performance.now()
    const burst = await scanDeadlineReminders(db, env)
    const burstSeconds = Number(seconds(startedAt))
    const reminders = await db.$count(deadlineReminders)
    log(`burst: ${burst} reminders in ${burstSeconds} s (${reminders} reminder rows in all)`)

    const exact = written === expected && outbox === expected && again === 0
    return {
      table: [
        {
          scan: `${expected} due of ${sizes.fans} fans × ${TOURNAMENTS}`,
          seconds: dueScan,
          written,
        },
        { scan: 'nothing due', seconds: idleScan, written: again },
        { scan: `burst: one window opens`, seconds: burstSeconds, written: burst },
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
          value: Math.round(burst / burstSeconds),
          unit: 'mails/s',
          ratio: `${burst} in ${burstSeconds} s`,
          pass: burst === sizes.burst + expectedPerTournament && burstSeconds <= TARGET_SECONDS,
          target: `a new window's full pass over ${sizes.fans} fans ≤ ${TARGET_SECONDS} s, each due fan mailed once`,
        },
      ],
    }
  } finally {
    await database.drop()
  }
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2)
}
