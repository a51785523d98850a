// The background jobs that turn settlements and ledger rows into notifications and mail
// (decision 102): a settlement's notifications, then its results mails, receipts, and the "second
// chance is open" announcement, every few seconds in every server process. Their state is in the
// database (each settlement's cursors, the receipts feed's cursor, each announcement's cursor), so
// any process may run a batch, a restart resumes where the last committed batch ended, and
// nothing is written twice.
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import type { Mailer } from '#server/mail/mailer'
import { writeDueReceipts } from './receipts'
import { writeDueResultsMails } from './results-mail'
import { writeDueSecondChanceAnnouncements } from './second-chance-announcement'
import { writeDueSettlementNotifications } from './settlement-notifications'
import type { UnsubscribeEnv } from '#server/mail/unsubscribe-links'

export const MAIL_JOBS_INTERVAL_MS = 5_000
/** Batches per job per round, so one round never holds the process for long. */
const MAX_BATCHES_PER_ROUND = 20
/** Notification batches are one set-based statement each: a million fans in one round or two. */
const MAX_NOTIFICATION_BATCHES_PER_ROUND = 100

export interface MailJobs {
  /** Runs one round now: every due batch, up to the per-round bound. */
  runOnce(): Promise<number>
  /** Stops the timer and waits for a round in flight. */
  stop(): Promise<void>
}

export function startMailJobs({
  db,
  logger,
  mailer,
  env,
  intervalMs = MAIL_JOBS_INTERVAL_MS,
}: {
  db: Database
  logger: Logger
  mailer: Pick<Mailer, 'wake'>
  /** The public address for links, and the secret that signs the unsubscribe links. */
  env: UnsubscribeEnv
  intervalMs?: number
}): MailJobs {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let isStopped = false

  const drain = async (job: () => Promise<number>, batches = MAX_BATCHES_PER_ROUND) => {
    let written = 0
    for (let round = 0; round < batches; round += 1) {
      const batch = await job()
      written += batch
      if (batch === 0) break
    }
    return written
  }
  const round = async () => {
    await drain(() => writeDueSettlementNotifications(db), MAX_NOTIFICATION_BATCHES_PER_ROUND)
    const results = await drain(() => writeDueResultsMails(db, { env }))
    const receipts = await drain(() => writeDueReceipts(db, { publicUrl: env.PUBLIC_URL }))
    const announced = await drain(() => writeDueSecondChanceAnnouncements(db, { env }))
    if (results + receipts + announced > 0) mailer.wake()
    return results + receipts + announced
  }
  const runOnce = () => {
    running ??= round().finally(() => {
      running = undefined
    })
    return running
  }
  const tick = () => {
    runOnce()
      .catch((error: unknown) => logger.warn({ err: error }, 'mail jobs round failed'))
      .finally(schedule)
  }
  // A timeout chain: a slow round delays the next one, never overlaps it.
  function schedule() {
    if (isStopped) return
    timer = setTimeout(tick, intervalMs)
    timer.unref()
  }
  schedule()
  return {
    runOnce,
    async stop() {
      isStopped = true
      clearTimeout(timer)
      await running?.catch(() => undefined)
    },
  }
}
