// Writing pushes in the transaction of their cause (docs/decisions/131): each writer inserts one
// push_outbox row per device of each fan who wants the kind, set-based, ON CONFLICT DO NOTHING on
// (device, message), so a cause that runs twice writes nothing twice.
import { sql, type SQL } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { PushMessageKind } from '#shared/schemas/push'
import type { Transaction } from '#server/db/client'
import { wantsPushSql } from './push-preferences'
import { PUSH_KIND_RULES } from './push-kinds'

/** The notification kinds that are also pushed; the others (a settled-with-nothing) are not. */
const PUSHED_NOTIFICATION_KINDS = [
  'payout_received',
  'refund',
  'league_joined',
  'league_nudge',
  'second_chance_opened',
  'season_recap',
] as const satisfies readonly PushMessageKind[]

/** `case <kind> when … then <value> … else <otherwise> end` over the given kinds. */
function byKind(
  kinds: readonly PushMessageKind[],
  kind: SQL,
  valueOf: (kind: PushMessageKind) => SQL,
  otherwise: SQL,
): SQL {
  const arms = kinds.map((each) => sql`when ${each} then ${valueOf(each)}`)
  return sql`(case ${kind} ${sql.join(arms, sql` `)} else ${otherwise} end)`
}

/** now() + the kind's TTL. */
export function expiresAtSql(kind: PushMessageKind): SQL {
  return sql`now() + ${PUSH_KIND_RULES[kind].ttlSeconds} * interval '1 second'`
}

/**
 * The pushes of notifications just written, in their transaction: one call after the insert,
 * with the new rows' ids, made by the one notifications writer (notification-writes.ts).
 */
export async function queueNotificationPushes(
  tx: Transaction,
  notificationIds: readonly string[],
): Promise<void> {
  if (notificationIds.length === 0) return
  const kinds = PUSHED_NOTIFICATION_KINDS
  await tx.execute(sql`
    insert into push_outbox (subscription_id, kind, dedupe_key, data, expires_at)
    select s.id, n.kind, 'notification:' || n.id,
           jsonb_strip_nulls(jsonb_build_object(
             'lang', coalesce(p.locale, 'en'),
             'tournamentId', n.tournament_id, 'tournamentName', t.name,
             'coins', n.coins, 'correct', n.correct, 'total', n.total,
             'leagueId', n.league_id, 'leagueName', l.name,
             'fan', coalesce(a.display_username, a.username),
             'seasonId', n.season_id, 'seasonName', se.name,
             'seasonYear', to_char(se.ends_on, 'YYYY'))),
           ${byKind(kinds, sql`n.kind`, expiresAtSql, sql`now()`)}
      from notifications n
      join push_subscriptions s on s.user_id = n.user_id
      join "user" u on u.id = n.user_id
      left join user_preferences p on p.user_id = n.user_id
      left join tournaments t on t.id = n.tournament_id
      left join leagues l on l.id = n.league_id
      left join "user" a on a.id = n.actor_user_id
      left join seasons se on se.id = n.season_id
     where n.id = any(${`{${notificationIds.join(',')}}`}::uuid[])
       and u.banned is not true
       and ${byKind(kinds, sql`n.kind`, (kind) => wantsPushSql(PUSH_KIND_RULES[kind].preference), sql`false`)}
    on conflict (subscription_id, dedupe_key) do nothing`)
}

/**
 * The 2-hour deadline reminder's pushes for the fans a reminder scan has just claimed (decision
 * 101), in the claim's transaction. It is worth delivering until the deadline. `isLate`, decided
 * by the scan's clock, makes its title say when the deadline falls (decision 165).
 */
export async function queueDeadlinePushes(
  tx: Transaction,
  reminder: {
    tournamentId: string
    tournamentName: string
    contest: Contest
    deadline: Date
    isLate?: boolean
    userIds: readonly string[]
  },
): Promise<void> {
  if (reminder.userIds.length === 0) return
  const { tournamentId, tournamentName, contest, deadline } = reminder
  const late = reminder.isLate === true ? true : null
  await tx.execute(sql`
    insert into push_outbox (subscription_id, kind, dedupe_key, data, expires_at)
    select s.id, 'deadline_reminder', ${`deadline_reminder:${tournamentId}:${contest}:2`},
           jsonb_strip_nulls(jsonb_build_object(
             'lang', coalesce(p.locale, 'en'), 'timeZone', p.time_zone,
             'tournamentId', ${tournamentId}::text, 'tournamentName', ${tournamentName}::text,
             'contest', ${contest}::text, 'deadline', ${deadline.toISOString()}::text,
             'late', ${late}::boolean)),
           least(${deadline.toISOString()}::timestamptz, ${expiresAtSql('deadline_reminder')})
      from push_subscriptions s
      left join user_preferences p on p.user_id = s.user_id
     where s.user_id in (
             select jsonb_array_elements_text(${JSON.stringify(reminder.userIds)}::jsonb))
       and ${wantsPushSql('reminders')}
    on conflict (subscription_id, dedupe_key) do nothing`)
}

/**
 * A match result's pushes are many (every entrant of the tournament): its transaction records
 * the fan-out, and the push worker writes it a batch of brackets at a time (push-fanout.ts).
 */
export async function recordResultFanout(
  tx: Transaction,
  result: { tournamentId: string; matchId: string; winnerTeamId: string },
): Promise<void> {
  await tx.execute(sql`
    insert into push_fanouts (kind, tournament_id, match_id, winner_team_id)
    values ('match_result', ${result.tournamentId}::uuid, ${result.matchId}::uuid,
            ${result.winnerTeamId}::uuid)`)
}
