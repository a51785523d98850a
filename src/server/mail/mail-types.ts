// What a mail is on its way out: as a cause writes it, and as a transport receives it.
import type { Transaction } from '#server/db/client'
import type { MailContent } from './mail-templates'

export interface OutgoingMail extends MailContent {
  to: string
  /** The one link of the message, for the log line of the local mailbox. */
  link?: string
  /**
   * Extra headers, kept in the outbox and passed to SMTP and the local mailbox: List-Unsubscribe
   * and List-Unsubscribe-Post on every non-essential mail (mail/unsubscribe-links.ts).
   */
  headers?: Record<string, string>
  /** A confirmation or a reset: claimed before every other mail (decision 152). */
  isAccountMail?: boolean
}

export type MailMode = 'smtp' | 'mailbox'

/** A mail as a transport receives it: with the Message-ID its outbox row gives it (decision 091). */
export interface DeliverableMail extends OutgoingMail {
  messageId: string
}

/** Hands one message to a mail server; rejects when that fails (the worker retries). */
export type SendMail = (mail: DeliverableMail) => Promise<void>

/**
 * Where mail goes. A server outside is sent to, then the outbox records it: at least once. The
 * local mailbox lives in the database, so the worker stores the message in the transaction that
 * records it sent: exactly once, even when the process dies in between.
 */
export type MailTransport =
  | { kind: 'outside'; send: SendMail }
  | { kind: 'mailbox'; store: (tx: Transaction, mail: DeliverableMail) => Promise<void> }
