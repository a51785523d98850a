// The deadline reminder scan (docs/product.md "Mail preferences, unsubscribing and deadline
// reminders", docs/decisions/101). Every REMINDER_SCAN_SECONDS each server process looks for
// open tournaments whose deadline is 24 h or 2 h away and, in set-based SQL, claims the fans who
// should hear about it: confirmed, not banned, reminders not turned off, no bet on the
// tournament, not yet reminded in this window (reminder-claims.ts: found a range at a time,
// claimed a chunk at a time). A claim is a row of deadline_reminders written with ON CONFLICT
// DO NOTHING in the same transaction as the outbox rows of the mails, so processes scanning at
// once never send one reminder twice. A second chance's deadline (docs/product.md "Second
// chance") is scanned alike, for the fans of its tournament's main bracket who have not entered
// it.
// The first scan of a window looks at every fan; once it has, the window is marked swept, and
// later scans look only at the fans the triggers of drizzle/0032 noted since (confirmed, unbanned,
// reminders back on): a scan with nothing new costs index reads, not a pass over a million fans.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { insertTemplatedMails } from '#server/mail/mail-outbox'
import { queueDeadlinePushes } from '#server/game/push-queue'
import { dueSecondChances } from './due-second-chances'
import { dueTournaments, type DueTournament } from './due-tournaments'
import { claimDueFans, findUnremindedFans } from './reminder-claims'
import { isLateReminder } from './reminder-mail'
import { reminderWavesOf, type ReminderMailEnv } from './reminder-mails'

/** Fans claimed per transaction: bounds the transaction's size and the memory of its mails. */
export const REMINDER_CHUNK = 2000
/**
 * Fans a full pass reads per statement. Small enough that no statement nears the statement
 * timeout at a million fans on a busy machine; large enough that the pass is a few dozen hash
 * joins, not hundreds of statements each paying its own planning (bench/README.md, deadline
 * reminders: 2,000 a statement took 75 s for a million fans at load 15).
 */
export const REMINDER_RANGE = 50_000

// Candidates outlive any window (24 h) with room to spare.
const CANDIDATE_RETENTION = "interval '2 days'"

type Rows<T> = { rows: T[] }

export type ReminderScanEnv = ReminderMailEnv

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
      // A range holds at most `range` fans; an unranged pass reads its fans `range` at a time.
      let cursor: string | null = after
      for (;;) {
        const ids = await findUnremindedFans(db, tournament, { after: cursor, upTo, limit: range })
        for (let first = 0; first < ids.length; first += chunk) {
          written += await remindChunk(db, tournament, ids.slice(first, first + chunk), {
            wavesOf,
            now,
          })
        }
        if (ids.length < range) break
        cursor = ids.at(-1)!
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

/** Claims `ids`' due fans and writes their mails (and 2 h pushes) in one transaction. */
async function remindChunk(
  db: Database,
  tournament: DueTournament,
  ids: readonly string[],
  { wavesOf, now }: { wavesOf: ReturnType<typeof reminderWavesOf>; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const fans = await claimDueFans(tx, tournament, ids)
    await insertTemplatedMails(tx, wavesOf(fans.filter((fan) => fan.wants_mail)))
    if (tournament.window === 2) {
      await queueDeadlinePushes(tx, {
        tournamentId: tournament.id,
        tournamentName: tournament.name,
        contest: tournament.contest,
        deadline: tournament.deadline,
        isLate: isLateReminder(tournament.window, tournament.deadline, now),
        userIds: fans.map((fan) => fan.id),
      })
    }
    return fans.length
  })
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
