import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { slotsFromMatches, toColumns } from '#web/lib/bracket-view'
import { BracketTree } from '#web/components/bracket-tree'
import type { PairsById } from '#web/lib/pair-names'

/**
 * The draw before the tournament starts (and of a cancelled one, which never played), the results
 * tree once it is under way.
 */
export function ResultsSection({
  tournament,
  pairs,
  hidden = false,
}: {
  tournament: TournamentDetail
  pairs: PairsById
  hidden?: boolean
}) {
  const { t } = useTranslation()
  const columns = useMemo(
    () => toColumns(slotsFromMatches(tournament.matches)),
    [tournament.matches],
  )
  const hasPlayed = tournament.status === 'active' || tournament.status === 'completed'
  return (
    <section
      aria-labelledby="draw-title"
      className="min-w-0"
      data-testid="results-section"
      hidden={hidden}
    >
      <h2 id="draw-title" className="mb-4 text-2xl font-bold">
        {t(hasPlayed ? 'tournament_detail.results' : 'tournament_detail.draw')}
      </h2>
      {tournament.matches.length === 0 ? (
        <p className="text-sm text-muted">{t('tournament_detail.no_matches_available')}</p>
      ) : (
        <BracketTree columns={columns} pairs={pairs} label={t('tournament_detail.draw')} />
      )}
    </section>
  )
}
