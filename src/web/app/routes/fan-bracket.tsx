import { GitCompare } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useContestParam } from '#web/components/contest-switch'
import { ButtonLink } from '#web/components/ui/button'
import { isNotFound, useFanBracket, usePopularity } from '#web/features/brackets/api/brackets'
import {
  BracketPageFrame,
  type BracketPageState,
} from '#web/features/brackets/components/bracket-page-frame'
import { FanBracketView } from '#web/features/brackets/components/fan-bracket-view'
import { useSecondChance } from '#web/features/second-chance/api/second-chance'
import { useTournament } from '#web/features/tournaments/api/tournaments'
import { useLiveTournament } from '#web/lib/live'
import { pairsById } from '#web/lib/pair-names'

// A fan's bracket (docs/product.md "Fans' brackets and the People's Bracket"), the main one or, with ?contest=second_chance, the
// second chance's (§19): the brackets feature draws it, the tournament feature gives the pairs'
// names; the route composes the two (decision 083).

export function FanBracketPage() {
  const { id = '', username = '' } = useParams()
  const { t } = useTranslation()
  // Results arrive while the page is open and change the marks (docs/decisions/089).
  useLiveTournament(id)
  const tournament = useTournament(id)
  const [contest] = useContestParam()
  const bracket = useFanBracket(id, username, { contest })
  const isClosed = tournament.data !== undefined && !tournament.data.isBettingOpen
  // The second chance's People's Bracket is 404 while it takes entries: asked once it is closed.
  const secondChance = useSecondChance(id)
  const secondChanceState = secondChance.data?.state
  const isContestClosed =
    contest === 'main'
      ? isClosed
      : secondChanceState === 'closed' || secondChanceState === 'settled'
  const popularity = usePopularity(
    id,
    isContestClosed && tournament.data?.status !== 'cancelled',
    contest,
  )
  const contestQuery = contest === 'main' ? '' : `?contest=${contest}`
  const pairs = useMemo(() => pairsById(tournament.data?.pairs ?? []), [tournament.data?.pairs])

  let state: BracketPageState
  if (isNotFound(bracket.error) || isNotFound(tournament.error)) {
    state = { status: 'not-found' }
  } else if (bracket.error || tournament.error) {
    state = {
      status: 'error',
      error: bracket.error ?? tournament.error,
      retry: () => {
        void bracket.refetch()
        void tournament.refetch()
      },
    }
  } else if (!bracket.data || !tournament.data) {
    state = { status: 'loading' }
  } else {
    const data = bracket.data
    state = {
      status: 'ready',
      title: t(contest === 'main' ? 'brackets.title' : 'brackets.title_second_chance', {
        username: data.username,
      }),
      actions: data.isMine ? (
        <p className="text-sm text-muted" data-testid="bracket-is-mine">
          {t('brackets.yours')}
        </p>
      ) : (
        <ButtonLink
          to={`/tournaments/${encodeURIComponent(id)}/compare/${encodeURIComponent(username)}${contestQuery}`}
          variant="secondary"
          size="sm"
        >
          <GitCompare aria-hidden="true" className="size-4" />
          {t('brackets.compare_with_mine')}
        </ButtonLink>
      ),
      content: <FanBracketView bracket={data} pairs={pairs} popularity={popularity.data} />,
    }
  }
  return (
    <BracketPageFrame tournamentId={id} description={t('brackets.description')} state={state} />
  )
}
