// The events of the calendars (docs/product.md "Calendars", decision 133): each source turns a list of
// tournaments into events for one reader (their language; the fan, on their feed). A tournament's
// .ics and a fan's feed take every source, so a new kind of event is one more source in
// CALENDAR_EVENT_SOURCES.
import { sql } from 'drizzle-orm'
import { shortNameOf } from '#domain/player/short-name'
import type { Round } from '#domain/bracket/bracket'
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

/** How long a match's event lasts: about a best-of-three padel match. */
const MATCH_MS = 90 * 60 * 1000

interface ScheduledMatchRow {
  id: string
  tournament_id: string
  round: Round
  match_number: number
  starts_at: Date | string
  court: string | null
  updated_at: Date | string
  picked_team_id: string
  pair1: string | null
  pair2: string | null
}

/**
 * On a fan's feed only (docs/decisions/162): each scheduled match where a pair the fan picked to
 * win it plays, in either contest, played or not. Its UID is the match's, so a moved start time
 * or court updates the event. A tournament's public calendar names nobody's picks.
 */
const matchEvents: CalendarEventSource = async (tournaments, reader) => {
  if (reader.userId === null || tournaments.length === 0) return []
  const copy = CALENDAR_COPY[reader.lang]
  const byId = new Map(tournaments.map((tournament) => [tournament.id, tournament]))
  const ids = sql.join(
    tournaments.map((tournament) => sql`${tournament.id}::uuid`),
    sql`, `,
  )
  const { rows } = (await reader.db.execute(sql`
    select distinct on (m.id, pick.team_id)
           m.id, m.tournament_id, m.round::text as round, m.match_number, m.starts_at, m.court,
           m.updated_at, pick.team_id as picked_team_id,
           m.team1_id::text as pair1, m.team2_id::text as pair2
      from bets b
      cross join lateral jsonb_array_elements(b.picks) as entry
      cross join lateral (select entry->>'predicted_winner_id' as team_id) as pick
      join matches m on m.id::text = entry->>'match_id' and m.tournament_id = b.tournament_id
     where b.user_id = ${reader.userId} and b.status <> 'refunded'
       and b.tournament_id in (${ids})
       and m.starts_at is not null
       and pick.team_id in (m.team1_id::text, m.team2_id::text)
     order by m.id, pick.team_id`)) as unknown as Rows<ScheduledMatchRow>
  const names = await shortPairNames(
    reader.db,
    rows.flatMap((row) => [row.pair1, row.pair2]),
  )
  const nameOf = (id: string | null) => (id === null ? '?' : (names.get(id) ?? '?'))
  return rows.map((row) => {
    const tournament = byId.get(row.tournament_id)!
    const start = new Date(row.starts_at)
    const link = `${reader.publicUrl}/tournament/${tournament.id}`
    const round = copy.rounds[row.round]
    return {
      uid: `match-${row.id}@${new URL(reader.publicUrl).host}`,
      summary: copy.match(
        row.round === 'final' ? round : `${round} ${row.match_number}`,
        `${nameOf(row.pair1)} – ${nameOf(row.pair2)}`,
      ),
      description: copy.matchText(tournament.name, nameOf(row.picked_team_id), link),
      url: link,
      ...(row.court === null ? {} : { location: row.court }),
      start,
      end: new Date(start.getTime() + MATCH_MS),
      cancelled: tournament.status === 'cancelled',
      changedAt: new Date(
        Math.max(new Date(row.updated_at).getTime(), tournament.updatedAt.getTime()),
      ),
    }
  })
}

/** Team id → "Galán / Chingotto", the players' short names. */
async function shortPairNames(
  db: Database,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const { rows } = (await db.execute(sql`
    select t.id::text as id, p1.name as name1, p1.short_name as short1,
           p2.name as name2, p2.short_name as short2
      from teams t
      join players p1 on p1.id = t.player1_id
      join players p2 on p2.id = t.player2_id
     where t.id in (${sql.join(
       wanted.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`)) as unknown as Rows<{
    id: string
    name1: string
    short1: string | null
    name2: string
    short2: string | null
  }>
  return new Map(
    rows.map((row) => [
      row.id,
      `${shortNameOf({ name: row.name1, shortName: row.short1 })} / ${shortNameOf({ name: row.name2, shortName: row.short2 })}`,
    ]),
  )
}

export const CALENDAR_EVENT_SOURCES: CalendarEventSource[] = [
  deadlineEvents,
  secondChanceEvents,
  datesEvents,
  matchEvents,
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
