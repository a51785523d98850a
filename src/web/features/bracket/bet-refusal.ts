// After the server refuses a bet, the review must not offer "confirm and pay" for something that
// cannot succeed: it shows the fresh state instead (decision 071).
import { ApiError } from '#web/lib/api-client'

/**
 * - final: this tournament can no longer take the bet (already placed, closed, gone); the review
 *   shows why and only closes.
 * - funds: the balance is short; the review refreshes it and pays only once it suffices.
 * - changed: the draw or the fee changed; the page's data is reloaded before another try.
 * - retry: anything else (the network, a busy server): trying again may work.
 */
export type BetRefusal = 'final' | 'funds' | 'changed' | 'retry'

export function betRefusalOf(error: unknown): BetRefusal {
  if (!(error instanceof ApiError)) return 'retry'
  switch (error.code) {
    case 'ALREADY_BET':
    case 'BETTING_CLOSED':
    case 'NOT_FOUND':
      return 'final'
    case 'INSUFFICIENT_FUNDS':
      return 'funds'
    case 'CONFLICT':
    case 'INVALID_BRACKET':
      return 'changed'
    default:
      return 'retry'
  }
}
