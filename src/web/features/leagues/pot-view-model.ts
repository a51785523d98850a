// What a league pot shows, apart from how: whether the stake may still change, the stake typed
// by the owner, the balance after joining and the winners once paid.
import { POT_STAKE_MAX, POT_STAKE_MIN } from '#domain/league-pot/pot-payouts'
import type { LeaguePot, PotEntry } from '#shared/schemas/league-pot'

/** The owner may set or change the stake while betting is open and nobody has joined. */
export function canSetStake(pot: LeaguePot | null, isOwner: boolean, isBettingOpen: boolean) {
  if (!isOwner || !isBettingOpen) return false
  return pot === null || (pot.state === 'open' && pot.entries.length === 0)
}

/** The typed stake as a whole number of coins in 1–1,000, or null when it is not one. */
export function parseStake(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const stake = Number(text.trim())
  return stake >= POT_STAKE_MIN && stake <= POT_STAKE_MAX ? stake : null
}

/** The wallet after the stake is taken; negative means the fan cannot afford it. */
export function balanceAfterJoining(balance: number, stake: number): number {
  return balance - stake
}

export function winnersOf(pot: LeaguePot): PotEntry[] {
  return pot.state === 'paid' ? pot.entries.filter((entry) => entry.isWinner) : []
}
