// A match's start time and court as the admin forms write them (docs/decisions/141): omitted
// fields keep what is stored, and a change is announced on the live stream as `schedule`.
import type { matches } from '#server/db/schema'

type MatchRow = typeof matches.$inferSelect

export interface MatchSchedule {
  startsAt: Date | null
  court: string | null
}

/** The stored instant of an ISO string from the wire (already checked by the schema). */
export function toInstant(startsAt: string | null): Date | null {
  return startsAt === null ? null : new Date(startsAt)
}

/** The schedule a match form leaves: each field given replaces the stored one. */
export function scheduleAfterUpdate(
  current: Pick<MatchRow, 'startsAt' | 'court'>,
  input: { startsAt?: string | null | undefined; court?: string | null | undefined },
): MatchSchedule {
  return {
    startsAt: input.startsAt === undefined ? current.startsAt : toInstant(input.startsAt),
    court: input.court === undefined ? current.court : input.court,
  }
}

export function isScheduleChanged(
  current: Pick<MatchRow, 'startsAt' | 'court'>,
  next: MatchSchedule,
): boolean {
  return current.court !== next.court || current.startsAt?.getTime() !== next.startsAt?.getTime()
}
