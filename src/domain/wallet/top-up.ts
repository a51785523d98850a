// The daily top-up (docs/decisions/076): a fan who cannot afford any tournament open for
// predictions may claim a few coins, once every 24 hours, so a broke fan is never out for good.

export const TOP_UP_INTERVAL_MS = 24 * 60 * 60 * 1000

/** Why no top-up may be claimed now. */
export type TopUpReason = 'no_open_tournament' | 'can_afford' | 'too_soon'

export type TopUpEligibility =
  | { readonly eligible: true }
  | { readonly eligible: false; readonly reason: TopUpReason; readonly nextAt: Date | null }

export interface TopUpInput {
  readonly balance: number
  /** The lowest entry fee among the tournaments open for predictions; null when none is open. */
  readonly lowestOpenEntryFee: number | null
  /** When the wallet's last daily top-up was made; null when it never had one. */
  readonly lastTopUpAt: Date | null
  readonly now: Date
}

/**
 * Eligible when some tournament is open, the balance is below its lowest entry fee, and the last
 * top-up is 24 hours old or more. A fan who can afford an entry is never offered one, even when
 * the 24 hours have not passed (the offer would only be noise).
 */
export function topUpEligibility({
  balance,
  lowestOpenEntryFee,
  lastTopUpAt,
  now,
}: TopUpInput): TopUpEligibility {
  if (lowestOpenEntryFee === null) {
    return { eligible: false, reason: 'no_open_tournament', nextAt: null }
  }
  if (balance >= lowestOpenEntryFee) return { eligible: false, reason: 'can_afford', nextAt: null }
  if (lastTopUpAt !== null) {
    const nextAt = new Date(lastTopUpAt.getTime() + TOP_UP_INTERVAL_MS)
    if (now.getTime() < nextAt.getTime()) return { eligible: false, reason: 'too_soon', nextAt }
  }
  return { eligible: true }
}
