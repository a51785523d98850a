// A league pot (docs/product.md "Leagues", "League pots"): members put the same stake on a tournament,
// and once it is settled the pot goes to the member(s) with the most correct picks; ties are
// broken by the tiebreaker distance, then the pot is split equally, floored, and the coins left
// by the floor go to the earliest entry among the winners. Fewer than two entries, or a
// cancelled tournament, gives every stake back. Pure: the server pays what this answers.

export const POT_STAKE_MIN = 1
export const POT_STAKE_MAX = 1_000

/** Fewer entries than this and nobody could win anything from anyone: stakes go back. */
export const POT_MIN_ENTRIES = 2

export interface PotEntry {
  readonly userId: string
  /** Correct picks of the member's main bracket, as its settlement scored it. */
  readonly correct: number
  /** |tiebreaker − the final's total games|; null without a tiebreaker (after any distance). */
  readonly distance: number | null
  /** Order of joining the pot: 0 the earliest. */
  readonly joinedOrder: number
}

export interface PotShare {
  readonly userId: string
  readonly coins: number
}

export type PotOutcome =
  | {
      readonly kind: 'refund'
      readonly reason: 'too_few_entries' | 'cancelled'
      readonly refunds: PotShare[]
    }
  | { readonly kind: 'won'; readonly pot: number; readonly winners: PotShare[] }

export function isPotStake(value: number): boolean {
  return Number.isSafeInteger(value) && value >= POT_STAKE_MIN && value <= POT_STAKE_MAX
}

/** The pot's coins: every entry's stake. */
export function potTotal(stake: number, entries: number): number {
  return stake * entries
}

/**
 * Who gets what from a pot. Every coin staked goes out: to the winners, or back to everyone.
 * Winners are listed earliest entry first; the first of them holds the floor's remainder.
 */
export function potOutcome(
  stake: number,
  entries: readonly PotEntry[],
  { isCancelled = false }: { isCancelled?: boolean } = {},
): PotOutcome {
  if (!isPotStake(stake)) throw new RangeError('stake must be a whole number from 1 to 1,000')
  const byJoining = [...entries].sort((a, b) => a.joinedOrder - b.joinedOrder)
  if (isCancelled || entries.length < POT_MIN_ENTRIES) {
    return {
      kind: 'refund',
      reason: isCancelled ? 'cancelled' : 'too_few_entries',
      refunds: byJoining.map((entry) => ({ userId: entry.userId, coins: stake })),
    }
  }
  const best = byJoining.reduce((top, entry) => (ranksAbove(entry, top) ? entry : top))
  const winners = byJoining.filter((entry) => !ranksAbove(best, entry))
  const pot = potTotal(stake, entries.length)
  const each = Math.floor(pot / winners.length)
  const remainder = pot - each * winners.length
  return {
    kind: 'won',
    pot,
    winners: winners.map((entry, index) => ({
      userId: entry.userId,
      coins: each + (index === 0 ? remainder : 0),
    })),
  }
}

/** More correct picks first; then the smaller tiebreaker distance (none is the largest). */
function ranksAbove(a: PotEntry, b: PotEntry): boolean {
  if (a.correct !== b.correct) return a.correct > b.correct
  return distanceOrder(a.distance) < distanceOrder(b.distance)
}

function distanceOrder(distance: number | null): number {
  return distance ?? Number.POSITIVE_INFINITY
}
