// The deadline reminder scan (docs/product.md "Mail preferences, unsubscribing and deadline
// reminders", docs/decisions/101). Every REMINDER_SCAN_SECONDS each server process looks for
// open tournaments whose deadline is 24 h or 2 h away and, in set-based SQL, claims the fans who
// should hear about it: confirmed, not banned, reminders not turned off, no bet on the
// tournament, not yet reminded in this window. A claim is a row of
// deadline_reminders written with ON CONFLICT DO NOTHING in the same transaction as the outbox
// rows of the mails, so processes scanning at once never send one reminder twice. A second
// chance's deadline (docs/product.md "Second chance") is scanned alike, for the fans of its tournament's main
// bracket who have not entered it.
// The first scan of a window looks at every fan; once it has, the window is marked swept, and
// later scans look only at the fans the triggers of drizzle/0032 noted since (confirmed, unbanned,
// reminders back on): a scan with nothing new costs index reads, not a pass over a million fans.
import { sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client'
import { insertTemplatedMails } from '#server/mail/mail-outbox'
import { wantsPushSql } from '#server/game/push-preferences'
import { queueDeadlinePushes } from '#server/game/push-queue'
import { dueSecondChances } from './due-second-chances'
import { dueTournaments, type DueTournament } from './due-tournaments'
import { isLateReminder } from './reminder-mail'
import { reminderWavesOf, type ReminderFan, type ReminderMailEnv } from './reminder-mails'

/** Fans claimed per transaction: bounds the transaction's size and the memory of its mails. */
export const REMINDER_CHUNK = 2000
/**
 * Fans a full pass reads per statement. Small enough that no statement nears the statement
 * timeout at a million fans on a busy machine; large enough that the pass is a few dozen hash
 * joins, not hundreds of statements each paying its own planning (bench/README.md, deadline
 * reminders: 2,000 a statement took 75 s for a million fans at load 15).
 */
export const REMINDER_RANGE = 50_000

// A transaction that began before a sweep may commit a change after it: candidates are read
// from this long before the sweep began (statements time out well within it).
const CANDIDATE_OVERLAP = "interval '5 minutes'"
// Candidates outlive any window (24 h) with room to spare.
const CANDIDATE_RETENTION = "interval '2 days'"

interface ClaimedFan extends ReminderFan {
  /** Mail reminders on; a fan claimed for the push alone (2 h window) gets no mail. */
  wants_mail: boolean
}

type Rows<T> = { rows: T[] }

export type ReminderScanEnv = ReminderMailEnv

interface Claim {
  fans: ClaimedFan[]
  /** Fans found due (at most `limit`), claimed here or by a scan at the same moment. */
  due: number
  /** The last of them in id order: where the next claim starts. */
  lastDue: string | null
}

/**
 * Claims up to `limit` fans due a reminder of `tournament` in its window and returns what their
 * mail needs. Fans claimed by a scan that has not committed yet are waited for, then skipped;
 * they still count as found, so a scan that lost them goes on after them.
 */
async function claimFans(
  tx: Transaction,
  tournament: DueTournament,
  limit: number,
  /** Fans are taken in id order; the next chunk starts after the last one claimed. */
  after: string | null,
  /** A full pass looks at one range of fans per statement: `after` < id ≤ `upTo`. */
  upTo: string | null = null,
): Promise<Claim> {
  // Every fan on the window's first pass (a second chance's: its main bracket's fans); afterwards
  // only those noted as changed since, read first (materialized) so the plan starts from those few
  // and looks each one up by key.
  const isMain = tournament.contest === 'main'
  // The 2-hour reminder is pushed too (docs/product.md "The app on a phone: push notifications, installing, offline"): a fan with mail reminders off but
  // push reminders on and a device is due it as well.
  const wantsReminder =
    tournament.window === 2
      ? sql`(p.reminders is not false or (${wantsPushSql('reminders')}
             and exists (select 1 from push_subscriptions s where s.user_id = u.id)))`
      : // The same as p.reminders is not false, as an anti-join: that filter on the left-joined
        // row was estimated to keep one fan of 50,000 (every stored preference row had reminders
        // off), so a full pass sorted each range whole instead of stopping at the chunk's limit
        // (docs/decisions/176).
        sql`not exists (select 1 from user_preferences q
                        where q.user_id = u.id and q.reminders is false)`
  const fans =
    tournament.sweptFrom === null
      ? isMain
        ? sql`"user" u`
        : sql`(select b.user_id from bets b
               where b.tournament_id = ${tournament.id} and b.contest = 'main'
                 and b.status <> 'refunded') entered
              join "user" u on u.id = entered.user_id`
      : sql`(select distinct c.user_id from reminder_candidates c
             where c.changed_at >= ${tournament.sweptFrom.toISOString()}::timestamptz
                                   - ${sql.raw(CANDIDATE_OVERLAP)}) changed
            join "user" u on u.id = changed.user_id`
  const { rows } = (await tx.execute(sql`
    with due as materialized (
      select u.id, u.email, u.username, u.display_username,
             coalesce(p.locale, 'en') as locale, p.time_zone,
             p.reminders is not false as wants_mail
      from ${fans}
      left join user_preferences p on p.user_id = u.id
      where u.email_verified
        ${after === null ? sql`` : sql`and u.id > ${after}`}
        ${upTo === null ? sql`` : sql`and u.id <= ${upTo}`}
        and u.banned is not true
        and ${wantsReminder}
        and not exists (
          select 1 from bets b where b.tournament_id = ${tournament.id} and b.user_id = u.id
             and b.contest = ${tournament.contest})
        ${
          isMain
            ? sql``
            : sql`and exists (
          select 1 from bets b where b.tournament_id = ${tournament.id} and b.user_id = u.id
             and b.contest = 'main' and b.status <> 'refunded')`
        }
        and not exists (
          select 1 from deadline_reminders r
          where r.tournament_id = ${tournament.id}
            and r.contest = ${tournament.contest}
            and r.window_hours = ${tournament.window}
            and r.user_id = u.id
            ${after === null ? sql`` : sql`and r.user_id > ${after}`}
            ${upTo === null ? sql`` : sql`and r.user_id <= ${upTo}`})
      order by u.id
      limit ${limit}
    ), claimed as (
      insert into deadline_reminders (tournament_id, contest, window_hours, user_id)
      select ${tournament.id}, ${tournament.contest}::contest, ${tournament.window}, id from due
      on conflict do nothing
      returning user_id
    )
    -- One row at least: what was found, with the claimed fans (if any) beside it. The fans'
    -- columns come from due itself: joining the claimed ids back to "user" was planned as a hash
    -- of every fan, a sequential scan of the table in each chunk (docs/decisions/176).
    select found.due, found.last_due, fan.*
    from (select count(*)::integer as due, max(id) as last_due from due) found
    left join (
      select d.id, d.email, d.username, d.display_username, d.locale, d.time_zone, d.wants_mail
      from claimed c
      join due d on d.id = c.user_id
    ) fan on true
    order by fan.id`)) as unknown as Rows<
    { due: number; last_due: string | null } & { [K in keyof ClaimedFan]: ClaimedFan[K] | null }
  >
  const found = rows[0]
  return {
    fans: rows.filter((row): row is typeof row & ClaimedFan => row.id !== null),
    due: found?.due ?? 0,
    lastDue: found?.last_due ?? null,
  }
}

/**
 * One scan: every due tournament, chunk by chunk, each chunk one transaction (claims and their
 * mails together). Resolves with the number of reminders written to the outbox. `now` is the
 * scan's moment (the database's clock unless given): it picks each deadline's window, and it
 * alone decides whether a reminder is late (reminder-mail.ts), so the wording never depends on
 * a second clock.
 */
export async function scanDeadlineReminders(
  db: Database,
  env: ReminderScanEnv,
  {
    chunk = REMINDER_CHUNK,
    range = REMINDER_RANGE,
    now: given,
  }: { chunk?: number; range?: number; now?: Date } = {},
): Promise<number> {
  let written = 0
  await db.execute(
    sql`delete from reminder_candidates where changed_at < now() - ${sql.raw(CANDIDATE_RETENTION)}`,
  )
  const now = given ?? (await databaseNow(db))
  const due = [...(await dueTournaments(db, now)), ...(await dueSecondChances(db, now))]
  for (const tournament of due) {
    const passStartedAt = await databaseNow(db)
    const wavesOf = reminderWavesOf(env, tournament, now)
    // A full pass over every fan goes range by range of `range` fans, so no statement reads every
    // fan at once (at a million fans on a busy machine one would outlast the statement timeout);
    // a second chance's pass reads its tournament's main brackets, chunk after chunk.
    const isRanged = tournament.sweptFrom === null && tournament.contest === 'main'
    let after: string | null = null
    for (;;) {
      const upTo: string | null = isRanged ? await rangeEnd(db, after, range) : null
      if (isRanged && upTo === null) break
      let cursor: string | null = after
      for (;;) {
        const claim = await db.transaction(async (tx) => {
          const found = await claimFans(tx, tournament, chunk, cursor, upTo)
          await insertTemplatedMails(tx, wavesOf(found.fans.filter((fan) => fan.wants_mail)))
          if (tournament.window === 2) {
            await queueDeadlinePushes(tx, {
              tournamentId: tournament.id,
              tournamentName: tournament.name,
              contest: tournament.contest,
              deadline: tournament.deadline,
              isLate: isLateReminder(tournament.window, tournament.deadline, now),
              userIds: found.fans.map((fan) => fan.id),
            })
          }
          return found
        })
        written += claim.fans.length
        cursor = claim.lastDue ?? cursor
        if (claim.due < chunk) break
      }
      if (upTo === null) break
      after = upTo
    }
    if (tournament.sweptFrom === null) {
      await db.execute(sql`
        insert into reminder_sweeps (tournament_id, contest, window_hours, swept_from)
        values (${tournament.id}, ${tournament.contest}::contest, ${tournament.window},
                ${passStartedAt.toISOString()}::timestamptz)
        on conflict do nothing`)
    }
  }
  return written
}

/** The id of the `size`-th fan after `after` in id order (or the last one); null past the end. */
async function rangeEnd(db: Database, after: string | null, size: number): Promise<string | null> {
  const { rows } = (await db.execute(sql`
    select max(id) as id from (
      select id from "user"
      ${after === null ? sql`` : sql`where id > ${after}`}
      order by id limit ${size}) range`)) as unknown as Rows<{ id: string | null }>
  return rows[0]?.id ?? null
}

async function databaseNow(db: Database): Promise<Date> {
  const { rows } = (await db.execute(sql`select now() as now`)) as unknown as Rows<{
    now: Date | string
  }>
  return new Date(rows[0]!.now)
}
