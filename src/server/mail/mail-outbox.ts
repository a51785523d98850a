// The outbox's rows (docs/decisions/091): written in the cause's transaction, claimed by workers
// with FOR UPDATE SKIP LOCKED and a lease, then marked sent, retried later, or failed.
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { type Database, type Executor } from '#server/db/client'
import type { MailOutboxItem, MailOutboxState } from '#shared/schemas/mail-outbox'
import { mailOutbox } from '#server/db/schema'
import type { OutgoingMail } from './mail-types'

export type OutboxRow = typeof mailOutbox.$inferSelect

/** The claim's order (mail_outbox.priority): account mail before everything else (decision 152). */
const ACCOUNT_MAIL_PRIORITY = 0
const OTHER_MAIL_PRIORITY = 1

/** Writes `mail` in the caller's transaction: it exists exactly when its cause commits. */
export async function insertOutboxMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  const { to, subject, text, html, link, headers } = mail
  await executor.insert(mailOutbox).values({
    to,
    subject,
    text,
    html,
    link: link ?? null,
    headers: headers ?? {},
    priority: mail.isAccountMail ? ACCOUNT_MAIL_PRIORITY : OTHER_MAIL_PRIORITY,
  })
}

/**
 * Writes many mails in one statement, in the caller's transaction (the reminder scan, results
 * mails). The rows travel as one JSON parameter unpacked by jsonb_to_recordset: a VALUES list of
 * 2,000 mails is 12,000 parameters, and building and binding them cost 2.4 times the whole
 * insert (bench/README.md, deadline reminders).
 */
export async function insertOutboxMails(
  executor: Executor,
  mails: readonly OutgoingMail[],
): Promise<void> {
  if (mails.length === 0) return
  const rows = mails.map(({ to, subject, text, html, link, headers }) => ({
    to,
    subject,
    text,
    html,
    link: link ?? null,
    headers: headers ?? {},
  }))
  await executor.execute(sql`
    insert into ${mailOutbox} ("to", subject, text, html, link, headers)
    select r."to", r.subject, r.text, r.html, r.link, r.headers
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r("to" text, subject text, text text, html text, link text, headers jsonb)`)
}

/**
 * Claims up to `limit` due mails for `leaseMs`: each claim adds one attempt. Account mail comes
 * first, then the rest by when it fell due, so a password reset never waits behind a wave of
 * reminders (decision 152). Rows another worker is claiming right now are skipped, not waited
 * for; a lease that has passed (its worker died) is claimable again. The database's clock
 * decides, so processes with skewed clocks agree. `to`: that address's mail only.
 */
export async function claimDueMails(
  db: Database,
  { limit, leaseMs, to }: { limit: number; leaseMs: number; to?: string },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.state, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, sql`now()`)),
        // One address only: the development mailbox delivers what it was asked for.
        to === undefined ? undefined : sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`,
      ),
    )
    .orderBy(mailOutbox.priority, mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
}

/** Only the worker holding this try (same attempt count, still pending) may record its end. */
function ownClaim(row: Pick<OutboxRow, 'id' | 'attempts'>) {
  return and(
    eq(mailOutbox.id, row.id),
    eq(mailOutbox.attempts, row.attempts),
    eq(mailOutbox.state, 'pending'),
  )
}

/**
 * Records that this try sent the mail. False when the try is no longer this worker's (its lease
 * passed and another worker took the mail): the caller's delivery, where it is in the same
 * transaction, must then not happen.
 */
export async function markMailSent(executor: Executor, row: OutboxRow): Promise<boolean> {
  const marked = await executor
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
    .where(ownClaim(row))
    .returning({ id: mailOutbox.id })
  return marked.length > 0
}

/** A failed try: again after `retryInMs`, or `failed` when it was the last one allowed. */
export async function markMailTryFailed(
  db: Database,
  row: OutboxRow,
  { error, retryInMs }: { error: string; retryInMs: number | null },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { state: 'failed', leaseUntil: null, lastError: error }
        : {
            nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
            leaseUntil: null,
            lastError: error,
          },
    )
    .where(ownClaim(row))
}

const OUTBOX_LIST_LIMIT = 200

export type OutboxListItem = MailOutboxItem

/** The newest mails first, optionally in one state (admins look at `failed`). */
export async function listOutboxMails(
  db: Database,
  { state }: { state?: MailOutboxState },
): Promise<OutboxListItem[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(state ? eq(mailOutbox.state, state) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIST_LIMIT)
  return rows.map(toListItem)
}

export type RetryOutcome =
  | { kind: 'retried'; mail: OutboxListItem }
  | { kind: 'not-found' }
  | { kind: 'not-failed'; state: MailOutboxState }

/** Puts a failed mail back in line with a fresh set of tries; any other state is refused. */
export async function retryFailedMail(executor: Executor, id: string): Promise<RetryOutcome> {
  const [retried] = await executor
    .update(mailOutbox)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'failed')))
    .returning()
  if (retried) return { kind: 'retried', mail: toListItem(retried) }
  const [current] = await executor
    .select({ state: mailOutbox.state })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
  return current ? { kind: 'not-failed', state: current.state } : { kind: 'not-found' }
}

function toListItem(row: OutboxRow): OutboxListItem {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}
