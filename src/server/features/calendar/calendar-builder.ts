// An RFC 5545 calendar from plain events (decision 133), written by ical-generator (line folding,
// escaping, UTC times, alarms). Every calendar the app serves is built here from a list of
// events, so a new kind of event (a match's start time) is a new source, not a new format.
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator'

export interface CalendarEvent {
  /** Stable across requests, so a calendar app updates the event instead of adding another. */
  uid: string
  summary: string
  description?: string
  url?: string
  /** Where it happens (a match's court). */
  location?: string
  start: Date
  /** Absent: an instant (a deadline). */
  end?: Date
  /** Whole days from start's date to end's date (end exclusive). */
  allDay?: boolean
  /** A reminder this long before the start. */
  alarmBeforeSeconds?: number
  alarmText?: string
  cancelled?: boolean
  /** When what the event says last changed: the SEQUENCE calendar apps compare. */
  changedAt: Date
}

export interface Calendar {
  name: string
  /** How often a subscribed app should fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshSeconds?: number
  events: CalendarEvent[]
}

const PRODUCT_ID = { company: 'Golden Point', product: 'Golden Point', language: 'EN' }

export function buildCalendar({ name, refreshSeconds, events }: Calendar): string {
  const calendar = ical({
    name,
    prodId: PRODUCT_ID,
    ...(refreshSeconds === undefined ? {} : { ttl: refreshSeconds }),
  })
  for (const event of events) {
    const created = calendar.createEvent({
      id: event.uid,
      summary: event.summary,
      start: event.start,
      ...(event.end === undefined ? {} : { end: event.end }),
      allDay: event.allDay ?? false,
      ...(event.description === undefined ? {} : { description: event.description }),
      ...(event.url === undefined ? {} : { url: event.url }),
      ...(event.location === undefined ? {} : { location: event.location }),
      lastModified: event.changedAt,
      // Minutes since the epoch: grows with every change and fits the 32-bit SEQUENCE.
      sequence: Math.floor(event.changedAt.getTime() / 60_000),
      ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    })
    if (event.alarmBeforeSeconds !== undefined) {
      created.createAlarm({
        type: ICalAlarmType.display,
        triggerBefore: event.alarmBeforeSeconds,
        description: event.alarmText ?? event.summary,
      })
    }
  }
  return calendar.toString()
}
