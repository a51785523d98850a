// Runs the deadline reminder scan every REMINDER_SCAN_SECONDS in each server process (decision
// 101); one scan at a time per process, and the outbox worker is woken after each scan that wrote
// mail. Several processes may scan at the same moment: the claims keep them from sending twice.
import type { Database } from '#server/db/client'
import type { Env } from '#server/env'
import type { Logger } from '#server/logger'
import type { Mailer } from '#server/mail/mailer'
import { scanDeadlineReminders } from './reminder-scan'

export interface ReminderScanner {
  /** Runs one scan now (or waits for the one under way) and resolves with the mails written. */
  scanNow(): Promise<number>
  start(): void
  stop(): Promise<void>
}

export function createReminderScanner({
  db,
  env,
  mailer,
  logger,
}: {
  db: Database
  env: Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET' | 'REMINDER_SCAN_SECONDS'>
  mailer: Pick<Mailer, 'wake'>
  logger: Logger
}): ReminderScanner {
  let running: Promise<number> | undefined
  let timer: ReturnType<typeof setInterval> | undefined

  const scanNow = () => {
    running ??= scanDeadlineReminders(db, env)
      .then((written) => {
        if (written > 0) {
          logger.info({ reminders: written }, 'deadline reminders written to the outbox')
          mailer.wake()
        }
        return written
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  const scanQuietly = () => {
    scanNow().catch((error: unknown) => logger.error({ err: error }, 'reminder scan failed'))
  }

  return {
    scanNow,
    start() {
      timer ??= setInterval(scanQuietly, env.REMINDER_SCAN_SECONDS * 1000)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}
