// The outbox worker (docs/decisions/091): claims due mails (FOR UPDATE SKIP LOCKED, with a lease),
// sends each through the transport, and records the outcome: sent, again later with exponential
// back-off, or failed after the last try. One drain at a time per process; several processes
// share the table without taking the same mail. The local mailbox stores a mail and records it
// sent in one transaction (exactly once); SMTP sends, then records (at least once: a crash between
// the two sends it again, with the same Message-ID; decision 091).
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { claimDueMails, markMailSent, markMailTryFailed, type OutboxRow } from './mail-outbox'
import type { DeliverableMail, MailTransport } from './mail-types'
import { outboxMessageId } from './message-id'

export interface OutboxTiming {
  /** How often a process looks for due mail on its own (a wake() is immediate). */
  pollMs: number
  /** How long a claim lasts; a worker that died holding it gives the mail up after this. */
  leaseMs: number
  /** Tries before a mail is marked failed. */
  maxAttempts: number
  /** The wait after the first failed try; it doubles with each further one, up to retryMaxMs. */
  retryBaseMs: number
  retryMaxMs: number
  batchSize: number
}

export interface OutboxWorker {
  wake(): void
  idle(): Promise<void>
  deliverTo(address: string): Promise<void>
  start(): void
  stop(): Promise<void>
}

const ERROR_TEXT_LIMIT = 500

export function retryDelayMs(attempts: number, timing: OutboxTiming): number {
  return Math.min(timing.retryBaseMs * 2 ** Math.max(0, attempts - 1), timing.retryMaxMs)
}

export function createOutboxWorker({
  db,
  logger,
  transport,
  from,
  timing,
}: {
  db: Database
  logger: Logger
  transport: MailTransport
  /** The sender, whose domain names every Message-ID. */
  from: string
  timing: OutboxTiming
}): OutboxWorker {
  let running: Promise<void> | undefined
  let again = false
  let poller: ReturnType<typeof setInterval> | undefined
  // The drain's claim under way, and the sends under way by address: what deliverTo waits for.
  let claiming: Promise<unknown> = Promise.resolve()
  const sending = new Map<string, { to: string; done: Promise<void> }>()

  const claim = (options: { to?: string } = {}) => {
    const claimed = claimDueMails(db, {
      limit: timing.batchSize,
      leaseMs: timing.leaseMs,
      ...options,
    })
    if (options.to === undefined) claiming = claimed.catch(() => undefined)
    return claimed
  }

  const sendOne = (row: OutboxRow): Promise<void> => {
    const done = deliver(row).finally(() => sending.delete(row.id))
    sending.set(row.id, { to: row.to.toLowerCase(), done })
    return done
  }

  const deliverOnce = async (row: OutboxRow) => {
    const mail: DeliverableMail = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      link: row.link ?? undefined,
      headers: row.headers,
      messageId: outboxMessageId(row.id, from),
    }
    if (transport.kind === 'mailbox') {
      // Stored only by the try that still holds the claim, in the transaction that records it.
      await db.transaction(async (tx) => {
        if (await markMailSent(tx, row)) await transport.store(tx, mail)
      })
      return
    }
    await transport.send(mail)
    await markMailSent(db, row)
  }

  const deliver = async (row: OutboxRow) => {
    try {
      await deliverOnce(row)
    } catch (error) {
      const last = row.attempts >= timing.maxAttempts
      const retryInMs = last ? null : retryDelayMs(row.attempts, timing)
      const message = (error instanceof Error ? error.message : String(error)).slice(
        0,
        ERROR_TEXT_LIMIT,
      )
      logger.error(
        { err: error, mailId: row.id, to: row.to, attempt: row.attempts, retryInMs },
        last ? 'mail failed for good' : 'mail delivery failed; will retry',
      )
      await markMailTryFailed(db, row, { error: message, retryInMs })
    }
  }

  const drainOnce = async () => {
    for (;;) {
      const claimed = await claim()
      if (claimed.length === 0) return
      await Promise.all(claimed.map(sendOne))
    }
  }

  const wake = () => {
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        await drainOnce()
      } while (again)
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'mail outbox drain failed'))
      .finally(() => {
        running = undefined
      })
  }

  return {
    wake,
    async idle() {
      wake()
      while (running) await running
    },
    /**
     * Sends the mail to `address` that is due now, without waiting for the rest of the outbox
     * (decision 152): the sends of it under way in this process, then whatever of it is still
     * queued, claimed and sent here. Then the worker is woken for the rest.
     */
    async deliverTo(address: string) {
      const wanted = address.toLowerCase()
      // A drain's claim under way may hold this address's mail: its sends are then under way.
      await claiming
      const under = [...sending.values()].filter((send) => send.to === wanted)
      await Promise.all(under.map((send) => send.done))
      for (;;) {
        const claimed = await claim({ to: address })
        if (claimed.length === 0) break
        await Promise.all(claimed.map(sendOne))
      }
      wake()
    },
    start() {
      poller ??= setInterval(wake, timing.pollMs)
      poller.unref()
      wake()
    },
    async stop() {
      if (poller) clearInterval(poller)
      poller = undefined
      while (running) await running
    },
  }
}
