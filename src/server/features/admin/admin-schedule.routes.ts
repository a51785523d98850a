import { Hono } from 'hono'
import { ScheduleInputSchema } from '#shared/schemas/schedule'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { setSchedule } from './admin-schedule.service'

/** PUT /api/admin/tournaments/:id/schedule (the admin check is made by the parent router). */
export function createAdminScheduleRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>().put('/:id/schedule', validate('json', ScheduleInputSchema), async (c) =>
    c.json(
      await setSchedule(db, {
        actorId: c.var.user.id,
        tournamentId: c.req.param('id'),
        input: c.req.valid('json'),
      }),
      200,
    ),
  )
}
