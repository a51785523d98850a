import { useTranslation } from 'react-i18next'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { useMyBrackets } from '#web/lib/queries/my-brackets'
import type { PairsById } from '#web/lib/pair-names'
import { useMyPerformance, useTournamentResults } from '../api/tournaments'
import { settlementOutcome } from '../settlement-outcome'
import { ChampionCard } from './champion-card'
import { SettlementBanner } from './settlement-banner'

/**
 * What a settled tournament's page opens with (docs/product.md "Screens and routes", tournament detail): the fan's
 * outcome — rank, correct picks, tier, coins won — and the champions. Nothing on the page that
 * follows still speaks of a bracket in play.
 */
export function SettledOutcome({
  tournament,
  championId,
  pairs,
  hasBet,
}: {
  tournament: TournamentDetail
  championId: string | null
  pairs: PairsById
  hasBet: boolean
}) {
  const { t } = useTranslation()
  const results = useTournamentResults(tournament.id, true)
  const performance = useMyPerformance(tournament.id, hasBet)
  const brackets = useMyBrackets()
  const mine = brackets.data?.brackets.find(
    (bracket) => bracket.tournamentId === tournament.id && bracket.contest === 'main',
  )
  const rank = mine?.rank != null ? { rank: mine.rank, entries: mine.entries } : null
  return (
    <section
      aria-label={t('tournament_page.prizes.outcome')}
      data-testid="settled-outcome"
      className="flex flex-col gap-4"
    >
      {performance.data && results.data && (
        <SettlementBanner
          outcome={settlementOutcome(
            performance.data,
            results.data.tournament_info.prize_pool,
            tournament.prizePoolConfig.tiers,
          )}
          rank={rank}
        />
      )}
      <ChampionCard championId={championId} pairs={pairs} mvp={tournament.mvpPlayer} />
    </section>
  )
}
