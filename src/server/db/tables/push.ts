// Web Push (docs/decisions/130-131): the fans' devices, the push outbox, the result fan-outs that
// fill it after a result, and the server's VAPID keys when the environment gives none.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { PUSH_MESSAGE_KINDS } from '#shared/schemas/push'
import { user } from '../auth-schema'
import { betWalkColumns, counter, createdAt, timeOrderedId, updatedAt } from './columns'

/**
 * A browser's push subscription, one fan's: the endpoint is unique, so a second fan registering
 * the same device takes it over (the old row and its pending pushes go, decision 130).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: timeOrderedId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url): what a payload is sealed to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

export const PUSH_OUTBOX_STATES = ['pending', 'sent', 'failed', 'expired'] as const
export type PushOutboxState = (typeof PUSH_OUTBOX_STATES)[number]

/**
 * One push to one device (decision 131): written in the transaction of its cause, claimed with
 * FOR UPDATE SKIP LOCKED and a lease, then sent, retried later, failed, or expired (past
 * expires_at a push service would drop it anyway). At most one row per device and message:
 * (subscription_id, dedupe_key) is unique. Rows go with their device (a 404/410 deletes it).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: timeOrderedId(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PUSH_MESSAGE_KINDS }).notNull(),
    /** What the message is about, e.g. `notification:<id>` or `match_result:<match>:<winner>`. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The figures its text is written from, with the fan's language (push-kinds.ts renders it). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: PUSH_OUTBOX_STATES }).notNull().default('pending'),
    attempts: counter('attempts'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** After this a push is pointless (a deadline passed); the TTL header counts down to it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('push_outbox_state_known', sql`${t.state} in ('pending', 'sent', 'failed', 'expired')`),
    uniqueIndex('push_outbox_subscription_message_unique').on(t.subscriptionId, t.dedupeKey),
    index('push_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    // Finished rows are pruned after a while (push-outbox.ts).
    index('push_outbox_finished_idx')
      .on(t.createdAt)
      .where(sql`${t.state} <> 'pending'`),
  ],
)

/**
 * A result whose pushes are still being written (decision 131): recorded in the result's own
 * transaction, then walked over the tournament's main brackets a batch at a time, each batch's
 * pushes in the transaction that moves the cursor.
 */
export const pushFanouts = pgTable(
  'push_fanouts',
  {
    id: timeOrderedId(),
    kind: text('kind', { enum: PUSH_MESSAGE_KINDS }).notNull(),
    tournamentId: uuid('tournament_id').notNull(),
    matchId: uuid('match_id').notNull(),
    winnerTeamId: uuid('winner_team_id').notNull(),
    createdAt: createdAt(),
    ...betWalkColumns(),
  },
  (t) => [
    index('push_fanouts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
)

/**
 * The VAPID key pair of a server without VAPID_* in its environment (development, tests): made
 * once by whichever process starts first, then read by every process (decision 130).
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
)
