// The live stream of a tournament (GET /api/tournaments/:id/live, docs/decisions/089): the event
// names and what each carries. Data is small and public: ids and a status, never a fan's picks.
import type { Contest } from './contest'

/**
 * Sent now: a result entered or corrected, the MVP set, the status changed, the standings rebuilt
 * (a moment after a result, features/standings; one rebuild ranks every contest, and names them
 * when the second chance has brackets: docs/product.md, second chance for fans), a start time or
 * court changed (the order of play, docs/decisions/141).
 */
export const LIVE_EVENTS_SENT = ['result', 'mvp', 'status', 'standings', 'schedule'] as const
/** Names kept for what comes later (pool and entries, settlement progress). */
export const LIVE_EVENTS_RESERVED = ['pool', 'settlement'] as const
export const LIVE_EVENTS = [...LIVE_EVENTS_SENT, ...LIVE_EVENTS_RESERVED] as const

export type LiveEventName = (typeof LIVE_EVENTS)[number]

export interface LiveEventData {
  result: { matchId: string }
  mvp: { playerId: string | null }
  status: { status: string }
  /** The contest whose pool moved; absent: the main one (a client that ignores it refetches all). */
  pool: { contest?: Contest }
  /** Absent for a tournament with the main bracket only (as before the second chance). */
  standings: { contests?: Contest[] }
  settlement: Record<string, never>
  /** The matches whose start time or court changed. */
  schedule: { matchIds: string[] }
}

export function isLiveEventName(value: unknown): value is LiveEventName {
  return typeof value === 'string' && (LIVE_EVENTS as readonly string[]).includes(value)
}

/** At most this many streams per signed-in fan and per process (a 6th is 429). */
export const LIVE_STREAMS_PER_USER = 5
/** At most this many streams per signed-out visitor's address and per process. */
export const LIVE_STREAMS_PER_VISITOR_ADDRESS = 20
/** At most this many streams per server process (more is 503, try another process or later). */
export const LIVE_STREAMS_PER_PROCESS = 10_000
/**
 * At most this many of a process's streams held by signed-out visitors (more is 503 for them):
 * the rest of the process's places are kept for signed-in fans, whom a flood of visitors from a
 * few hundred addresses must not lock out.
 */
export const LIVE_STREAMS_FOR_VISITORS = 2_000
