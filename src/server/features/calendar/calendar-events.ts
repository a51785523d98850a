// The events of the calendars (docs/product.md §22, decision 133): each source turns a list of
// tournaments into events for one reader (their language; the fan, on their feed). A tournament's
// .ics and a fan's feed take every source, so a new kind of event — the scheduled matches of the
// pairs a fan picked — is one more source in CALENDAR_EVENT_SOURCES.
import { sql } from 'drizzle-orm'
import type { Language } from '#shared/schemas/auth'
import type { Database } from '#server/db/client'
import type { CalendarEvent } from './calendar-builder'
import { CALENDAR_COPY } from './calendar-copy'

export interface CalendarTournament {
  id: string
  name: string
  status: string
  startDate: Date
  endDate: Date
  bettingDeadline: Date
  updatedAt: Date
  /** The second chance's deadline, when the tournament has one. */
  secondChanceDeadline: Date | null
  /** On a fan's feed: whether the fan has a main bracket on it. */
  hasEntered: boolean
}

export interface CalendarReader {
  db: Database
  lang: Language
  publicUrl: string
  /** The fan whose feed this is; null for a tournament's calendar. */
  userId: string | null
}

export type CalendarEventSource = (
  tournaments: readonly CalendarTournament[],
  reader: CalendarReader,
) => Promise<CalendarEvent[]>

const ALARM_BEFORE_SECONDS = 2 * 60 * 60
const DAY_MS = 24 * 60 * 60 * 1000

const uidOf = (kind: string, tournamentId: string, publicUrl: string) =>
  `${kind}-${tournamentId}@${new URL(publicUrl).host}`

/** The betting deadline, with an alarm 2 h before, while the tournament takes brackets. */
const deadlineEvents: CalendarEventSource = async (tournaments, reader) => {
  const copy = CALENDAR_COPY[reader.lang]
  return tournaments.map((tournament) => {
    const link = `${reader.publicUrl}/tournament/${tournament.id}?predict=1`
    return {
      uid: uidOf('deadline', tournament.id, reader.publicUrl),
      summary: copy.deadline(tournament.name),
      description: copy.deadlineText(tournament.name, link),
      url: link,
      start: tournament.bettingDeadline,
      alarmBeforeSeconds: ALARM_BEFORE_SECONDS,
      alarmText: copy.deadlineAlarm(tournament.name),
      cancelled: tournament.status === 'cancelled',
      changedAt: tournament.updatedAt,
    }
  })
}

/**
 * A second chance's deadline: on a tournament's calendar, and on the feed of a fan with a main
 * bracket there (only they may enter it).
 */
const secondChanceEvents: CalendarEventSource = async (tournaments, reader) => {
  const copy = CALENDAR_COPY[reader.lang]
  return tournaments.flatMap((tournament) => {
    if (tournament.secondChanceDeadline === null) return []
    if (reader.userId !== null && !tournament.hasEntered) return []
    const link = `${reader.publicUrl}/tournament/${tournament.id}?secondChance=1`
    return [
      {
        uid: uidOf('second-chance', tournament.id, reader.publicUrl),
        summary: copy.secondChance(tournament.name),
        description: copy.secondChanceText(tournament.name, link),
        url: link,
        start: tournament.secondChanceDeadline,
        alarmBeforeSeconds: ALARM_BEFORE_SECONDS,
        alarmText: copy.secondChanceAlarm(tournament.name),
        cancelled: tournament.status === 'cancelled',
        changedAt: tournament.updatedAt,
      },
    ]
  })
}

/** The tournament's days, whole days in UTC from its start to its end. */
const datesEvents: CalendarEventSource = async (tournaments, reader) => {
  const copy = CALENDAR_COPY[reader.lang]
  return tournaments.map((tournament) => {
    const link = `${reader.publicUrl}/tournament/${tournament.id}`
    return {
      uid: uidOf('dates', tournament.id, reader.publicUrl),
      summary: copy.dates(tournament.name),
      description: copy.datesText(link),
      url: link,
      start: startOfUtcDay(tournament.startDate),
      end: new Date(startOfUtcDay(tournament.endDate).getTime() + DAY_MS),
      allDay: true,
      cancelled: tournament.status === 'cancelled',
      changedAt: tournament.updatedAt,
    }
  })
}

export const CALENDAR_EVENT_SOURCES: CalendarEventSource[] = [
  deadlineEvents,
  secondChanceEvents,
  datesEvents,
]

export async function eventsFor(
  tournaments: readonly CalendarTournament[],
  reader: CalendarReader,
): Promise<CalendarEvent[]> {
  const lists = await Promise.all(
    CALENDAR_EVENT_SOURCES.map((source) => source(tournaments, reader)),
  )
  return lists.flat()
}

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
}

type Rows<T> = { rows: T[] }

interface TournamentRow {
  id: string
  name: string
  status: string
  start_date: Date | string
  end_date: Date | string
  betting_deadline: Date | string
  updated_at: Date | string
  second_chance_deadline: Date | string | null
  has_entered: boolean
}

/**
 * The tournaments of a calendar: one by id, or a fan's — every tournament still taking
 * brackets, and those the fan entered that ended less than 30 days ago.
 */
export async function loadCalendarTournaments(
  db: Database,
  which: { tournamentId: string } | { userId: string },
): Promise<CalendarTournament[]> {
  const userId = 'userId' in which ? which.userId : null
  const entered = sql`exists (select 1 from bets b
    where b.tournament_id = t.id and b.user_id = ${userId} and b.contest = 'main'
      and b.status <> 'refunded')`
  const where =
    'tournamentId' in which
      ? sql`t.id = ${which.tournamentId}::uuid`
      : sql`(t.status = 'upcoming' and t.betting_deadline > now())
             or (${entered} and t.end_date > now() - interval '30 days')`
  const { rows } = (await db.execute(sql`
    select t.id, t.name, t.status::text, t.start_date, t.end_date, t.betting_deadline,
           t.updated_at, c.betting_deadline as second_chance_deadline,
           ${userId === null ? sql`false` : entered} as has_entered
      from tournaments t
      left join tournament_contests c
        on c.tournament_id = t.id and c.contest = 'second_chance'
     where ${where}
     order by t.betting_deadline, t.id`)) as unknown as Rows<TournamentRow>
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    startDate: new Date(row.start_date),
    endDate: new Date(row.end_date),
    bettingDeadline: new Date(row.betting_deadline),
    updatedAt: new Date(row.updated_at),
    secondChanceDeadline:
      row.second_chance_deadline === null ? null : new Date(row.second_chance_deadline),
    hasEntered: row.has_entered,
  }))
}
