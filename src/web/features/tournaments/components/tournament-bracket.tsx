import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { ReactElement } from 'react'
import type { MyBet } from '#shared/schemas/bet'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { SegmentedControl } from '#web/components/ui/segmented-control'
import type { PairsById } from '#web/lib/pair-names'
import {
  BracketViewSchema,
  bracketViewsOf,
  chosenBracketView,
  type BracketView,
} from '../bracket-views'
import { MyPicks } from './my-predictions'
import { ResultsTree } from './results-tree'

/**
 * The tournament page's one bracket (docs/decisions/174): the fan's picks marked against the
 * results, the results themselves (the draw before play) and the People's most common bracket,
 * one at a time behind a switch whose choice lives in the URL (?view=), so a link keeps it.
 */
export function TournamentBracket({
  tournament,
  myBet,
  pairs,
  peoplesTree,
}: {
  tournament: TournamentDetail
  myBet: MyBet | null
  pairs: PairsById
  /** The People's most common bracket (features/brackets), composed by the route once known. */
  peoplesTree?: ReactElement | null
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  // A refunded bet is void: its bracket is no longer one of the user's predictions.
  const hasPicks = myBet?.bet != null && myBet.bet.status !== 'refunded'
  const views = bracketViewsOf({
    hasPicks,
    status: tournament.status,
    hasPeople: peoplesTree != null,
  })
  const view = chosenBracketView(
    BracketViewSchema.nullable().catch(null).parse(search.get('view')),
    views,
  )
  const choose = (next: BracketView) =>
    setSearch(
      (params) => {
        params.set('view', next)
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  const hasPlayed = tournament.status === 'active' || tournament.status === 'completed'
  const isFinal = tournament.status === 'completed'
  const labelOf = (option: BracketView) =>
    option === 'results' && !hasPlayed ? t('bracket_views.draw') : t(`bracket_views.${option}`)
  // One view needs no switch: the heading names it, as its own section did before.
  const title =
    views.length > 1
      ? t('bracket_views.title')
      : view === 'picks'
        ? t(isFinal ? 'bracket.your_bracket' : 'bracket.predictions_submitted')
        : t(hasPlayed ? 'tournament_detail.results' : 'tournament_detail.draw')

  return (
    <section
      aria-labelledby="bracket-title"
      data-testid="tournament-bracket"
      data-view={view}
      className="min-w-0"
    >
      <h2 id="bracket-title" className="mb-3 text-2xl font-bold">
        {title}
      </h2>
      {views.length > 1 && (
        <SegmentedControl
          label={t('bracket_views.label')}
          options={views.map((option) => ({ value: option, label: labelOf(option) }))}
          value={view}
          onChange={choose}
          stretch
          testId="bracket-view-switch"
          className="mb-4"
        />
      )}
      {view === 'picks' && myBet ? (
        <MyPicks
          myBet={myBet}
          pairs={pairs}
          tournamentName={tournament.name}
          isFinal={isFinal}
          matches={tournament.matches}
        />
      ) : view === 'people' ? (
        peoplesTree
      ) : (
        <ResultsTree matches={tournament.matches} pairs={pairs} />
      )}
    </section>
  )
}
