// GET /api/notifications and POST /api/notifications/read (decision 102): signed-in fans only,
// each seeing and marking only their own.
import { Hono } from 'hono'
import { MarkNotificationsReadSchema, NotificationsQuerySchema } from '#shared/schemas/notification'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { listNotifications, markNotificationsRead } from './notifications.service'

export function createNotificationRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .get('/', validate('query', NotificationsQuerySchema), async (c) =>
      c.json(await listNotifications(db, c.var.user.id, c.req.valid('query')), 200),
    )
    .post('/read', validate('json', MarkNotificationsReadSchema), async (c) =>
      c.json(await markNotificationsRead(db, c.var.user.id, c.req.valid('json')), 200),
    )
}
