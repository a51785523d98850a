// After a load: were bets lost or doubled? The ledger auditor's verdict on the whole database
// (src/server/db/ledger-audit.ts), plus the counts of one tournament's bets and bet_placed rows
// to compare with the HTTP answers.
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { auditLedger } from '#server/db/ledger-audit'

export interface BetAudit {
  bets: number
  betPlacedRows: number
  problems: string[]
}

async function countOf(db: Database, query: SQL): Promise<number> {
  // Both drivers answer { rows }; the common Database type cannot say so.
  const { rows } = (await db.execute(query)) as unknown as { rows: { count: number | string }[] }
  return Number(rows[0]?.count ?? 0)
}

export async function auditBets(db: Database, tournamentId: string): Promise<BetAudit> {
  const bets = await countOf(
    db,
    sql`select count(*) from bets where tournament_id = ${tournamentId}`,
  )
  const betPlacedRows = await countOf(
    db,
    sql`select count(*) from wallet_transactions t join bets b on b.id = t.related_bet_id
        where t.type = 'bet_placed' and b.tournament_id = ${tournamentId}`,
  )
  const { problems } = await auditLedger(db)
  return { bets, betPlacedRows, problems }
}
