import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import type { MyBet } from '#shared/schemas/bet'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError, errorKey } from '#web/lib/api-client'
import { useMyBet, useTournament } from '../api/tournaments'

/** A tournament and the fan's bet on it, once both have loaded. */
export interface LoadedTournament {
  tournament: TournamentDetail
  myBet: MyBet | null
  /** When the tournament arrived: the server's clock is read against it. */
  receivedAt: number
}

/**
 * The tournament page's frame: the back link, then loading, an error with a retry, or the
 * content the route composes from the loaded tournament. An unknown id goes back to the list.
 */
export function TournamentPage({
  id,
  children,
}: {
  id: string
  children: (loaded: LoadedTournament) => ReactNode
}) {
  const { t } = useTranslation()
  const tournament = useTournament(id)
  const myBet = useMyBet(id)

  const frame = (title: string, content: ReactNode) => (
    <PageContainer
      title={title}
      description={t('pages.tournamentDetail.description')}
      back={{ to: '/tournaments', label: t('pages.tournamentDetail.back') }}
    >
      {content}
    </PageContainer>
  )

  if (tournament.error instanceof ApiError && tournament.error.status === 404) {
    return <Navigate to="/tournaments" replace />
  }
  if (tournament.isPending || (myBet.isPending && !myBet.error)) {
    return frame(
      t('pages.tournamentDetail.title'),
      <Spinner label={t('tournament_detail.loading')} className="py-16" />,
    )
  }
  if (tournament.error) {
    return frame(
      t('pages.tournamentDetail.title'),
      <Alert tone="error" title={t('tournament_detail.load_error')}>
        <p>{t(errorKey(tournament.error))}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void tournament.refetch()}
        >
          {t('common.tryAgain')}
        </Button>
      </Alert>,
    )
  }
  return frame(
    tournament.data.name,
    children({
      tournament: tournament.data,
      myBet: myBet.data ?? null,
      receivedAt: tournament.dataUpdatedAt,
    }),
  )
}
