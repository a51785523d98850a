import pg from 'pg'
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/notify_explain' })
const { rows: [t] } = await pool.query('select id from tournaments limit 1')
const q = `explain (analyze, buffers) with due as (
      select u.id from "user" u left join user_preferences p on p.user_id = u.id
      where u.email_verified and u.banned is not true and p.reminders is not false
        and not exists (select 1 from bets b where b.tournament_id = $1 and b.user_id = u.id)
        and not exists (select 1 from deadline_reminders r where r.tournament_id = $1 and r.window_hours = 24 and r.user_id = u.id)
      limit 2000)
    select count(*) from due`
const client = await pool.connect()
await client.query('begin')
await client.query('set local enable_hashjoin = off')
for (let i = 0; i < 2; i++) {
  const res = await client.query(q, [t.id])
  console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'))
}
await client.query('rollback')
client.release()
await pool.end()
