import { Link2Off } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LiveMark } from '#web/components/live-mark'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button, ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Spinner } from '#web/components/ui/spinner'
import { useSharedBracket } from '#web/features/share/api/get-shared-bracket'
import { SharedBracketView } from '#web/features/share/components/shared-bracket-view'
import { shareCallOf, type TimeLeft } from '#web/features/share/share-call'
import { ApiError, errorKey } from '#web/lib/api-client'
import { useLiveTournament } from '#web/lib/live'
import { useTournaments } from '#web/lib/queries/tournaments'
import { useSession } from '#web/lib/session'

const leaguePath = (id: string) => `/leagues/${encodeURIComponent(id)}`

/** /share/:shareId: a fan's bracket for anyone with the link, signed in or not. */
export function SharePage() {
  const { shareId = '' } = useParams()
  const { t } = useTranslation()
  const share = useSharedBracket(shareId)
  const session = useSession()
  // After the deadline the marks move with the results (docs/decisions/089).
  const live = useLiveTournament(share.data?.phase === 'bracket' ? share.data.tournament.id : '')
  // The page's call: the shared tournament while it takes entries, else the next open one.
  const tournaments = useTournaments()
  const [openedAt] = useState(() => Date.now())

  if (share.isPending) {
    return (
      <PageContainer title={t('share.page_title')} description={t('share.page_description')}>
        <Spinner label={t('share.loading')} className="py-16" />
      </PageContainer>
    )
  }
  if (share.error) {
    const isUnknown = share.error instanceof ApiError && share.error.status === 404
    return (
      <PageContainer
        width="narrow"
        title={t('share.page_title')}
        description={t('share.page_description')}
      >
        {isUnknown ? (
          <EmptyState icon={Link2Off} title={t('share.not_found_title')}>
            <p>{t('share.not_found_body')}</p>
            <ButtonLink to="/" variant="primary" className="mt-5">
              {t('common.backHome')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <Alert tone="error" title={t('share.load_error')}>
            <p>{t(errorKey(share.error))}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => void share.refetch()}
            >
              {t('common.tryAgain')}
            </Button>
          </Alert>
        )}
      </PageContainer>
    )
  }

  const { data } = share
  const title =
    data.phase === 'bracket'
      ? t('share.title_bracket', { username: data.username })
      : t('share.title_entered', { username: data.username, tournament: data.tournament.name })
  const isVisitor = session.status === 'visitor'
  const call = shareCallOf(data, tournaments.data?.tournaments ?? [], openedAt)
  const leftText = (left: TimeLeft) =>
    left.unit === 'soon'
      ? t('share_call.soon')
      : t(`share_call.${left.unit}`, { count: left.count })
  return (
    <>
      {data.phase === 'bracket' && (
        <div className="mx-auto -mb-8 flex max-w-6xl justify-end px-4 pt-4 sm:-mb-12 sm:px-6">
          <LiveMark
            state={live}
            tournament={{
              status: data.tournament.status,
              // Only whether the MVP is known matters here.
              mvpPlayerId: data.bracket?.mvp?.mark === 'open' ? null : 'known',
            }}
          />
        </div>
      )}
      <PageContainer
        title={title}
        description={t('share.page_description')}
        intro={data.phase === 'bracket' ? data.tournament.name : undefined}
        actions={
          <div className="flex flex-wrap gap-3">
            {call && (
              <ButtonLink
                to={`/tournament/${encodeURIComponent(call.tournament.id)}`}
                variant="accent"
                data-testid="share-call"
                className="h-auto py-2 text-center whitespace-normal! [overflow-wrap:anywhere]"
              >
                {t('share_call.make_bracket', {
                  tournament: call.tournament.name,
                  left: leftText(call.left),
                })}
              </ButtonLink>
            )}
            {data.league && (
              // A visitor signs up and comes back to the league, as from an invite (decision 107).
              <ButtonLink
                to={isVisitor ? '/register' : leaguePath(data.league.id)}
                state={isVisitor ? { from: leaguePath(data.league.id) } : undefined}
                variant="secondary"
                data-testid="share-league"
                className="h-auto py-2 text-center whitespace-normal! [overflow-wrap:anywhere]"
              >
                {t('share_call.join_league', { league: data.league.name })}
              </ButtonLink>
            )}
            <ButtonLink
              to={isVisitor ? '/register' : '/tournaments'}
              variant={call ? 'secondary' : 'primary'}
            >
              {t(isVisitor ? 'share.join' : 'share.see_tournaments')}
            </ButtonLink>
          </div>
        }
      >
        <SharedBracketView share={data} title={title} />
      </PageContainer>
    </>
  )
}
