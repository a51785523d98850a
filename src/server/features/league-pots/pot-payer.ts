// Pays league pots in the background of every server process (docs/decisions/138): every
// POT_POLL_MS it closes the pots that can close (settled, cancelled, or short of entries after
// the deadline). Processes share the work safely: closing a pot holds its row and re-reads its
// state, so two processes never pay one pot twice; the first look after start-up pays whatever
// a crash left open.
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { closeDuePots, setPotsPaidInBackground } from './pot-freshness'
import type { PotMailEnv } from './pot-notices'

export const POT_POLL_MS = 2_000

export interface PotPayer {
  /** No new round starts; waits for the one in flight. Safe to call twice. */
  stop(): Promise<void>
}

export function startPotPayer({
  db,
  env,
  logger,
  pollMs = POT_POLL_MS,
  onClosed,
}: {
  db: Database
  env: PotMailEnv
  logger: Logger
  pollMs?: number
  /** After a round that closed pots: the mailer's wake-up. */
  onClosed?: () => void
}): PotPayer {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isStopped = false
  const tick = () => {
    timer = undefined
    running = closeDuePots(db, env, logger)
      .then((closed) => {
        if (closed > 0) onClosed?.()
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'league pot payout failed'))
      .finally(() => {
        running = undefined
        if (isStopped) return
        timer = setTimeout(tick, pollMs)
        timer.unref()
      })
  }
  setPotsPaidInBackground(db, true)
  tick()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      setPotsPaidInBackground(db, false)
      await running
    },
  }
}
