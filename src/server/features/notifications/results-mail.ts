// The results mail after settlement (decision 102). Settlement writes each entrant's notification
// with mail_pending in the transaction that pays or records the loss; once the settlement has
// completed, this job turns a batch of them into outbox mails and clears the flag in one
// transaction. So a crash loses none (the flag stays), none goes twice (it is cleared with the
// enqueue), and processes share the work: rows another one holds are skipped (SKIP LOCKED).
import { sql } from 'drizzle-orm'
import { LanguageSchema } from '../../../shared/schemas/auth'
import type { Database } from '../../db/client'
import { insertOutboxMail } from '../../mail/mail-outbox'
import type { NotificationData } from '../../db/tables/notifications'
import { resultsMail } from './mail-copy'

export const RESULTS_MAIL_BATCH = 200

interface PendingRow {
  id: string
  kind: string
  data: NotificationData
  tournament_id: string
  tournament_name: string
  state: string
  email: string
  name: string
  locale: string | null
  time_zone: string | null
  wants_results: boolean | null
}

/**
 * Writes the results mails of one batch of one finished settlement; answers how many
 * notifications it handled (mailed, or cleared: results mails off, or the settlement cancelled).
 */
export async function writeDueResultsMails(
  db: Database,
  { publicUrl, batch = RESULTS_MAIL_BATCH }: { publicUrl: string; batch?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    // Both drivers answer { rows }; the common Database type cannot say so.
    const finished = (await tx.execute(sql`
      select s.tournament_id from tournament_settlements s
       where s.state <> 'in_progress'
         and exists (select 1 from notifications n
                      where n.tournament_id = s.tournament_id and n.mail_pending)
       limit 1`)) as unknown as { rows: { tournament_id: string }[] }
    const tournamentId = finished.rows[0]?.tournament_id
    if (!tournamentId) return 0
    const pending = (await tx.execute(sql`
      select n.id, n.kind, n.data, n.tournament_id, t.name as tournament_name, s.state::text,
             u.email, coalesce(u.display_username, u.username, u.name) as name,
             p.locale, p.time_zone, p.results as wants_results
        from notifications n
        join tournament_settlements s on s.tournament_id = n.tournament_id
        join tournaments t on t.id = n.tournament_id
        join "user" u on u.id = n.user_id
        left join user_preferences p on p.user_id = n.user_id
       where n.tournament_id = ${tournamentId}::uuid and n.mail_pending
       order by n.id
       limit ${batch}
         for update of n skip locked`)) as unknown as { rows: PendingRow[] }
    for (const row of pending.rows) {
      // A fan without a preferences row has every mail on; a cancelled settlement mails nobody.
      if (row.state !== 'completed' || row.wants_results === false) continue
      const coins = row.data.coins ?? 0
      await insertOutboxMail(
        tx,
        resultsMail({
          to: row.email,
          name: row.name,
          lang: LanguageSchema.catch('en').parse(row.locale ?? 'en'),
          timeZone: row.time_zone,
          tournamentName: row.tournament_name,
          link: `${publicUrl}/tournament/${row.tournament_id}`,
          correct: row.data.correct ?? 0,
          total: row.data.total ?? 0,
          tier: row.kind === 'payout_received' ? (row.data.tier ?? null) : null,
          coins,
          isScaled: row.data.scaled === true,
        }),
      )
    }
    if (pending.rows.length === 0) return 0
    const ids = sql.join(
      pending.rows.map((row) => sql`${row.id}::uuid`),
      sql`, `,
    )
    await tx.execute(sql`update notifications set mail_pending = false where id in (${ids})`)
    return pending.rows.length
  })
}
