// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise the local mailbox, where
// each message is stored in mailbox_messages, logged (with its link) and listed at
// GET /api/dev/mailbox (docs/architecture.md §4, docs/decisions/032).
import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Database } from '../db/client'
import { mailboxMessages } from '../db/schema'
import type { Env } from '../env'
import type { Logger } from '../logger'
import { PRODUCT_NAME, type MailContent } from './mail-templates'

export interface OutgoingMail extends MailContent {
  to: string
  /** The one link of the message, for the log line of the local mailbox. */
  link?: string
}

export type MailMode = 'smtp' | 'mailbox'

export interface Mailer {
  readonly mode: MailMode
  /** Delivers now; rejects when delivery fails. */
  deliver(mail: OutgoingMail): Promise<void>
  /**
   * Delivers in the background: the request that causes a mail does not wait for SMTP (and
   * answers in the same time whether or not a mail goes out). Failures are logged.
   */
  dispatch(mail: OutgoingMail): void
  /** Resolves once every dispatched message has been delivered or has failed. */
  idle(): Promise<void>
}

export interface MailerDeps {
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>
  db: Database
  logger: Logger
}

const DEFAULT_FROM = `${PRODUCT_NAME} <no-reply@golden-point.invalid>`

export function createMailer({ env, db, logger }: MailerDeps): Mailer {
  const deliverNow = env.SMTP_URL
    ? createSmtpDelivery(env.SMTP_URL, env.MAIL_FROM ?? DEFAULT_FROM, logger)
    : createMailboxDelivery(db, logger)
  const pending = new Set<Promise<void>>()

  return {
    mode: env.SMTP_URL ? 'smtp' : 'mailbox',
    deliver: deliverNow,
    dispatch(mail) {
      const delivery = deliverNow(mail)
        .catch((error: unknown) => {
          logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail delivery failed')
        })
        .finally(() => pending.delete(delivery))
      pending.add(delivery)
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}

function createSmtpDelivery(smtpUrl: string, from: string, logger: Logger) {
  const transport = nodemailer.createTransport(smtpUrl)
  return async (mail: OutgoingMail): Promise<void> => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    logger.info({ to: mail.to, subject: mail.subject }, 'mail sent')
  }
}

function createMailboxDelivery(db: Database, logger: Logger) {
  return async (mail: OutgoingMail): Promise<void> => {
    const { to, subject, text, html } = mail
    await db.insert(mailboxMessages).values({ to, subject, text, html })
    logger.info({ to, subject, link: mail.link }, `mail for ${to} in the local mailbox`)
  }
}

export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
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
