// The outbox worker (docs/decisions/091): claims due mails (FOR UPDATE SKIP LOCKED, with a lease),
// sends each through the transport, and records the outcome: sent, again later with exponential
// back-off, or failed after the last try. One drain at a time per process; several processes
// share the table without taking the same mail.
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { claimDueMails, markMailSent, markMailTryFailed, type OutboxRow } from './mail-outbox'
import type { SendMail } from './mailer'

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
  send,
  timing,
}: {
  db: Database
  logger: Logger
  send: SendMail
  timing: OutboxTiming
}): OutboxWorker {
  let running: Promise<void> | undefined
  let again = false
  let poller: ReturnType<typeof setInterval> | undefined

  const sendOne = async (row: OutboxRow) => {
    try {
      await send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        link: row.link ?? undefined,
        headers: row.headers,
      })
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
      return
    }
    await markMailSent(db, row)
  }

  const drainOnce = async () => {
    for (;;) {
      const claimed = await claimDueMails(db, { limit: timing.batchSize, leaseMs: timing.leaseMs })
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
