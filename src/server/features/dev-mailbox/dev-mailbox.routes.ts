import { Hono } from 'hono'
import { MailboxQuerySchema, type MailboxMessage } from '#shared/schemas/mailbox'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import type { Env } from '#server/env'
import { AppError } from '#server/errors'
import { listMailboxMessages, type Mailer } from '#server/mail/mailer'
import { isLoopbackAddress } from '#server/middleware/client-address'
import { validate } from '#server/middleware/validate'

export interface DevMailboxDeps {
  env: Pick<Env, 'NODE_ENV'>
  db: Database
  mailer: Mailer
}

/**
 * The local mailbox for development and demos. It hands out sign-in and reset links, so it is
 * only there in local mail mode, never in production, and only for clients on this machine
 * (by socket address); anyone else gets the same 404 as for a route that does not exist.
 */
export function createDevMailboxRoutes({ env, db, mailer }: DevMailboxDeps) {
  const isEnabled = mailer.mode === 'mailbox' && env.NODE_ENV !== 'production'
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      if (!isEnabled || !isLoopbackAddress(c.var.clientIp)) {
        throw new AppError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`)
      }
      await next()
    })
    .get('/', validate('query', MailboxQuerySchema), async (c) => {
      // Messages are delivered in the background. Asked for one address, its mail due now is
      // delivered first; never the whole outbox, which a reminder wave can fill (decision 152).
      const query = c.req.valid('query')
      if (query.to) await mailer.deliverTo(query.to)
      else mailer.wake()
      const messages: MailboxMessage[] = await listMailboxMessages(db, query)
      return c.json(messages, 200)
    })
}
