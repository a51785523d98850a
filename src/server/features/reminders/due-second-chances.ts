// The second chances whose deadline is 24 h or 2 h away (docs/product.md "Second chance"): the reminder scan
// reminds their tournament's main-bracket fans who have not entered them, in the same windows and
// with the same claims as the main deadline (docs/decisions/101).
import { sql } from 'drizzle-orm'
import { prizePool } from '#domain/prize/prize-pool'
import type { Database } from '#server/db/client'
import type { DueTournament } from './due-tournaments'

type Rows<T> = { rows: T[] }

/**
 * Second chances still taking entries (the tournament neither completed nor cancelled, not
 * closed by a quarterfinal result, decision 150) whose own deadline is at most 24 h away, each in
 * its window now — unless it opened inside that window, when its opening mail was the reminder.
 */
export async function dueSecondChances(db: Database, at: Date): Promise<DueTournament[]> {
  const now = sql`${at.toISOString()}::timestamptz`
  const { rows } = (await db.execute(sql`
    select t.id, t.name, c.betting_deadline as deadline,
           c.entry_fee, c.base_pool, c.multiplier,
           case when c.betting_deadline <= ${now} + interval '2 hours' then 2 else 24 end as window,
           (select count(*) from bets b
             where b.tournament_id = t.id and b.contest = 'second_chance')::int as participants,
           s.swept_from
    from tournament_contests c
    join tournaments t on t.id = c.tournament_id
    left join reminder_sweeps s
      on s.tournament_id = t.id
     and s.contest = 'second_chance'
     and s.window_hours = case when c.betting_deadline <= ${now} + interval '2 hours' then 2 else 24 end
    where c.contest = 'second_chance'
      and t.status not in ('completed', 'cancelled')
      and c.betting_deadline > ${now}
      and c.betting_deadline <= ${now} + interval '24 hours'
      and c.closed_at is null
      -- Opened inside this window: its opening mail already said how long is left.
      and c.created_at <= c.betting_deadline
        - case when c.betting_deadline <= ${now} + interval '2 hours'
               then interval '2 hours' else interval '24 hours' end
    order by c.betting_deadline`)) as unknown as Rows<{
    id: string
    name: string
    deadline: Date | string
    entry_fee: number
    base_pool: number
    multiplier: number
    window: number
    participants: number
    swept_from: Date | string | null
  }>
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    contest: 'second_chance',
    deadline: new Date(row.deadline),
    window: row.window === 2 ? 2 : 24,
    pool: prizePool({
      basePool: row.base_pool,
      entryFee: row.entry_fee,
      participants: row.participants,
      multiplier: Number(row.multiplier),
    }),
    sweptFrom: row.swept_from === null ? null : new Date(row.swept_from),
  }))
}
