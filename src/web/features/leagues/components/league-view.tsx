import { Lock, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { LeagueDetail } from '#shared/schemas/league'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { Badge } from '#web/components/ui/status-badge'
import { ApiError } from '#web/lib/api-client'
import { useErrorMessage } from '#web/lib/error-message'
import { useNumberFormat } from '#web/lib/format'
import { leaguesApi, useLeague, useLeagueMutation } from '../api/leagues'
import { isOwner } from '../league-view-model'
import { LeagueInvite } from './league-invite'
import { LeagueMembers, LeaveLeague } from './league-members'
import { LeagueTournaments, type RenderStandings } from './league-tournaments'
import { OwnerTools } from './owner-tools'

/**
 * A league's page (docs/product.md "Leagues"): its head, the invite to share, each tournament's league
 * standings (or, before the deadline, who entered) and pot, the season table, the members, and the
 * owner's tools. `renderStandings` and `renderSeason` are
 * the tables of other features, handed in by the route.
 */
export function LeagueView({
  leagueId,
  renderStandings,
  renderSeason,
}: {
  leagueId: string
  renderStandings: RenderStandings
  /** The league's season table, drawn by the seasons feature. */
  renderSeason: (leagueId: string) => ReactNode
}) {
  const { t } = useTranslation()
  const league = useLeague(leagueId)

  if (league.isPending) {
    return (
      <Frame title={t('leagues.page_title')}>
        <div aria-busy="true" data-testid="league-loading" className="flex flex-col gap-3">
          <span className="sr-only">{t('leagues.loading')}</span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </Frame>
    )
  }
  if (league.isError) {
    const isMissing = league.error instanceof ApiError && league.error.status === 404
    return (
      <Frame title={t('leagues.page_title')}>
        <Alert
          tone="error"
          testId="league-error"
          title={isMissing ? t('leagues.not_found_title') : t('leagues.load_error')}
        >
          {isMissing ? (
            t('leagues.not_found_body')
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void league.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
        </Alert>
      </Frame>
    )
  }
  const data = league.data
  return (
    <Frame title={data.name}>
      <LeagueHead league={data} />
      {data.myRole === null ? (
        <JoinPublicLeague league={data} />
      ) : (
        <div className="mt-8 flex flex-col gap-10">
          <LeagueTournaments league={data} renderStandings={renderStandings} />
          {renderSeason(data.id)}
          <LeagueMembers league={data} />
          {isOwner(data) ? <OwnerTools league={data} /> : <LeaveLeague league={data} />}
        </div>
      )}
    </Frame>
  )
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={title}
      description={t('leagues.page_description')}
      back={{ to: '/leagues', label: t('leagues.back_to_leagues') }}
    >
      {children}
    </PageContainer>
  )
}

function LeagueHead({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <section
      aria-label={t('leagues.about_league')}
      data-testid="league-head"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      {league.description && (
        <p className="break-words text-fg" data-testid="league-description">
          {league.description}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <Users aria-hidden="true" className="size-4" />
        <span data-testid="league-member-count">
          {t('leagues.member_count', {
            count: league.memberCount,
            members: number.format(league.memberCount),
          })}
        </span>
        <Badge tone="neutral">
          {league.visibility === 'public'
            ? t('leagues.visibility_public')
            : t('leagues.visibility_private')}
        </Badge>
        {!league.joiningOpen && (
          <Badge tone="danger" icon={Lock} testId="league-joining-closed">
            {t('leagues.joining_closed')}
          </Badge>
        )}
        <span>{t('leagues.owned_by', { username: league.ownerUsername })}</span>
      </div>
      {league.inviteCode && league.joinCode && (
        <LeagueInvite
          leagueName={league.name}
          inviteCode={league.inviteCode}
          joinCode={league.joinCode}
        />
      )}
    </section>
  )
}

/** A public league seen from outside: its head and a join button. */
function JoinPublicLeague({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const join = useLeagueMutation(leaguesApi.join)
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <Button
        variant="accent"
        disabled={join.isPending || !league.joiningOpen}
        // The league's page refetches (every league query is refreshed) and opens up.
        onClick={() => join.mutate({ leagueId: league.id })}
      >
        {join.isPending ? t('leagues.joining') : t('leagues.join')}
      </Button>
      {join.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(join.error, t('leagues.join_failed'))}
        </p>
      )}
    </div>
  )
}
