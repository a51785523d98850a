// The mail outbox (docs/decisions/091): every e-mail the app sends is a row here, written in the
// same transaction as what causes it, and sent by the outbox worker of any server process.
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { MAIL_OUTBOX_STATES } from '#shared/schemas/mail-outbox'
import { createdAt, counter, timeOrderedId } from './columns'

/** A fixed text split at its slots: fixed, slot, fixed, …, fixed (server/mail/mail-template.ts). */
type StoredPieces = { fixed: string[]; slots: string[] }

/**
 * The text and HTML of a wave of mails that differ only in a few values (a window's reminders),
 * stored once; each outbox row of the wave names it and carries its own values (decision 176).
 * Never changed once written, so a worker may keep what it has read.
 */
export const mailTemplates = pgTable('mail_templates', {
  id: timeOrderedId(),
  text: jsonb('text').$type<StoredPieces>().notNull(),
  html: jsonb('html').$type<StoredPieces>().notNull(),
  createdAt: createdAt(),
})

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: timeOrderedId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The mail's text and HTML, or null where a template and the row's values make them. */
    text: text('text'),
    html: text('html'),
    templateId: uuid('template_id').references(() => mailTemplates.id, { onDelete: 'restrict' }),
    /** The values of the template's slots for this mail, raw (the HTML escapes them). */
    fill: jsonb('fill').$type<Record<string, string>>(),
    /** The one link of the message, for the local mailbox's log line. */
    link: text('link'),
    /** Extra headers for the transport, e.g. List-Unsubscribe (docs/decisions/100). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    state: text('state', { enum: MAIL_OUTBOX_STATES }).notNull().default('pending'),
    /** 0: account mail (confirmation, reset), claimed before 1: everything else (decision 152). */
    priority: smallint('priority').notNull().default(1),
    /** Tries so far; a claim adds one, and a worker's answer counts only for its own try. */
    attempts: counter('attempts'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim; once passed, another worker may take the mail (its sender crashed). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_state_known', sql`${t.state} in ('pending', 'sent', 'failed')`),
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('mail_outbox_priority_known', sql`${t.priority} in (0, 1)`),
    check(
      'mail_outbox_body_known',
      sql`(${t.templateId} is null and ${t.text} is not null and ${t.html} is not null)
          or (${t.templateId} is not null and ${t.fill} is not null)`,
    ),
    index('mail_outbox_due_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('mail_outbox_state_created_idx').on(t.state, t.createdAt.desc()),
  ],
)
