import type { MyBets, MyStats } from '#shared/schemas/bet'
import type { TournamentCard } from '#shared/schemas/tournament'

type MyBracket = MyBets['bets'][number]

/** How many of the fan's brackets the dashboard lists before "show all". */
export const BRACKETS_SHOWN = 5

export type BracketOutcome =
  | { kind: 'in-play' }
  | { kind: 'won'; coins: number }
  | { kind: 'no-prize' }
  | { kind: 'refunded'; coins: number }

/** The result a bracket shows: still in play, a prize, no prize, or the fee refunded. */
export function bracketOutcome(bet: Pick<MyBracket, 'status' | 'payout'>): BracketOutcome {
  switch (bet.status) {
    case 'active':
      return { kind: 'in-play' }
    case 'won':
      return { kind: 'won', coins: bet.payout ?? 0 }
    case 'lost':
      return { kind: 'no-prize' }
    case 'refunded':
      return { kind: 'refunded', coins: bet.payout ?? 0 }
  }
}

/** A fan who has never bet gets the first-run nudge; unknown figures show nothing. */
export function needsFirstPrediction(stats: Pick<MyStats, 'betCount'> | undefined): boolean {
  return stats?.betCount === 0
}

/** Where the nudge leads: the soonest tournament open for predictions, else the list. */
export function firstPredictionTarget(
  tournaments: readonly Pick<TournamentCard, 'id' | 'status' | 'startDate' | 'isBettingOpen'>[],
): string {
  const open = tournaments
    .filter((tournament) => tournament.status === 'upcoming' && tournament.isBettingOpen)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))
  return open[0] ? `/tournament/${open[0].id}` : '/tournaments'
}

/** The newest BRACKETS_SHOWN brackets, or all of them once asked for. */
export function visibleBrackets<T>(bets: readonly T[], showAll: boolean): readonly T[] {
  return showAll ? bets : bets.slice(0, BRACKETS_SHOWN)
}
