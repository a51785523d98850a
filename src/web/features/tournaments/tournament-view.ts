// How a tournament card presents itself: the call to action and the order of the list.
import { isBracketPredictable } from '#domain/wizard/pick-change'
import type { MyBet } from '#shared/schemas/bet'
import type { Match, TournamentCard, TournamentDetail } from '#shared/schemas/tournament'

export type TournamentAction =
  'place_bet' | 'view_bet' | 'betting_closed' | 'view_live' | 'view_results' | 'view_cancelled'

/**
 * The link label of a card (docs/product.md "Screens and routes" Tournaments): by bet first, then by status and deadline. A
 * cancelled tournament's bets are refunded, so its card no longer offers "view bet".
 */
export function tournamentAction(
  card: Pick<TournamentCard, 'status' | 'hasBet' | 'isBettingOpen'>,
): TournamentAction {
  if (card.status === 'cancelled') return 'view_cancelled'
  if (card.status === 'active') return 'view_live'
  if (card.status === 'completed') return 'view_results'
  if (card.hasBet) return 'view_bet'
  if (card.status === 'upcoming' && card.isBettingOpen) return 'place_bet'
  return 'betting_closed'
}

/** Newest start first; ties keep the server's order. */
export function sortByStartDesc<T extends Pick<TournamentCard, 'startDate'>>(
  cards: readonly T[],
): T[] {
  return [...cards].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))
}

/** Milliseconds to add to the device clock to read the server's clock. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime)
  return Number.isNaN(server) ? 0 : server - receivedAt
}

/** The pair that won the final, or null while it is unplayed. */
export function championOf(
  matches: readonly Pick<Match, 'round' | 'winnerTeamId'>[],
): string | null {
  return matches.find((match) => match.round === 'final')?.winnerTeamId ?? null
}

/**
 * Whether the fan may start (or go on with) a prediction here: betting open, no bet yet (neither
 * in the answer nor in the card's flag) and a draw the wizard can play through.
 */
export function canPredictIn(
  tournament: Pick<TournamentDetail, 'isBettingOpen' | 'hasBet' | 'matches'>,
  bet: MyBet['bet'] | null,
): boolean {
  return (
    tournament.isBettingOpen &&
    bet === null &&
    !tournament.hasBet &&
    isBracketPredictable(tournament.matches)
  )
}
