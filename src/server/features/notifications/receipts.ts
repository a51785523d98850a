// Receipts for entry fees and refunds (decision 102), without a step on the bet path: a feed
// that follows the ledger. The ledger's ids are time-ordered (uuid_v7, decision 065), made by the
// database's clock at insert, never before their transaction began. The feed's cursor
// (mail_feeds 'receipts') is the last id handled; one transaction locks the cursor row (another
// process skips it: SKIP LOCKED), reads the bet_placed and bet_refund rows after it, writes their
// receipts to the outbox and moves the cursor — a crash rolls all three back together.
//
// A row whose transaction is still open is invisible yet, and may get an id below rows already
// visible. So the feed reads only up to a horizon: the start of the oldest other transaction
// still open (pg_stat_activity), read before the rows are; no row below it can still appear.
import { sql } from 'drizzle-orm'
import { LanguageSchema } from '#shared/schemas/auth'
import { rowsOf, type Transaction, type Database } from '#server/db/client'
import { insertOutboxMails } from '#server/mail/mail-outbox'
import { receiptMail } from './mail-copy'

export const RECEIPTS_FEED = 'receipts'
export const RECEIPTS_BATCH = 100

interface LedgerRow {
  id: string
  type: 'bet_placed' | 'bet_refund'
  amount: number
  created_at: Date | string
  email: string
  name: string
  locale: string | null
  time_zone: string | null
  tournament_name: string | null
}

/** The smallest time-ordered id of millisecond `ms`: every id made before it sorts below. */
export function firstIdOfMillisecond(ms: number): string {
  const hex = Math.floor(ms).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`
}

async function readHorizon(tx: Transaction): Promise<number> {
  // Other sessions' transactions on this database that have begun; the first read of pg_stat_activity in this
  // transaction, so its picture is older than the rows read next. PGlite has one session: now.
  const answer = rowsOf<{ horizon_ms: number | string }>(
    await tx.execute(sql`
    select extract(epoch from least(clock_timestamp(),
             (select min(a.xact_start) from pg_stat_activity a
               where a.pid <> pg_backend_pid() and a.datname = current_database()
                 and a.xact_start is not null))) * 1000 as horizon_ms
  `),
  )
  return Number(answer[0]!.horizon_ms)
}

/** One batch of receipts; answers how many were written (0: none due, or another process is on it). */
export async function writeDueReceipts(
  db: Database,
  { publicUrl, batch = RECEIPTS_BATCH }: { publicUrl: string; batch?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const cursor = rowsOf<{ after_id: string }>(
      await tx.execute(sql`
      select after_id::text from mail_feeds where name = ${RECEIPTS_FEED}
         for update skip locked`),
    )
    const afterId = cursor[0]?.after_id
    if (!afterId) return 0
    const horizonId = firstIdOfMillisecond(await readHorizon(tx))
    if (horizonId <= afterId) return 0
    const due = rowsOf<LedgerRow>(
      await tx.execute(sql`
      select t.id::text, t.type::text, t.amount, t.created_at, u.email,
             coalesce(u.display_username, u.username, u.name) as name,
             p.locale, p.time_zone, tn.name as tournament_name
        from wallet_transactions t
        join wallets w on w.id = t.wallet_id
        join "user" u on u.id = w.user_id
        left join user_preferences p on p.user_id = u.id
        left join bets b on b.id = t.related_bet_id
        left join tournaments tn on tn.id = b.tournament_id
       where t.id > ${afterId}::uuid and t.id < ${horizonId}::uuid
         and t.type in ('bet_placed', 'bet_refund')
       order by t.id
       limit ${batch}`),
    )
    // One statement for the batch: on PGlite this transaction holds the only connection, and
    // bets wait behind it (bench/README.md, bets-pglite).
    await insertOutboxMails(
      tx,
      due.map((row) =>
        receiptMail({
          to: row.email,
          name: row.name,
          lang: LanguageSchema.catch('en').parse(row.locale ?? 'en'),
          timeZone: row.time_zone,
          kind: row.type === 'bet_placed' ? 'entry_fee' : 'refund',
          tournamentName: row.tournament_name ?? '',
          coins: Math.abs(row.amount),
          at: new Date(row.created_at),
          reference: row.id,
          link: `${publicUrl}/profile`,
        }),
      ),
    )
    // A full batch stops at its last row; a short one has read everything below the horizon.
    const nextAfter = due.length === batch ? due.at(-1)!.id : horizonId
    await tx.execute(sql`
      update mail_feeds set after_id = ${nextAfter}::uuid, updated_at = now()
       where name = ${RECEIPTS_FEED}`)
    return due.length
  })
}
