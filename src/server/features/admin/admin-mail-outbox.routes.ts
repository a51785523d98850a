import { Hono } from 'hono'
import { MailOutboxIdParamSchema, MailOutboxQuerySchema } from '#shared/schemas/mail-outbox'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { AppError, appErrorBecause } from '#server/errors'
import { listOutboxMails, retryFailedMail } from '#server/mail/mail-outbox'
import type { Mailer } from '#server/mail/mailer'
import { validate } from '#server/middleware/validate'
import { writeAudit } from '#server/game/audit'

/**
 * /api/admin/mail-outbox (the admin check is made by the parent router): the outbox's mails,
 * newest first, and a retry that puts a failed mail back in line with fresh tries (decision 091).
 */
export function createAdminMailOutboxRoutes({ db, mailer }: { db: Database; mailer: Mailer }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', MailOutboxQuerySchema), async (c) =>
      c.json(await listOutboxMails(db, c.req.valid('query')), 200),
    )
    .post('/:id/retry', validate('param', MailOutboxIdParamSchema), async (c) => {
      const { id } = c.req.valid('param')
      // The retry and its audit row commit together (decision 052).
      const mail = await db.transaction(async (tx) => {
        const outcome = await retryFailedMail(tx, id)
        if (outcome.kind === 'not-found') throw new AppError('NOT_FOUND', 'No such mail.')
        if (outcome.kind === 'not-failed') {
          throw appErrorBecause('CONFLICT', 'MAIL_NOT_FAILED', { state: outcome.state })
        }
        await writeAudit(tx, {
          actorId: c.var.user.id,
          action: 'mail.retry',
          entity: 'mail',
          entityId: id,
          before: { state: 'failed' },
          after: { state: outcome.mail.state },
        })
        return outcome.mail
      })
      mailer.wake()
      return c.json(mail, 200)
    })
}
