// Confirmed fans by the million, set-based (the reminders benchmark): the rows a sign-up writes
// through the user table's triggers — the user, their wallet with the welcome bonus and its
// ledger row (drizzle/0005), their reminder candidate (drizzle/0032) — written by one INSERT …
// SELECT each per STATEMENT_ROWS fans, with those two triggers off, the foreign keys and
// secondary indexes of the tables down (bulk-load.ts), then all put back and VACUUM ANALYZE.
// Through tests/bulk-users.ts each fan fired two row triggers and three rows' worth of index
// entries one at a time: the load of 1M fans took 869 s on a busy machine (bench/HISTORY.md).
// Only for a database of the benchmark's own: nothing else may write these tables meanwhile.
import type pg from 'pg'
import { dropForBulkLoad } from './bulk-load'

const STATEMENT_ROWS = 250_000
const FAN_TABLES = ['user', 'wallets', 'wallet_transactions', 'reminder_candidates']
/** The user table's row triggers on insert whose rows this load writes itself. */
const TRIGGERS_WRITTEN_HERE = ['user_gets_wallet', 'user_reminder_candidate_on_insert']

/** Inserts the confirmed fans `<prefix>1` … `<prefix><count>` (ids, names, usernames alike). */
export async function insertBulkFans(
  pool: pg.Pool,
  { prefix, count }: { prefix: string; count: number },
): Promise<void> {
  const client = await pool.connect()
  try {
    await assertInsertTriggers(client)
    await client.query(`set maintenance_work_mem = '512MB'`)
    const restore = await dropForBulkLoad(client, FAN_TABLES)
    for (const name of TRIGGERS_WRITTEN_HERE) {
      await client.query(`alter table "user" disable trigger ${name}`)
    }
    for (let from = 1; from <= count; from += STATEMENT_ROWS) {
      await insertFans(client, prefix, from, Math.min(count, from + STATEMENT_ROWS - 1))
    }
    for (const name of TRIGGERS_WRITTEN_HERE) {
      await client.query(`alter table "user" enable trigger ${name}`)
    }
    for (const statement of restore) await client.query(statement)
    await client.query(`vacuum (analyze) ${FAN_TABLES.map((table) => `"${table}"`).join(', ')}`)
  } finally {
    client.release()
  }
}

/** A new row trigger on the user table would be skipped here unnoticed: refuse instead. */
async function assertInsertTriggers(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select tgname as name from pg_trigger
      where tgrelid = '"user"'::regclass and not tgisinternal
        and tgtype & 4 = 4 -- fires on insert
      order by tgname`,
  )
  const names = rows.map((row) => row.name)
  if (names.join() !== [...TRIGGERS_WRITTEN_HERE].sort().join()) {
    throw new Error(`bulk fans: the user table's insert triggers are ${names.join(', ')}`)
  }
}

/** As create_wallet_for_new_user and note_reminder_candidate write them, for fans from…to. */
async function insertFans(
  client: pg.PoolClient,
  prefix: string,
  from: number,
  to: number,
): Promise<void> {
  const ids = `select $1::text || g as id from generate_series($2::integer, $3::integer) g`
  const range = [prefix, from, to]
  await client.query(
    `insert into "user" (id, name, email, email_verified, username, display_username)
     select id, id, id || '@example.test', true, id, id from (${ids}) ids`,
    range,
  )
  await client.query(
    `insert into wallets (user_id, balance)
     select id, coalesce((select welcome_bonus from app_settings where id = 1), 1000)
       from (${ids}) ids`,
    range,
  )
  await client.query(
    `insert into wallet_transactions (wallet_id, type, amount, description)
     select w.id, 'welcome_bonus', w.balance, 'Welcome bonus'
       from (${ids}) ids join wallets w on w.user_id = ids.id
      where w.balance > 0`,
    range,
  )
  await client.query(`insert into reminder_candidates (user_id) select id from (${ids}) ids`, range)
}
