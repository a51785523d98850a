import { sql } from 'drizzle-orm'
import { createServerPostgres } from '../tests/server-database'
import { wrapPostgresPool } from '../src/server/db/client'
import { insertUserRange } from '../tests/bulk-users'
import { defaultPrizePoolConfig } from '../tests/factories'
const N = 20000
const database = await createServerPostgres({ serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres', name: 'notify_explain3', connections: 2 })
const db = wrapPostgresPool(database.pool).db
await insertUserRange(db, { prefix: 'rf', from: 1, to: N })
const deadline = new Date(Date.now() + 20 * 3600_000)
const { rows } = (await db.execute(sql`insert into tournaments (name, start_date, end_date, betting_deadline, prize_pool_config, status) values ('T', ${new Date(deadline.getTime() + 2 * 86400_000)}, ${new Date(deadline.getTime() + 4 * 86400_000)}, ${deadline}, ${JSON.stringify(defaultPrizePoolConfig)}::jsonb, 'upcoming') returning id`)) as any
const id = rows[0].id
await database.pool.query(`insert into deadline_reminders (tournament_id, window_hours, user_id) select $1, 24, 'rf' || g from generate_series(1, $2::integer) g`, [id, N - 1000])
await database.pool.query('vacuum analyze')
for (const mode of ['full', 'candidates']) {
  const changed = mode === 'full' ? '' : `and u.id in (select c.user_id from reminder_candidates c where c.changed_at >= now() - interval '1 hour')`
  const q = `explain (analyze) with due as (
      select u.id from "user" u left join user_preferences p on p.user_id = u.id
      where u.email_verified ${changed} and u.banned is not true and p.reminders is not false
        and not exists (select 1 from bets b where b.tournament_id = $1 and b.user_id = u.id)
        and not exists (select 1 from deadline_reminders r where r.tournament_id = $1 and r.window_hours = 24 and r.user_id = u.id)
      order by u.id limit 2000)
    select count(*) from due`
  const res = await database.pool.query(q, [id])
  console.log(mode, '\n', res.rows.map((r: any) => r['QUERY PLAN']).join('\n'))
}
await database.drop()
