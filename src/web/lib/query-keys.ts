// Every key of the web app's query cache, in one place. A feature that changes data (a bet, a
// top-up) invalidates by these keys without importing the feature that reads them, and the
// prefixes say what a refresh reaches: everything under `me` is the signed-in fan's own figures.
import type { QueryClient } from '@tanstack/react-query'

export const queryKeys = {
  session: ['session'] as const,
  publicStats: ['public-stats'] as const,
  me: {
    all: ['me'] as const,
    stats: ['me', 'stats'] as const,
    bets: ['me', 'bets'] as const,
    brackets: ['me', 'brackets'] as const,
    nextMatches: ['me', 'next-matches'] as const,
    topUp: ['me', 'top-up'] as const,
    preferences: ['me', 'preferences'] as const,
    pushDevice: ['me', 'push-device'] as const,
    calendarFeed: ['me', 'calendar-feed'] as const,
    transactions: (page: number) => ['me', 'transactions', page] as const,
    recentTransactions: ['me', 'transactions', 'recent'] as const,
  },
  tournaments: {
    all: ['tournaments'] as const,
    list: ['tournaments', 'list'] as const,
    detail: (id: string) => ['tournaments', 'detail', id] as const,
    prizePool: (id: string) => ['tournaments', 'prize-pool', id] as const,
    myBet: (id: string) => ['tournaments', 'my-bet', id] as const,
    results: (id: string) => ['tournaments', 'results', id] as const,
    myPerformance: (id: string) => ['tournaments', 'my-performance', id] as const,
    myInsight: (id: string) => ['tournaments', 'my-insight', id] as const,
    // Under 'tournaments': a placed bet reloads them with the rest of the tournament.
    secondChance: (id: string) => ['tournaments', 'second-chance', id] as const,
    mySecondChanceBet: (id: string) => ['tournaments', 'second-chance-my-bet', id] as const,
    /** Every page of a tournament's standings (the prefix of standingsPage). */
    standings: (id: string) => ['tournaments', 'standings', id] as const,
    standingsPage: (
      id: string,
      page: number,
      pageSize: number,
      leagueId?: string,
      contest = 'main',
      q = '',
    ) => ['tournaments', 'standings', id, page, pageSize, leagueId ?? null, contest, q] as const,
  },
  // Fans' brackets and the People's Bracket of a tournament: one prefix, so live results refresh
  // every mark at once.
  brackets: {
    all: (tournamentId: string) => ['brackets', tournamentId] as const,
    fan: (tournamentId: string, username: string, contest = 'main') =>
      ['brackets', tournamentId, 'fan', username.toLowerCase(), contest] as const,
    popularity: (tournamentId: string, contest = 'main') =>
      ['brackets', tournamentId, 'popularity', contest] as const,
    popularPicks: (tournamentId: string) => ['brackets', tournamentId, 'popular-picks'] as const,
  },
  leaderboard: {
    all: ['leaderboard'] as const,
    top: (limit: number) => ['leaderboard', 'top', limit] as const,
    me: ['leaderboard', 'me'] as const,
  },
  shares: {
    all: ['shares'] as const,
    detail: (shareId: string) => ['shares', shareId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    unread: ['notifications', 'unread'] as const,
    list: ['notifications', 'list'] as const,
  },
  // Leagues (docs/product.md "Leagues"): one prefix, so a join, a leave or an owner's change refreshes
  // the lists, the league pages and the invite previews at once.
  leagues: {
    all: ['leagues'] as const,
    mine: ['leagues', 'mine'] as const,
    publicSearch: (q: string, page: number) => ['leagues', 'public', q, page] as const,
    detail: (id: string) => ['leagues', 'detail', id] as const,
    members: (id: string, query: Record<string, string>) =>
      ['leagues', 'members', id, query] as const,
    invite: (code: string) => ['leagues', 'invite', code] as const,
  },
  // Seasons (docs/product.md "Seasons"): a settlement or an admin's change refreshes them all at once.
  seasons: {
    all: ['seasons'] as const,
    list: ['seasons', 'list'] as const,
    detail: (id: string) => ['seasons', 'detail', id] as const,
    standings: (id: string, page: number, pageSize: number, leagueId?: string) =>
      ['seasons', 'standings', id, page, pageSize, leagueId ?? null] as const,
    mine: (id: string) => ['seasons', 'mine', id] as const,
    shared: (shareId: string) => ['seasons', 'shared', shareId] as const,
    admin: ['seasons', 'admin'] as const,
  },
  devMailbox: ['dev-mailbox'] as const,
  unsubscribeLink: (token: string) => ['unsubscribe-link', token] as const,
} as const

/**
 * After the fan's coins moved (a bet, a top-up): the balance (session), the fan's own figures and
 * the leaderboard, where the balance is the score and "my position" follows it.
 */
export function refreshAfterCoinsMoved(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.session }),
    client.invalidateQueries({ queryKey: queryKeys.me.all }),
    client.invalidateQueries({ queryKey: queryKeys.leaderboard.all }),
  ])
}
