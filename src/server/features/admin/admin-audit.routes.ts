import { Hono } from 'hono'
import { AuditQuerySchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { listAudit } from './admin-audit.service'

/** /api/admin/audit (the admin check is made by the parent router). */
export function createAdminAuditRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>().get('/', validate('query', AuditQuerySchema), async (c) =>
    c.json(await listAudit(db, c.req.valid('query')), 200),
  )
}
