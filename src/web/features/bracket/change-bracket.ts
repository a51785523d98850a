// When and from what a fan changes a placed bracket (docs/product.md "Changing a bracket and quick fill").
import { isBracketPredictable } from '#domain/wizard/pick-change'
import type { MyBet } from '#shared/schemas/bet'
import type { TournamentDetail } from '#shared/schemas/tournament'
import type { InitialBracket } from './use-wizard-model'

/**
 * A fan may change their bracket on a tournament that allows it, while betting is open (by the
 * server's clock at answer time; the server decides again when the change arrives) and their bet
 * is active.
 */
export function canChangeBracketIn(
  tournament: Pick<TournamentDetail, 'bracketsChangeable' | 'isBettingOpen' | 'matches'>,
  bet: MyBet['bet'] | null,
): boolean {
  return (
    tournament.bracketsChangeable &&
    tournament.isBettingOpen &&
    bet !== null &&
    bet.status === 'active' &&
    isBracketPredictable(tournament.matches)
  )
}

/** The placed bracket as the wizard's starting point: its picks, MVP and tiebreaker. */
export function initialBracketOf(
  myBet: Pick<MyBet, 'predictions' | 'mvpPrediction' | 'finalTotalGames'>,
): InitialBracket {
  const picks: Record<string, string> = {}
  for (const prediction of myBet.predictions)
    picks[prediction.matchId] = prediction.predictedWinnerId
  return {
    picks,
    mvpPlayerId: myBet.mvpPrediction?.predicted_mvp_id ?? null,
    finalTotalGames: myBet.finalTotalGames,
  }
}
