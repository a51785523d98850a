import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import type { Database } from '#server/db/client'
import { AppError } from '#server/errors'
import { isUuid } from '#server/game/ids'
import { getTournamentRow } from '#server/game/tournament-reads'
import { findViewerId } from '#server/auth/viewer'
import { createLiveBody, LIVE_HEADERS } from './live-sinks'
import type { LiveStreams } from './live-streams'

/**
 * GET /api/tournaments/:id/live: Server-Sent Events for whoever may read the tournament page
 * (visitors too). 400 for a malformed id, 404 for an unknown one, 429 over the per-fan or
 * per-address limit, 503 when the process is full or stopping (docs/decisions/090).
 */
export function createLiveRoutes({
  db,
  auth,
  live,
}: {
  db: Database
  auth: Auth
  live: LiveStreams
}) {
  return new Hono<AppEnv>().get('/:id/live', async (c) => {
    const tournamentId = c.req.param('id')
    if (!isUuid(tournamentId)) {
      throw new AppError('VALIDATION_FAILED', 'The tournament id is not valid.')
    }
    const userId = await findViewerId(c, auth)
    await getTournamentRow(db, tournamentId)
    const slot = live.reserve(userId ? { userId } : { address: c.var.clientIp })
    try {
      await live.ready()
    } catch (error) {
      slot.release()
      throw error
    }
    const { body, sink } = createLiveBody()
    void live.serve(slot, tournamentId, sink)
    return c.body(body, 200, LIVE_HEADERS)
  })
}
