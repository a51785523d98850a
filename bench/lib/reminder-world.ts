// The reminders benchmark's data (bench/reminders.bench.ts): `fans` confirmed fans loaded in bulk
// (bulk-fans.ts), TOURNAMENTS open tournaments in their 24 h window, each swept an hour ago, and
// NEW_PER_TOURNAMENT fans confirmed since, of whom a share turned reminders off, is banned or
// unconfirmed again; one more tournament whose window opens for the burst.
import type pg from 'pg'
import { defaultPrizePoolConfig } from '#tests/factories'
import { insertBulkFans } from './bulk-fans'
import { vacuumAndCheckpoint } from './bulk-data'

export const TOURNAMENTS = 10
export const NEW_PER_TOURNAMENT = 1_000
/** Due per open tournament: the new fans but every 10th turned off, unconfirmed or banned. */
export const DUE_PER_TOURNAMENT = NEW_PER_TOURNAMENT - 3 * (NEW_PER_TOURNAMENT / 10)
export const FAN_PREFIX = 'rf'

export interface ReminderWorld {
  deadline: Date
  /** The tournament whose 24 h window opens for the burst. */
  burstTournament: string
  /** Fans 1 … remindedUpTo signed up a day ago; the rest since the open windows were swept. */
  remindedUpTo: number
}

export async function seedReminderWorld(pool: pg.Pool, fans: number): Promise<ReminderWorld> {
  await insertBulkFans(pool, { prefix: FAN_PREFIX, count: fans })
  const deadline = new Date(Date.now() + 20 * 60 * 60 * 1000)
  const ids: string[] = []
  for (let i = 1; i <= TOURNAMENTS + 1; i++) {
    const { rows } = await pool.query<{ id: string }>(
      `insert into tournaments (name, start_date, end_date, betting_deadline, prize_pool_config,
                                status)
       values ($1, $2, $3, $4, $5::jsonb, 'upcoming')
       returning id`,
      [
        `Bench Open ${i}`,
        new Date(deadline.getTime() + 2 * 86_400_000),
        new Date(deadline.getTime() + 4 * 86_400_000),
        i <= TOURNAMENTS ? deadline : new Date(deadline.getTime() + 86_400_000),
        JSON.stringify(defaultPrizePoolConfig),
      ],
    )
    ids.push(rows[0]!.id)
  }
  // Every window of the open tournaments had its full pass an hour ago; the fans signed up a
  // day ago, but for the last NEW_PER_TOURNAMENT, confirmed ten minutes ago.
  const remindedUpTo = fans - NEW_PER_TOURNAMENT
  await pool.query(
    `insert into reminder_sweeps (tournament_id, window_hours, swept_from)
     select id, 24, now() - interval '1 hour' from unnest($1::uuid[]) id`,
    [ids.slice(0, TOURNAMENTS)],
  )
  await pool.query(
    `update reminder_candidates
     set changed_at = case when substr(user_id, 3)::integer > $1
                           then now() - interval '10 minutes' else now() - interval '1 day' end`,
    [remindedUpTo],
  )
  // Among the new ones: every 10th has reminders off, every 10th (+1) is not confirmed, every
  // 10th (+2) is banned. Bets are left out of the load: a bet excludes a fan by the same kind of
  // anti-join as a reminder row, and the route tests cover it.
  const newFans = `select '${FAN_PREFIX}' || g as id
                     from generate_series(${remindedUpTo + 1}, ${fans}) g`
  await pool.query(
    `insert into user_preferences (user_id, reminders)
     select id, false from (${newFans}) f where right(id, 1) = '0'`,
  )
  await pool.query(
    `update "user" set email_verified = false where id in (${newFans}) and right(id, 1) = '1'`,
  )
  await pool.query(
    `update "user" set banned = true where id in (${newFans}) and right(id, 1) = '2'`,
  )
  await vacuumAndCheckpoint(pool)
  return { deadline, burstTournament: ids[TOURNAMENTS]!, remindedUpTo }
}
