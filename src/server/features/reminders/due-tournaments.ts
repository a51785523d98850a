// The tournaments whose betting deadline is 24 h or 2 h away: what the reminder scan reminds of
// (docs/decisions/101); a second chance's deadline comes from due-second-chances.ts.
import { sql } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import type { StoredPrizePoolConfig } from '#server/db/schema'
import { poolFigures } from '#server/game/tournament-figures'
import type { ReminderWindow } from './reminder-mail'

type Rows<T> = { rows: T[] }

export interface DueTournament {
  id: string
  name: string
  /** Whose deadline: the main bracket's, or the second chance's. */
  contest: Contest
  deadline: Date
  window: ReminderWindow
  pool: number
  /** When the window's full pass began; null while it has had none. */
  sweptFrom: Date | null
}

/**
 * Open tournaments whose deadline is at most 24 h away, each in the window it is in now: 2 when
 * it is at most 2 h away, else 24. A tournament first seen with less than 24 h to go gets the 24 h
 * reminder only while more than 2 h remain; after that only the 2 h one (decision 101).
 */
export async function dueTournaments(db: Database, at: Date): Promise<DueTournament[]> {
  const now = sql`${at.toISOString()}::timestamptz`
  const { rows } = (await db.execute(sql`
    select t.id, t.name, t.betting_deadline as deadline, t.prize_pool_config as config,
           case when t.betting_deadline <= ${now} + interval '2 hours' then 2 else 24 end as window,
           (select count(*) from bets b
             where b.tournament_id = t.id and b.contest = 'main')::int as participants,
           s.swept_from
    from tournaments t
    left join reminder_sweeps s
      on s.tournament_id = t.id
     and s.contest = 'main'
     and s.window_hours = case when t.betting_deadline <= ${now} + interval '2 hours' then 2 else 24 end
    where t.status = 'upcoming'
      and t.betting_deadline > ${now}
      and t.betting_deadline <= ${now} + interval '24 hours'
    order by t.betting_deadline`)) as unknown as Rows<{
    id: string
    name: string
    deadline: Date | string
    config: StoredPrizePoolConfig
    window: number
    participants: number
    swept_from: Date | string | null
  }>
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    contest: 'main' as const,
    deadline: new Date(row.deadline),
    window: row.window === 2 ? 2 : 24,
    pool: poolFigures(row.config, row.participants).currentPrizePool,
    sweptFrom: row.swept_from === null ? null : new Date(row.swept_from),
  }))
}
