// The "second chance is open" announcement (docs/product.md, second chance for fans). A scan job,
// not a hook in the route that opens it: each round it looks for opened second chances still
// taking entries whose announcement is not done, and walks the tournament's main bets in the
// order of bets_tournament_live_idx, a batch per transaction, writing for each entrant the
// in-app notification and — reminders on, address confirmed, not banned — the mail, in the same
// transaction as it moves the cursor (second_chance_announcements). A crash loses none, none goes
// twice, and processes share the work (the cursor row another one holds is skipped).
import { sql } from 'drizzle-orm'
import { LanguageSchema } from '#shared/schemas/auth'
import type { Database, Transaction } from '#server/db/client'
import { insertOutboxMails } from '#server/mail/mail-outbox'
import { unsubscribeLinks, type UnsubscribeEnv } from '#server/mail/unsubscribe-links'
import { secondChanceMail } from './second-chance-mail'
import { writeNotifications } from '#server/game/notification-writes'

export const SECOND_CHANCE_ANNOUNCEMENT_BATCH = 500

type Rows<T> = { rows: T[] }

interface Claimed {
  tournament_id: string
  name: string
  entry_fee: number
  betting_deadline: Date | string
  after_created_at: string | null
  after_bet_id: string | null
}

interface EntrantRow {
  bet_id: string
  user_id: string
  created_at: string
  email: string
  name: string
  locale: string | null
  time_zone: string | null
  wants_mail: boolean
}

/** An opened second chance still taking entries, not yet fully announced, its cursor locked. */
async function claimSecondChance(tx: Transaction): Promise<Claimed | null> {
  const due = (await tx.execute(sql`
    select c.tournament_id::text from tournament_contests c
      join tournaments t on t.id = c.tournament_id
      left join second_chance_announcements a on a.tournament_id = c.tournament_id
     where c.contest = 'second_chance' and c.betting_deadline > now() and c.closed_at is null
       and t.status not in ('cancelled', 'completed') and a.done_at is null`)) as unknown as Rows<{
    tournament_id: string
  }>
  for (const { tournament_id: tournamentId } of due.rows) {
    await tx.execute(sql`
      insert into second_chance_announcements (tournament_id) values (${tournamentId}::uuid)
      on conflict do nothing`)
    const claimed = (await tx.execute(sql`
      select a.tournament_id::text, t.name, c.entry_fee, c.betting_deadline,
             a.after_created_at::text, a.after_bet_id::text
        from second_chance_announcements a
        join tournaments t on t.id = a.tournament_id
        join tournament_contests c
          on c.tournament_id = a.tournament_id and c.contest = 'second_chance'
       where a.tournament_id = ${tournamentId}::uuid and a.done_at is null
         for update of a skip locked`)) as unknown as Rows<Claimed>
    const [row] = claimed.rows
    if (row) return row
  }
  return null
}

/** One batch of one second chance's announcement; answers the entrants handled. */
export async function writeDueSecondChanceAnnouncements(
  db: Database,
  { env, batch = SECOND_CHANCE_ANNOUNCEMENT_BATCH }: { env: UnsubscribeEnv; batch?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimSecondChance(tx)
    if (!claimed) return 0
    const tournamentId = claimed.tournament_id
    const entrants = (await tx.execute(sql`
      select b.id::text as bet_id, b.user_id, b.created_at::text, u.email,
             coalesce(u.display_username, u.username, u.name) as name,
             p.locale, p.time_zone,
             (u.email_verified and u.banned is not true and p.reminders is not false) as wants_mail
        from bets b
        join "user" u on u.id = b.user_id
        left join user_preferences p on p.user_id = b.user_id
       where b.tournament_id = ${tournamentId}::uuid and b.contest = 'main'
         and b.status <> 'refunded'
         and (b.created_at, b.id) > (
               coalesce(${claimed.after_created_at}::timestamptz, '-infinity'::timestamptz),
               coalesce(${claimed.after_bet_id}::uuid,
                        '00000000-0000-0000-0000-000000000000'::uuid))
       order by b.created_at, b.id
       limit ${batch}`)) as unknown as Rows<EntrantRow>
    if (entrants.rows.length > 0) {
      await writeNotifications(
        tx,
        entrants.rows.map((row) => ({
          userId: row.user_id,
          kind: 'second_chance_opened' as const,
          tournamentId,
          coins: claimed.entry_fee,
        })),
      )
    }
    const link = `${env.PUBLIC_URL}/tournament/${tournamentId}`
    await insertOutboxMails(
      tx,
      entrants.rows
        .filter((row) => row.wants_mail)
        .map((row) =>
          secondChanceMail({
            to: row.email,
            name: row.name,
            lang: LanguageSchema.catch('en').parse(row.locale ?? 'en'),
            timeZone: row.time_zone,
            tournamentName: claimed.name,
            entryFee: claimed.entry_fee,
            deadline: new Date(claimed.betting_deadline),
            link,
            unsubscribe: unsubscribeLinks(env, row.user_id, 'reminders'),
          }),
        ),
    )
    const last = entrants.rows.at(-1)
    await tx.execute(sql`
      update second_chance_announcements
         set after_created_at = coalesce(${last?.created_at ?? null}::timestamptz, after_created_at),
             after_bet_id = coalesce(${last?.bet_id ?? null}::uuid, after_bet_id),
             done_at = ${entrants.rows.length < batch ? sql`now()` : sql`null`},
             updated_at = now()
       where tournament_id = ${tournamentId}::uuid`)
    return entrants.rows.length
  })
}
