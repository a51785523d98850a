import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Match } from '#shared/schemas/tournament'
import { slotsFromMatches, toColumns } from '#web/lib/bracket-view'
import { BracketTree } from '#web/components/bracket-tree'
import type { PairsById } from '#web/lib/pair-names'

/**
 * The draw before the tournament starts (and of a cancelled one, which never played), the results
 * tree once it is under way: the "results" view of the tournament page's bracket.
 */
export function ResultsTree({ matches, pairs }: { matches: readonly Match[]; pairs: PairsById }) {
  const { t } = useTranslation()
  const columns = useMemo(() => toColumns(slotsFromMatches(matches)), [matches])
  return (
    <div className="min-w-0" data-testid="results-section">
      {matches.length === 0 ? (
        <p className="text-sm text-muted">{t('tournament_detail.no_matches_available')}</p>
      ) : (
        <BracketTree columns={columns} pairs={pairs} label={t('tournament_detail.draw')} />
      )}
    </div>
  )
}
