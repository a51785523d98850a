// Outgoing mail through the outbox (docs/decisions/032, 091): a cause writes its mail into
// mail_outbox in its own transaction (enqueue); the worker of every server process claims due
// mails and hands them to the transport: SMTP through nodemailer when SMTP_URL is set, otherwise
// the local mailbox, where each message is stored in mailbox_messages, logged (with its link) and
// listed at GET /api/dev/mailbox (docs/architecture.md "Accounts").
import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Database, Transaction } from '#server/db/client'
import { mailboxMessages } from '#server/db/schema'
import type { Env } from '#server/env'
import type { Logger } from '#server/logger'
import { PRODUCT_NAME } from './mail-templates'
import { insertOutboxMail } from './mail-outbox'
import { createOutboxWorker, type OutboxTiming } from './outbox-worker'

import type { DeliverableMail, MailMode, MailTransport, OutgoingMail, SendMail } from './mail-types'

// The mail types stay importable from here, where the rest of the server has always found them.
export type { DeliverableMail, MailMode, MailTransport, OutgoingMail, SendMail } from './mail-types'

export interface Mailer {
  readonly mode: MailMode
  /**
   * Writes the mail into the outbox inside the caller's transaction, so it exists exactly when its
   * cause commits. Call wake() after the commit to have it sent at once.
   */
  enqueue(executor: Database | Transaction, mail: OutgoingMail): Promise<void>
  /** Asks the worker to send what is due now, in the background. */
  wake(): void
  /** Sends every mail due now that this process can claim; resolves when none is left. */
  idle(): Promise<void>
  /** Sends the mail to one address that is due now, not waiting for the rest (decision 152). */
  deliverTo(address: string): Promise<void>
  /** Starts looking for due mail every MAIL_OUTBOX_POLL_MS (retries, other processes, restarts). */
  start(): void
  /** Stops polling and waits for the sends under way. */
  stop(): Promise<void>
}

export interface MailerDeps {
  env: Pick<
    Env,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'MAIL_OUTBOX_POLL_MS'
    | 'MAIL_OUTBOX_LEASE_SECONDS'
    | 'MAIL_MAX_ATTEMPTS'
  >
  db: Database
  logger: Logger
  /** Replaces the transport with a server outside (tests: a failing SMTP server). */
  send?: SendMail
  /** Overrides the timing that env gives (tests: short back-off). */
  timing?: Partial<OutboxTiming>
}

const DEFAULT_FROM = `${PRODUCT_NAME} <no-reply@golden-point.invalid>`
// Every SMTP wait is bounded well inside the outbox lease (MAIL_OUTBOX_LEASE_SECONDS, default
// 120 s), so a slow server cannot make a second worker take the mail while it is still going out.
const SMTP_CONNECTION_TIMEOUT_MS = 10_000
const SMTP_GREETING_TIMEOUT_MS = 10_000
const SMTP_SOCKET_TIMEOUT_MS = 60_000
const RETRY_BASE_MS = 30_000
const RETRY_MAX_MS = 60 * 60 * 1000

export function createMailer({ env, db, logger, send, timing }: MailerDeps): Mailer {
  const mode: MailMode = env.SMTP_URL ? 'smtp' : 'mailbox'
  const from = env.MAIL_FROM ?? DEFAULT_FROM
  const transport: MailTransport = send
    ? { kind: 'outside', send }
    : env.SMTP_URL
      ? { kind: 'outside', send: createSmtpSend(env.SMTP_URL, from, logger) }
      : { kind: 'mailbox', store: createMailboxStore(logger) }
  const worker = createOutboxWorker({
    db,
    logger,
    transport,
    from,
    timing: {
      pollMs: env.MAIL_OUTBOX_POLL_MS,
      leaseMs: env.MAIL_OUTBOX_LEASE_SECONDS * 1000,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      retryBaseMs: RETRY_BASE_MS,
      retryMaxMs: RETRY_MAX_MS,
      batchSize: 20,
      ...timing,
    },
  })
  return {
    mode,
    enqueue: insertOutboxMail,
    wake: worker.wake,
    idle: worker.idle,
    deliverTo: worker.deliverTo,
    start: worker.start,
    stop: worker.stop,
  }
}

function createSmtpSend(smtpUrl: string, from: string, logger: Logger): SendMail {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  })
  return async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      messageId: mail.messageId,
    })
    logger.info({ to: mail.to, subject: mail.subject, messageId: mail.messageId }, 'mail sent')
  }
}

function createMailboxStore(logger: Logger) {
  return async (tx: Transaction, mail: DeliverableMail) => {
    const { to, subject, text, html } = mail
    await tx.insert(mailboxMessages).values({
      to,
      subject,
      text,
      html,
      headers: { ...mail.headers, 'Message-ID': mail.messageId },
    })
    logger.info({ to, subject, link: mail.link }, `mail for ${to} in the local mailbox`)
  }
}

export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  createdAt: string
}

const MAILBOX_LIST_LIMIT = 200

/** The newest messages of the local mailbox first, optionally only those to one address. */
export async function listMailboxMessages(
  db: Database,
  { to }: { to?: string } = {},
): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(mailboxMessages)
    .where(to ? eq(mailboxMessages.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(MAILBOX_LIST_LIMIT)
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}
