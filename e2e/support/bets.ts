// A bet placed through the real API (POST /api/tournaments/:id/bets), for journeys that need a
// fan who has played without driving the wizard again (the wizard has its own journeys).
import { expect, type APIRequestContext } from '@playwright/test'

type Round = 'round16' | 'quarterfinal' | 'semifinal' | 'final'

const ROUNDS: readonly Round[] = ['round16', 'quarterfinal', 'semifinal', 'final']

interface DetailMatch {
  id: string
  round: Round
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
}

interface Detail {
  pairs: { id: string; player1: { id: string } }[]
  matches: DetailMatch[]
}

/**
 * Bets on an open tournament with the bracket where the first pair of every match wins, and the
 * champion's first player as MVP. Answers the balance after the entry fee.
 */
export async function placeFavouritesBet(
  request: APIRequestContext,
  tournamentId: string,
): Promise<{ balance: number }> {
  const detailResponse = await request.get(`/api/tournaments/${tournamentId}`)
  expect(detailResponse.status()).toBe(200)
  const detail = (await detailResponse.json()) as Detail
  const matchOf = (round: Round, number: number) => {
    const match = detail.matches.find((m) => m.round === round && m.matchNumber === number)
    if (!match) throw new Error(`no ${round} match ${number}`)
    return match
  }

  const winnerOf = new Map<string, string>()
  const picks: { matchId: string; winnerTeamId: string }[] = []
  for (const [index, round] of ROUNDS.entries()) {
    for (let number = 1; number <= 8 >> index; number += 1) {
      const match = matchOf(round, number)
      const winner =
        round === 'round16'
          ? match.team1Id!
          : winnerOf.get(`${ROUNDS[index - 1]}:${2 * number - 1}`)!
      winnerOf.set(`${round}:${number}`, winner)
      picks.push({ matchId: match.id, winnerTeamId: winner })
    }
  }
  const champion = detail.pairs.find((pair) => pair.id === winnerOf.get('final:1'))!
  const response = await request.post(`/api/tournaments/${tournamentId}/bets`, {
    data: { picks, mvpPlayerId: champion.player1.id },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { balance: number }
}
