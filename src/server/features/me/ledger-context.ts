// What the web needs to write a ledger row in the reader's language: the tournament of a bet row
// and the tier of a prize. The stored description stays as written (the ledger is append-only).
import { isTierKey, type TierKey } from '../../../domain/prize/tiers'

// Settlement writes a prize as "Prize (tier_90): <tournament>" (features/settlement/settlement.service.ts);
// the tier is read back from that text, so rows written before this change carry it too.
const PRIZE_DESCRIPTION = /^Prize \(([a-z0-9_]+)\):/

/** The tier a bet_won row paid, or null for any other row. */
export function prizeTierOf(type: string, description: string): TierKey | null {
  if (type !== 'bet_won') return null
  const tier = PRIZE_DESCRIPTION.exec(description)?.[1]
  return isTierKey(tier) ? tier : null
}
