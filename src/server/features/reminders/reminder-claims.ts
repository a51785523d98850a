// Who a pass of the reminder scan reminds (decision 101), in two steps (decision 186):
// - finding: one set-based statement over a range of fans that keeps those with no reminder of
//   this window and no bet on this contest. It reads only the fans' ids and the two tables'
//   keys (index-only range scans merged in id order), so a fan already reminded costs an index
//   entry, not a probe of two indexes and a read of their user row;
// - claiming: a chunk of those ids, each checked against the fan's own row (confirmed, not
//   banned, reminders wanted) and the bets again, and written to deadline_reminders with ON
//   CONFLICT DO NOTHING in the transaction of their mails, so scans at the same moment never
//   send one reminder twice.
import { sql, type SQL } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client'
import { wantsPushSql } from '#server/game/push-preferences'
import type { DueTournament } from './due-tournaments'
import type { ReminderFan } from './reminder-mails'

// A transaction that began before a sweep may commit a change after it: candidates are read
// from this long before the sweep began (statements time out well within it).
const CANDIDATE_OVERLAP = "interval '5 minutes'"

export interface ClaimedFan extends ReminderFan {
  /** Mail reminders on; a fan claimed for the push alone (2 h window) gets no mail. */
  wants_mail: boolean
}

type Rows<T> = { rows: T[] }

/** `after` < column ≤ `upTo`, each bound only when given. */
function idRange(column: SQL, after: string | null, upTo: string | null): SQL {
  return sql`${after === null ? sql`` : sql`and ${column} > ${after}`}
             ${upTo === null ? sql`` : sql`and ${column} <= ${upTo}`}`
}

/**
 * The fans a pass looks at, as a relation `f` with an `id`: every fan on the window's first pass
 * (a second chance's: its main bracket's fans); afterwards only those the triggers of
 * drizzle/0032 noted as changed since the pass began.
 */
function fansOf(tournament: DueTournament): SQL {
  if (tournament.sweptFrom !== null) {
    return sql`(select distinct c.user_id as id from reminder_candidates c
                where c.changed_at >= ${tournament.sweptFrom.toISOString()}::timestamptz
                                      - ${sql.raw(CANDIDATE_OVERLAP)}) f`
  }
  if (tournament.contest === 'main') return sql`"user" f`
  return sql`(select b.user_id as id from bets b
              where b.tournament_id = ${tournament.id} and b.contest = 'main'
                and b.status <> 'refunded') f`
}

/**
 * Up to `limit` fans in id order, `after` < id ≤ `upTo`, with no reminder of `tournament`'s
 * window and no bet on its contest: the candidates of a claim. Whether they want the reminder is
 * the claim's to check, on the few that are left.
 */
export async function findUnremindedFans(
  db: Database,
  tournament: DueTournament,
  { after, upTo, limit }: { after: string | null; upTo: string | null; limit: number },
): Promise<string[]> {
  const reminded = sql`select r.user_id from deadline_reminders r
    where r.tournament_id = ${tournament.id}
      and r.contest = ${tournament.contest}
      and r.window_hours = ${tournament.window}
      ${idRange(sql`r.user_id`, after, upTo)}`
  const entered = sql`select b.user_id from bets b
    where b.tournament_id = ${tournament.id}
      and b.contest = ${tournament.contest}
      ${idRange(sql`b.user_id`, after, upTo)}`
  // A range of every fan: each set is read whole, in id order, from its index (the reminders'
  // (tournament, contest, window, user), the bets' (user, tournament, contest)) and merged with
  // the range's ids: index entries, no probe per fan. Written as is, the planner sorted the
  // reminders again before merging (46 ms for 50,000 fans against 140–180 ms, decision 186);
  // `offset 0` keeps each subquery whole, with its order. Any other pass looks at few fans and
  // probes each one's keys instead.
  const without = (ids: SQL) =>
    upTo === null
      ? sql`not exists (select 1 from (${ids}) x where x.user_id = f.id)`
      : sql`not exists (select 1 from (${ids} order by 1 offset 0) x where x.user_id = f.id)`
  const { rows } = (await db.execute(sql`
    select f.id from ${fansOf(tournament)}
    where ${without(reminded)}
      and ${without(entered)}
      ${idRange(sql`f.id`, after, upTo)}
    order by f.id
    limit ${limit}`)) as unknown as Rows<{ id: string }>
  return rows.map((row) => row.id)
}

/**
 * Claims those of `ids` due a reminder of `tournament` in its window and returns what their mail
 * needs, in id order. A fan claimed by a scan that has not committed yet is waited for, then
 * skipped.
 */
export async function claimDueFans(
  tx: Transaction,
  tournament: DueTournament,
  ids: readonly string[],
): Promise<ClaimedFan[]> {
  if (ids.length === 0) return []
  // The 2-hour reminder is pushed too (docs/product.md "The app on a phone: push notifications,
  // installing, offline"): a fan with mail reminders off but push reminders on and a device is
  // due it as well.
  const wantsReminder =
    tournament.window === 2
      ? sql`(p.reminders is not false or (${wantsPushSql('reminders')}
             and exists (select 1 from push_subscriptions s where s.user_id = u.id)))`
      : // The same as p.reminders is not false, as an anti-join: that filter on the left-joined
        // row was estimated to keep one fan in many (every stored preference row of the
        // benchmark has reminders off), and the claimed fans were then matched to their rows
        // pair by pair, 2 s a chunk of 2,000 (decisions 176, 186).
        sql`not exists (select 1 from user_preferences q
                        where q.user_id = u.id and q.reminders is false)`
  const { rows } = (await tx.execute(sql`
    with due as materialized (
      select u.id, u.email, u.username, u.display_username,
             coalesce(p.locale, 'en') as locale, p.time_zone,
             p.reminders is not false as wants_mail
      from unnest(${textArray(ids)}::text[]) as given(id)
      join "user" u on u.id = given.id
      left join user_preferences p on p.user_id = u.id
      where u.email_verified
        and u.banned is not true
        and ${wantsReminder}
        and not exists (
          select 1 from bets b where b.user_id = u.id and b.tournament_id = ${tournament.id}
             and b.contest = ${tournament.contest})
        ${
          tournament.contest === 'main'
            ? sql``
            : sql`and exists (
          select 1 from bets b where b.user_id = u.id and b.tournament_id = ${tournament.id}
             and b.contest = 'main' and b.status <> 'refunded')`
        }
    ), claimed as (
      -- In id order, as every scan claims: two scans claiming the same fans wait for each other
      -- in one order, never in a circle.
      insert into deadline_reminders (tournament_id, contest, window_hours, user_id)
      select ${tournament.id}, ${tournament.contest}::contest, ${tournament.window}, id
      from due order by id
      on conflict do nothing
      returning user_id
    )
    select d.id, d.email, d.username, d.display_username, d.locale, d.time_zone, d.wants_mail
    from claimed c
    join due d on d.id = c.user_id
    order by d.id`)) as unknown as Rows<ClaimedFan>
  return rows
}

/**
 * `ids` as a PostgreSQL array literal, each element quoted: one parameter whose length the
 * planner reads when it plans `unnest` (a JSON array is estimated at 100 elements, whatever its
 * length).
 */
function textArray(ids: readonly string[]): string {
  return `{${ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`
}
