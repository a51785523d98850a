// The outbox's rows (docs/decisions/091): written in the cause's transaction, claimed by workers
// with FOR UPDATE SKIP LOCKED and a lease, then marked sent, retried later, or failed.
import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { type Database, type Executor } from '#server/db/client'
import type { MailOutboxItem, MailOutboxState } from '#shared/schemas/mail-outbox'
import { mailOutbox, mailTemplates } from '#server/db/schema'
import { fillHtml, fillPieces, type MailTemplate } from './mail-template'
import type { OutgoingMail } from './mail-types'

type StoredRow = typeof mailOutbox.$inferSelect

/** An outbox row as a worker sends it: a templated row's text and HTML filled (decision 176). */
export type OutboxRow = Omit<StoredRow, 'text' | 'html'> & { text: string; html: string }

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

/** One mail of a wave written from a template: its own values, subject and headers. */
export interface TemplatedMail<Slot extends string> {
  to: string
  values: Record<Slot, string>
  link?: string
  headers?: Record<string, string>
}

/**
 * Writes waves of mails in one statement, in the caller's transaction (the reminder scan): each
 * wave's text and HTML once, as a mail_templates row, and each mail as an outbox row with its
 * subject and the values of the template's slots, about a tenth of the bytes of the whole mail
 * (decision 176). The worker fills the text and HTML when it claims the row: the same bytes
 * fillMailTemplate gives.
 */
export async function insertTemplatedMails<Slot extends string>(
  executor: Executor,
  waves: readonly { template: MailTemplate<Slot>; mails: readonly TemplatedMail<Slot>[] }[],
): Promise<void> {
  const templates: { id: string; text: MailTemplate['text']; html: MailTemplate['html'] }[] = []
  const rows: {
    to: string
    subject: string
    link: string | null
    headers: Record<string, string>
    template_id: string
    fill: Record<Slot, string>
  }[] = []
  for (const { template, mails } of waves) {
    if (mails.length === 0) continue
    const id = randomUUID()
    templates.push({ id, text: template.text, html: template.html })
    for (const mail of mails) {
      rows.push({
        to: mail.to,
        subject: fillPieces(template.subject, mail.values),
        link: mail.link ?? null,
        headers: mail.headers ?? {},
        template_id: id,
        fill: mail.values,
      })
    }
  }
  if (rows.length === 0) return
  // The rows' foreign key is checked at the end of the statement, when the templates are in.
  await executor.execute(sql`
    with templates as (
      insert into ${mailTemplates} (id, text, html)
      select t.id, t.text, t.html
      from jsonb_to_recordset(${JSON.stringify(templates)}::jsonb) as t(id uuid, text jsonb, html jsonb)
    )
    insert into ${mailOutbox} ("to", subject, link, headers, template_id, fill)
    select r."to", r.subject, r.link, r.headers, r.template_id, r.fill
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r("to" text, subject text, link text, headers jsonb, template_id uuid, fill jsonb)`)
}

/**
 * The rows as they are sent: a templated row's text and HTML filled from its template (read once
 * per claim for all its rows), every other row as stored.
 */
export async function resolveOutboxRows(
  executor: Executor,
  rows: readonly StoredRow[],
): Promise<OutboxRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.templateId ? [row.templateId] : [])))]
  const templates = new Map(
    ids.length === 0
      ? []
      : (await executor.select().from(mailTemplates).where(inArray(mailTemplates.id, ids))).map(
          (template) => [template.id, template],
        ),
  )
  return rows.map((row) => {
    const template = row.templateId ? templates.get(row.templateId) : undefined
    if (template && row.fill) {
      return {
        ...row,
        text: fillPieces(template.text, row.fill),
        html: fillHtml(template.html, row.fill),
      }
    }
    if (row.text === null || row.html === null) {
      throw new Error(`outbox row ${row.id} has neither its text nor its template`)
    }
    return { ...row, text: row.text, html: row.html }
  })
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
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
  return resolveOutboxRows(db, claimed)
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
export async function markMailSent(
  executor: Executor,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
): Promise<boolean> {
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

function toListItem(row: StoredRow): OutboxListItem {
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
