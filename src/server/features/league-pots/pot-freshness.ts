// Keeping pots up with their tournaments (docs/decisions/138): the payer in every server process
// closes what can close (pot-payer.ts); without one (tests, scripts) reading a pot closes what is
// due first, so a pot is never shown open after its tournament was settled or cancelled.
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { closePot, findClosablePots } from './pot-payout'
import type { PotMailEnv } from './pot-notices'

const paidInBackground = new WeakSet<Database>()

export function setPotsPaidInBackground(db: Database, isPaid: boolean): void {
  if (isPaid) paidInBackground.add(db)
  else paidInBackground.delete(db)
}

/** Closes every pot that can close now; answers how many closed. */
export async function closeDuePots(
  db: Database,
  env: PotMailEnv,
  logger?: Logger,
): Promise<number> {
  let closed = 0
  for (const key of await findClosablePots(db)) {
    const outcome = await closePot(db, env, key)
    if (!outcome) continue
    closed += 1
    logger?.info({ ...key, outcome: outcome.kind }, 'league pot closed')
  }
  return closed
}

export async function catchUpPots(db: Database, env: PotMailEnv): Promise<void> {
  if (!paidInBackground.has(db)) await closeDuePots(db, env)
}
