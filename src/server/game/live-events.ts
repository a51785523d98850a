// Publishing a live event: a NOTIFY inside the caller's transaction, which PostgreSQL (and PGlite)
// delivers at commit and drops on rollback, so nothing is announced that did not happen
// (docs/decisions/089). Every process LISTENs on the one channel (live-listener.ts).
import { sql } from 'drizzle-orm'
import { isLiveEventName, type LiveEventData, type LiveEventName } from '#shared/schemas/live'
import type { Database, Transaction } from '#server/db/client'

export const LIVE_CHANNEL = 'golden_point_live'

export interface LiveEvent<Name extends LiveEventName = LiveEventName> {
  tournamentId: string
  event: Name
  data: LiveEventData[Name]
}

/** Announces `event` to the tournament's open streams once (and only if) `tx` commits. */
export async function publishLiveEvent<Name extends LiveEventName>(
  tx: Transaction | Database,
  tournamentId: string,
  event: Name,
  data: LiveEventData[Name],
): Promise<void> {
  const payload = JSON.stringify({ tournamentId, event, data } satisfies LiveEvent<Name>)
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`)
}

/** The event in a notification's payload, or null when it is not one of ours. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>
    if (typeof value.tournamentId !== 'string' || !isLiveEventName(value.event)) return null
    if (typeof value.data !== 'object' || value.data === null) return null
    return value as LiveEvent
  } catch {
    return null
  }
}
