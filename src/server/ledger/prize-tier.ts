// What the web needs to write a ledger row in the reader's language: the tournament of a bet row
// and the tier of a prize. The stored description stays as written (the ledger is append-only).
import { isTierKey, type TierKey } from '#domain/prize/tiers'
import { PRIZE_DESCRIPTION } from './ledger'

/** The tier a bet_won row paid, or null for any other row; read back from the prize's text. */
export function prizeTierOf(type: string, description: string): TierKey | null {
  if (type !== 'bet_won') return null
  const tier = PRIZE_DESCRIPTION.exec(description)?.[1]
  return isTierKey(tier) ? tier : null
}
