import { z } from 'zod'

/** GET /api/dev/mailbox (local mail mode only): the stored messages, newest first. */
export const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers it was sent with (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
})
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>

export const MailboxQuerySchema = z.object({ to: z.string().max(254).optional() })
