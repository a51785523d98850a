// The admin's view of the mail outbox (docs/decisions/091): GET /api/admin/mail-outbox and
// POST /api/admin/mail-outbox/:id/retry.
import { z } from 'zod'

export const MAIL_OUTBOX_STATES = ['pending', 'sent', 'failed'] as const
export const MailOutboxStateSchema = z.enum(MAIL_OUTBOX_STATES)
export type MailOutboxState = z.infer<typeof MailOutboxStateSchema>

// Unknown keys are ignored, as on every list route (a client's ?limit= is no error).
export const MailOutboxQuerySchema = z.object({ state: MailOutboxStateSchema.optional() })

export const MailOutboxIdParamSchema = z.object({ id: z.uuid() })

export const MailOutboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  state: MailOutboxStateSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
})
export type MailOutboxItem = z.infer<typeof MailOutboxItemSchema>
