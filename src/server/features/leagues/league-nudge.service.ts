// The owner's nudge (docs/product.md "Leagues", docs/decisions/106): a reminder mail (outbox) and an
// in-app notification for each member without a bracket in an open tournament, at most once per
// fan, tournament and UTC day, whichever league asks. The claim is a league_nudges row written
// with ON CONFLICT DO NOTHING in the same transaction as the mails and notifications, so two
// clicks or two owners at once nudge nobody twice. Fans who turned league nudges off, banned and
// unconfirmed accounts, and the owner are left out.
import { eq, sql } from 'drizzle-orm'
import { isBettingOpen } from '#domain/tournament/tournament'
import { displayNameOf } from '#shared/schemas/auth'
import type { NudgeResult } from '#shared/schemas/league'
import { rowsOf, type Database } from '#server/db/client'
import { tournaments } from '#server/db/schema'
import type { Env } from '#server/env'
import { AppError, appErrorBecause } from '#server/errors'
import { insertOutboxMails } from '#server/mail/mail-outbox'
import type { Mailer } from '#server/mail/mailer'
import { unsubscribeLinks } from '#server/mail/unsubscribe-links'
import { isUuid } from '#server/game/ids'
import { readLeagueAsOwner } from './league-access'
import { renderNudgeMail } from './league-nudge-mail'
import { insertNotificationsSql, queueNotificationPushes } from '#server/game/notification-writes'

export type NudgeEnv = Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET'>

interface NudgedFan {
  id: string
  email: string
  username: string | null
  display_username: string | null
  locale: string
  time_zone: string | null
}

export async function nudgeMembers(
  { db, env, mailer }: { db: Database; env: NudgeEnv; mailer: Mailer },
  leagueId: string,
  owner: { id: string; name: string },
  tournamentId: string,
  now = new Date(),
): Promise<NudgeResult> {
  const nudged = await db.transaction(async (tx) => {
    const league = await readLeagueAsOwner(tx, leagueId, owner.id)
    const [tournament] = isUuid(tournamentId)
      ? await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId))
      : []
    if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
    if (!isBettingOpen(tournament.status, tournament.bettingDeadline, now))
      throw appErrorBecause('CONFLICT', 'NUDGE_TOURNAMENT_NOT_OPEN')
    const rows = rowsOf<NudgedFan & { notification_id: string }>(
      await tx.execute(sql`
      with due as (
        select m.user_id
          from league_members m
          join "user" u on u.id = m.user_id
          left join user_preferences p on p.user_id = m.user_id
         where m.league_id = ${league.id}
           and m.user_id <> ${owner.id}
           and u.email_verified and u.banned is not true
           and p.league_nudges is not false
           and not exists (select 1 from bets b
                            where b.user_id = m.user_id and b.tournament_id = ${tournament.id})
      ), claimed as (
        insert into league_nudges (tournament_id, user_id, day, league_id)
        select ${tournament.id}, user_id, (now() at time zone 'utc')::date, ${league.id} from due
        on conflict do nothing
        returning user_id
      ), told as (
        ${insertNotificationsSql(
          ['user_id', 'kind', 'tournament_id', 'league_id', 'actor_user_id'],
          sql`select user_id, 'league_nudge', ${tournament.id}, ${league.id}, ${owner.id}
                from claimed`,
        )}
      )
      select u.id, u.email, u.username, u.display_username,
             coalesce(p.locale, 'en') as locale, p.time_zone,
             (select t.id from told t where t.user_id = c.user_id) as notification_id
        from claimed c
        join "user" u on u.id = c.user_id
        left join user_preferences p on p.user_id = u.id
       order by u.id`),
    )
    await queueNotificationPushes(
      tx,
      rows.map((fan) => fan.notification_id),
    )
    const wizardLink = `${env.PUBLIC_URL}/tournament/${tournament.id}?predict=1`
    await insertOutboxMails(
      tx,
      rows.map((fan) => {
        const links = unsubscribeLinks(env, fan.id, 'leagueNudges')
        const content = renderNudgeMail({
          lang: fan.locale === 'es' ? 'es' : 'en',
          timeZone: fan.time_zone,
          name: displayNameOf({
            email: fan.email,
            username: fan.username,
            displayUsername: fan.display_username,
          }),
          ownerName: owner.name,
          leagueName: league.name,
          tournamentName: tournament.name,
          deadline: tournament.bettingDeadline,
          wizardLink,
          unsubscribeLink: links.pageUrl,
        })
        return { to: fan.email, link: wizardLink, headers: links.headers, ...content }
      }),
    )
    return rows.length
  })
  if (nudged > 0) mailer.wake()
  return { nudged }
}
