import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { picksFromEntries, predictedMatchups } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import type { Contest } from '#shared/schemas/contest'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { BracketTree } from '#web/components/bracket-tree'
import { slotsFromPicks, toColumns, type BracketColumn } from '#web/lib/bracket-view'
import { useNumberFormat } from '#web/lib/format'
import type { PairsById } from '#web/lib/pair-names'
import { usePopularity } from '../api/brackets'

type PopularityTournament = Pick<TournamentDetail, 'id' | 'isBettingOpen' | 'status' | 'matches'>

/** Whether what fans picked may be shown: once betting has closed (it is 404 before). */
export function isPopularityOpen(tournament: Omit<PopularityTournament, 'id' | 'matches'>) {
  return !tournament.isBettingOpen && tournament.status !== 'cancelled'
}

/**
 * The People's most common bracket as tree columns, with how many brackets are exactly it; null
 * before betting closes, while it loads, or when nobody has one.
 */
export function useMostCommonBracket(
  tournament: PopularityTournament,
  contest: Contest,
): { columns: BracketColumn[]; count: number } | null {
  const popularity = usePopularity(tournament.id, isPopularityOpen(tournament), contest)
  const mostCommon = popularity.data?.mostCommon ?? null
  return useMemo(() => {
    if (!mostCommon) return null
    const picks = picksFromEntries(mostCommon.picks)
    const matches = contestMatches(tournament.matches, contest)
    return {
      columns: toColumns(slotsFromPicks(predictedMatchups(matches, picks))),
      count: mostCommon.count,
    }
  }, [mostCommon, tournament.matches, contest])
}

/** The People's view of the tournament page's bracket: the bracket most fans made, exactly. */
export function MostCommonBracket({
  bracket,
  pairs,
}: {
  bracket: { columns: BracketColumn[]; count: number }
  pairs: PairsById
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <div data-testid="most-common-bracket" className="min-w-0">
      <p className="mb-4 text-sm text-muted">
        <span className="font-semibold text-fg">{t('brackets.peoples.most_common')}.</span>{' '}
        {t('brackets.peoples.made_by', {
          count: bracket.count,
          formattedCount: number.format(bracket.count),
        })}
      </p>
      <BracketTree
        columns={bracket.columns}
        pairs={pairs}
        label={t('brackets.peoples.most_common_label')}
        pickLabel={t('brackets.peoples.most_common_pick')}
      />
    </div>
  )
}
