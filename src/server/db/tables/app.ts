// App settings, the local mailbox, auth throttles and the admin audit log.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'

/**
 * The one row of settings the database itself reads: the welcome-bonus trigger takes its amount
 * from here. Written at start-up from WELCOME_BONUS (applyRuntimeSettings).
 */
export const appSettings = pgTable(
  'app_settings',
  {
    id: smallint('id').primaryKey().default(1),
    welcomeBonus: integer('welcome_bonus').notNull().default(1000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('app_settings_single_row', sql`${t.id} = 1`),
    check('app_settings_welcome_bonus_non_negative', sql`${t.welcomeBonus} >= 0`),
  ],
)

/** The local mailbox (no SMTP_URL): every outgoing message, readable at GET /api/dev/mailbox. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The headers the mail was sent with, e.g. List-Unsubscribe (docs/decisions/100). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_messages_created_at_idx').on(t.createdAt.desc())],
)

/**
 * Failed sign-ins per account (the e-mail as typed, lower-cased), for the per-account throttle
 * (decision 033). Rows older than an hour are pruned.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKey: text('account_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_failures_account_failed_idx').on(t.accountKey, t.failedAt.desc()),
    index('sign_in_failures_failed_at_idx').on(t.failedAt),
  ],
)

/**
 * Account mails (confirmation, password reset) sent per address, for the hourly cap per address
 * (decision 067). Rows older than an hour are pruned.
 */
export const accountMailSends = pgTable(
  'account_mail_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    addressKey: text('address_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_mail_sends_address_sent_idx').on(t.addressKey, t.sentAt.desc()),
    index('account_mail_sends_sent_at_idx').on(t.sentAt),
  ],
)

/**
 * Every admin write, in the same transaction as the write itself (docs/decisions/052):
 * who, when, what, and the entity before and after. Append-only like the ledger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
  ],
)
