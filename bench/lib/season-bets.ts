// The seasons benchmark's bulk fans and every tournament's bets loaded at once, set-based
// (bench/HISTORY.md, "Seasons"): the same rows as insertBulkUsers and insertBulkBets write — each
// fan with wallet, welcome bonus and deposit; each bet with its pick codes, its bet_placed ledger
// row, the debit — but written as a bulk load is:
// - the foreign keys and the secondary indexes of the tables written dropped first, put back once
//   at the end (primary keys and unique constraints stay), then VACUUM ANALYZE (all-visible, as
//   long-settled data would be: the settlements that follow set no hint bits);
// - the bets by INSERT … SELECT from generate_series, in statements of up to STATEMENT_ROWS;
// - the ledger rows from the bets afterwards, one statement per tournament;
// - each wallet debited once for all its entries (one new row version per wallet, not one per
//   entry: the balance is in the leaderboard's index, so each version is also an index entry).
// The bets are the app's (same tables, checks, foreign keys and statement trigger), so settling
// and counting them afterwards is the real thing. Only for a database of the benchmark's own:
// while the indexes are down nothing else may write bets or ledger rows.
import type pg from 'pg'
import type { BulkUsers, StoredBracket } from './bulk-data'
import { insertBulkUsers, markReceiptsMailed } from './bulk-data'
import { dropForBulkLoad } from './bulk-load'

const STATEMENT_ROWS = 500_000
const VARIANTS_TABLE = 'bench_season_variants'
// The tables a fan and their bets write (the user's trigger: wallet, welcome bonus, reminder).
const BULK_TABLES = ['user', 'wallets', 'wallet_transactions', 'reminder_candidates', 'bets']

export interface TournamentBets {
  tournamentId: string
  /** Handed out in turn: fan n gets brackets[n % length]. */
  brackets: readonly StoredBracket[]
  /** The entrants, and whether their bets carry the picks' JSON (else the codes only). */
  entrants: { users: BulkUsers; withPicks: boolean }[]
}

export interface SeasonBetsTimings {
  usersMs: number
  betsMs: number
  ledgerMs: number
  debitsMs: number
  indexesMs: number
  rows: number
}

export async function insertSeasonBets(
  pool: pg.Pool,
  {
    users,
    fee,
    tournaments,
  }: { users: BulkUsers; fee: number; tournaments: readonly TournamentBets[] },
  log: (message: string) => void,
): Promise<SeasonBetsTimings> {
  const client = await pool.connect()
  try {
    await client.query(`set maintenance_work_mem = '512MB'`)
    await client.query(`set work_mem = '256MB'`)
    const restore = await dropForBulkLoad(client, BULK_TABLES)
    let startedAt = performance.now()
    await insertBulkUsers(pool, users)
    const usersMs = performance.now() - startedAt
    log(`${users.count} fans in ${seconds(usersMs)} s`)
    startedAt = performance.now()
    await stageVariants(client, tournaments)
    let rows = 0
    for (const [k, tournament] of tournaments.entries()) {
      for (const { users, withPicks } of tournament.entrants) {
        const first = users.first ?? 1
        const last = first + users.count - 1
        for (let from = first; from <= last; from += STATEMENT_ROWS) {
          const to = Math.min(last, from + STATEMENT_ROWS - 1)
          const bets = {
            tournamentId: tournament.tournamentId,
            fee,
            withPicks,
            variants: tournament.brackets.length,
          }
          await insertBets(client, bets, users.prefix, from, to)
          rows += to - from + 1
        }
      }
      if ((k + 1) % 5 === 0 || k === tournaments.length - 1) {
        log(`bets of ${k + 1} tournaments: ${rows} in ${seconds(performance.now() - startedAt)} s`)
      }
    }
    const betsMs = performance.now() - startedAt
    startedAt = performance.now()
    for (const { tournamentId } of tournaments) {
      await client.query(
        `insert into wallet_transactions (wallet_id, type, amount, description, related_bet_id)
         select w.id, 'bet_placed', -b.amount, 'Entry fee: ' || t.name, b.id
           from bets b
           join wallets w on w.user_id = b.user_id
           join tournaments t on t.id = b.tournament_id
          where b.tournament_id = $1::uuid`,
        [tournamentId],
      )
    }
    const ledgerMs = performance.now() - startedAt
    startedAt = performance.now()
    await client.query(
      `update wallets w set balance = w.balance - s.fees, updated_at = now()
         from (select user_id, sum(amount)::integer as fees from bets
                where tournament_id = any($1::uuid[]) group by user_id) s
        where w.user_id = s.user_id`,
      [tournaments.map((tournament) => tournament.tournamentId)],
    )
    const debitsMs = performance.now() - startedAt
    startedAt = performance.now()
    for (const statement of restore) await client.query(statement)
    await client.query(`drop table ${VARIANTS_TABLE}`)
    await client.query(`vacuum (analyze) ${BULK_TABLES.map((table) => `"${table}"`).join(', ')}`)
    const indexesMs = performance.now() - startedAt
    await markReceiptsMailed(pool)
    log(
      `${rows} bets: rows ${seconds(betsMs)} s, ledger ${seconds(ledgerMs)} s, debits ${seconds(debitsMs)} s, indexes, keys and analyze ${seconds(indexesMs)} s`,
    )
    return { usersMs, betsMs, ledgerMs, debitsMs, indexesMs, rows }
  } finally {
    client.release()
  }
}

/** Each tournament's brackets with their pick codes, computed once (pick_codes_of, drizzle/0008). */
async function stageVariants(
  client: pg.PoolClient,
  tournaments: readonly TournamentBets[],
): Promise<void> {
  await client.query(`drop table if exists ${VARIANTS_TABLE}`)
  await client.query(
    `create unlogged table ${VARIANTS_TABLE} (tournament_id uuid, position integer,
       picks jsonb, mvp_player_id uuid, pick_codes bigint[],
       primary key (tournament_id, position))`,
  )
  for (const { tournamentId, brackets } of tournaments) {
    const variants = JSON.stringify(
      brackets.map((bracket) => ({
        picks: JSON.parse(bracket.picksJson) as unknown,
        mvp: bracket.mvpPlayerId,
      })),
    )
    await client.query(
      `insert into ${VARIANTS_TABLE}
       select $1::uuid, v.position - 1, v.bracket -> 'picks', (v.bracket ->> 'mvp')::uuid,
              pick_codes_of(v.bracket -> 'picks', (v.bracket ->> 'mvp')::uuid)
         from jsonb_array_elements($2::jsonb) with ordinality as v(bracket, position)`,
      [tournamentId, variants],
    )
  }
}

/** The bets of `<prefix>from` … `<prefix>to`, as insertBulkBets writes them (without the ledger). */
async function insertBets(
  client: pg.PoolClient,
  {
    tournamentId,
    fee,
    withPicks,
    variants,
  }: { tournamentId: string; fee: number; withPicks: boolean; variants: number },
  prefix: string,
  from: number,
  to: number,
): Promise<void> {
  await client.query(
    `insert into bets (user_id, tournament_id, amount, pick_codes, picks, mvp_player_id,
                       created_at, updated_at)
     select $1 || g, $4::uuid, $5::integer, v.pick_codes,
            case when $6::boolean then v.picks end, v.mvp_player_id,
            now() - interval '30 days' + g * interval '1 millisecond', now()
       from generate_series($2::integer, $3::integer) g
       join ${VARIANTS_TABLE} v on v.tournament_id = $4::uuid and v.position = g % $7::integer`,
    [prefix, from, to, tournamentId, fee, withPicks, variants],
  )
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1)
}
