import { GitCompare } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ButtonLink } from '../../components/ui/button'
import { isNotFound, useFanBracket, usePopularity } from '../../features/brackets/api/brackets'
import {
  BracketPageFrame,
  type BracketPageState,
} from '../../features/brackets/components/bracket-page-frame'
import { FanBracketView } from '../../features/brackets/components/fan-bracket-view'
import { useTournament } from '../../features/tournaments/api/tournaments'
import { useLiveTournament } from '../../lib/live'
import { pairsById } from '../../lib/pair-names'

// A fan's bracket (docs/product.md §16): the brackets feature draws it, the tournament feature
// gives the pairs' names; the route composes the two (decision 083).

export function FanBracketPage() {
  const { id = '', username = '' } = useParams()
  const { t } = useTranslation()
  // Results arrive while the page is open and change the marks (docs/decisions/089).
  useLiveTournament(id)
  const tournament = useTournament(id)
  const bracket = useFanBracket(id, username)
  const isClosed = tournament.data !== undefined && !tournament.data.isBettingOpen
  const popularity = usePopularity(id, isClosed && tournament.data?.status !== 'cancelled')
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
      title: t('brackets.title', { username: data.username }),
      actions: data.isMine ? (
        <p className="text-sm text-muted" data-testid="bracket-is-mine">
          {t('brackets.yours')}
        </p>
      ) : (
        <ButtonLink
          to={`/tournaments/${encodeURIComponent(id)}/compare/${encodeURIComponent(username)}`}
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
