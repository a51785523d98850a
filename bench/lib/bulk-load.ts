// Bulk loads into a benchmark's own database (season-bets.ts, bulk-fans.ts): the foreign keys and
// secondary indexes of the tables written dropped first and put back once at the end, checked
// and built set-based instead of entry by entry. Only while nothing else writes those tables.
import type pg from 'pg'

/**
 * Drops the foreign keys of the loaded tables and the indexes no constraint owns (primary keys
 * and unique constraints stay); answers the statements that put them back, indexes first (a
 * foreign key is then checked once for the whole table, set-based).
 */
export async function dropForBulkLoad(
  client: pg.PoolClient,
  tables: readonly string[],
): Promise<string[]> {
  const { rows: keys } = await client.query<{
    tableName: string
    name: string
    definition: string
  }>(
    `select conrelid::regclass::text as "tableName", quote_ident(conname) as name,
            pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
    [tables],
  )
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  )
  for (const key of keys) {
    await client.query(`alter table ${key.tableName} drop constraint ${key.name}`)
  }
  for (const { name } of indexes) await client.query(`drop index ${name}`)
  return [
    ...indexes.map((index) => index.definition),
    ...keys.map(
      (key) => `alter table ${key.tableName} add constraint ${key.name} ${key.definition}`,
    ),
  ]
}
