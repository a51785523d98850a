// The season recap (docs/product.md "Seasons", decision 164). Once a season has ended and every one of
// its tournaments is settled (and counted) or cancelled, each fan who played it is told once: an
// in-app notification, a push (the results switch) and a mail (results mails on, address
// confirmed, not banned), all linking to their recap and its share card. A fan is claimed by a
// season_recaps row written ON CONFLICT DO NOTHING in the same transaction as those rows, so a
// restart or a second process never tells anyone twice; the season row's lock (SKIP LOCKED) keeps
// two processes from working one season at the same time. The season refresher runs it each round.
import { sql, type SQL } from 'drizzle-orm'
import { displayNameOf, LanguageSchema } from '#shared/schemas/auth'
import { rowsOf, type Database, type Transaction } from '#server/db/client'
import { writeNotifications } from '#server/game/notification-writes'
import { insertOutboxMails } from '#server/mail/mail-outbox'
import { unsubscribeLinks, type UnsubscribeEnv } from '#server/mail/unsubscribe-links'
import { seasonRecapMail } from './season-recap-mail'
import type { SeasonShareIds } from './season-share-ids'

/** Fans told per transaction: bounds the transaction and the memory of its mails. */
export const SEASON_RECAP_BATCH = 500

/**
 * Whether the season `s` is wrapped up: its last day is over (UTC) and every tournament in it is
 * settled and counted, or cancelled and out of the table. Its figures will not move again.
 */
export function isSeasonWrappedUpSql(season: SQL = sql`s`): SQL<boolean> {
  return sql<boolean>`(${season}.ends_on < (now() at time zone 'utc')::date
    and not exists (
      select 1 from season_tournaments st join tournaments t on t.id = st.tournament_id
       where st.season_id = ${season}.id
         and not ((t.status = 'completed' and st.step is not null)
               or (t.status = 'cancelled' and st.step is null))))`
}

interface ClaimedSeason {
  id: string
  name: string
  year: string
  fans: number
}

interface ClaimedFan {
  user_id: string
  email: string
  username: string | null
  display_username: string | null
  locale: string | null
  wants_mail: boolean
  points: number
  tournaments: number
  coins_won: number
  correct: number
  rank: number | null
}

export interface SeasonRecapOptions {
  env: UnsubscribeEnv
  shareIds: Pick<SeasonShareIds, 'shareIdOf'>
  batch?: number
}

/** Tells every due fan of every wrapped-up season; answers how many fans were told. */
export async function writeSeasonRecaps(
  db: Database,
  { env, shareIds, batch = SEASON_RECAP_BATCH }: SeasonRecapOptions,
): Promise<number> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select s.id::text from seasons s
       where s.recap_at is null and ${isSeasonWrappedUpSql()}
       order by s.ends_on, s.id`),
  )
  let told = 0
  for (const { id } of due) {
    for (;;) {
      const round = await db.transaction((tx) => tellBatch(tx, id, { env, shareIds, batch }))
      told += round.told
      if (round.isDone) break
    }
  }
  return told
}

async function tellBatch(
  tx: Transaction,
  seasonId: string,
  { env, shareIds, batch }: Required<SeasonRecapOptions>,
): Promise<{ told: number; isDone: boolean }> {
  // Another process working this season holds the row: it finishes the season, not us.
  const [season] = rowsOf<ClaimedSeason>(
    await tx.execute(sql`
      select s.id::text, s.name, to_char(s.ends_on, 'YYYY') as year, s.fans
        from seasons s
       where s.id = ${seasonId}::uuid and s.recap_at is null and ${isSeasonWrappedUpSql()}
         for update of s skip locked`),
  )
  if (!season) return { told: 0, isDone: true }
  const found = rowsOf<{ due: number } & { [K in keyof ClaimedFan]: ClaimedFan[K] | null }>(
    await tx.execute(sql`
      with due as materialized (
        select f.user_id from season_fans f
         where f.season_id = ${seasonId}::uuid and f.tournaments > 0
           and not exists (select 1 from season_recaps r
                            where r.season_id = f.season_id and r.user_id = f.user_id)
         order by f.user_id
         limit ${batch}
      ), claimed as (
        insert into season_recaps (season_id, user_id)
        select ${seasonId}::uuid, user_id from due
        on conflict do nothing
        returning user_id
      )
      -- One row at least: how many were due, with the claimed fans (if any) beside it.
      select found.due, fan.*
        from (select count(*)::integer as due from due) found
        left join (
          select c.user_id, u.email, u.username, u.display_username, p.locale,
                 (u.email_verified and u.banned is not true and p.results is not false)
                   as wants_mail,
                 f.points, f.tournaments, f.coins_won, f.correct, l.rank
            from claimed c
            join "user" u on u.id = c.user_id
            join seasons s on s.id = ${seasonId}::uuid
            join season_fans f on f.season_id = s.id and f.user_id = c.user_id
            left join user_preferences p on p.user_id = c.user_id
            left join season_levels l
              on l.season_id = s.id and l.step = s.steps and l.points = f.points
             and l.tournaments = f.tournaments and l.coins_won = f.coins_won
        ) fan on true
       order by fan.user_id`),
  )
  const fans = found.filter((row): row is typeof row & ClaimedFan => row.user_id !== null)
  if (fans.length > 0) {
    await writeNotifications(
      tx,
      fans.map((fan) => ({ userId: fan.user_id, kind: 'season_recap' as const, seasonId })),
    )
    await insertOutboxMails(
      tx,
      fans.filter((fan) => fan.wants_mail).map((fan) => recapMailOf(env, shareIds, season, fan)),
    )
  }
  // Fewer due than a batch (counted before the claim): this season has told everyone.
  const isDone = (found[0]?.due ?? 0) < batch
  if (isDone) {
    await tx.execute(sql`update seasons set recap_at = now() where id = ${seasonId}::uuid`)
  }
  return { told: fans.length, isDone }
}

function recapMailOf(
  env: UnsubscribeEnv,
  shareIds: Pick<SeasonShareIds, 'shareIdOf'>,
  season: ClaimedSeason,
  fan: ClaimedFan,
) {
  const lang = LanguageSchema.catch('en').parse(fan.locale ?? 'en')
  const shareId = encodeURIComponent(shareIds.shareIdOf(season.id, fan.user_id))
  return seasonRecapMail({
    to: fan.email,
    name: displayNameOf({
      email: fan.email,
      username: fan.username,
      displayUsername: fan.display_username,
    }),
    lang,
    seasonName: season.name,
    year: season.year,
    rank: Number(fan.rank ?? season.fans),
    fans: Number(season.fans),
    points: Number(fan.points),
    played: Number(fan.tournaments),
    correct: Number(fan.correct),
    coinsWon: Number(fan.coins_won),
    link: `${env.PUBLIC_URL}/seasons/${season.id}/me`,
    shareLink: `${env.PUBLIC_URL}/season-share/${shareId}?lang=${lang}`,
    unsubscribe: unsubscribeLinks(env, fan.user_id, 'results'),
  })
}
