import type { TournamentCard } from '#shared/schemas/tournament'

/** The dashboard shows at most this many live and this many upcoming tournaments (docs/product.md "Constants"). */
export const DASHBOARD_LIST_SIZE = 3

const startTime = (tournament: Pick<TournamentCard, 'startDate'>) =>
  Date.parse(tournament.startDate)

/** Up to three live (status active) tournaments, the most recently started first. */
export function pickLiveTournaments<T extends Pick<TournamentCard, 'status' | 'startDate'>>(
  tournaments: readonly T[],
  size = DASHBOARD_LIST_SIZE,
): T[] {
  return tournaments
    .filter((tournament) => tournament.status === 'active')
    .sort((a, b) => startTime(b) - startTime(a))
    .slice(0, size)
}

/** Up to three upcoming tournaments, the soonest to start first. */
export function pickUpcomingTournaments<T extends Pick<TournamentCard, 'status' | 'startDate'>>(
  tournaments: readonly T[],
  size = DASHBOARD_LIST_SIZE,
): T[] {
  return tournaments
    .filter((tournament) => tournament.status === 'upcoming')
    .sort((a, b) => startTime(a) - startTime(b))
    .slice(0, size)
}

export type UpcomingAction = 'view-bet' | 'place-bets' | 'view'

/**
 * The link an upcoming tournament's card offers: the user's bet when there is one, the wizard
 * while betting is open (the server's isBettingOpen decides), otherwise just the tournament.
 */
export function upcomingAction(
  tournament: Pick<TournamentCard, 'hasBet' | 'isBettingOpen'>,
): UpcomingAction {
  if (tournament.hasBet) return 'view-bet'
  return tournament.isBettingOpen ? 'place-bets' : 'view'
}

export const DASH = '—'

/** The win rate (a percentage from the API) for the tile; dashes while no bet is settled. */
export function formatWinRate(winRate: number | null | undefined, percent: Intl.NumberFormat) {
  return winRate === null || winRate === undefined ? DASH : percent.format(winRate / 100)
}
