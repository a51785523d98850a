import { Plus, UsersRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { useAdminTeams } from '../api/teams'
import { useAdminTournaments } from '../api/tournaments'
import { ResponsiveList } from '#web/components/responsive-list'
import { EditLink, LoadError, LoadingBlock } from './admin-ui'
import { DrawImportLink } from './draw-import-link'
import { TournamentFilter, useTournamentFilter } from './tournament-filter'

/** /admin/teams: pairs load only once a tournament is chosen in the filter. */
export function TeamsList() {
  const { t } = useTranslation()
  const [tournamentId, setTournamentId] = useTournamentFilter()
  const query = useAdminTeams(tournamentId)
  // The chosen tournament's pairs may come from a draw file while its draw can still change.
  const chosen = useAdminTournaments().data?.tournaments.find(
    (tournament) =>
      tournament.id === tournamentId && !tournament.isSettled && tournament.status !== 'cancelled',
  )

  let body
  if (tournamentId === '') {
    body = <EmptyState icon={UsersRound}>{t('admin.teams.selectTournament')}</EmptyState>
  } else if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.teams.length === 0) {
    body = <EmptyState icon={UsersRound}>{t('admin.teams.empty')}</EmptyState>
  } else {
    body = (
      <ResponsiveList
        testId="teams-table"
        itemTestId="team-row"
        caption={t('admin.teams.title')}
        items={query.data.teams}
        itemKey={(team) => team.id}
        primary={{
          key: 'player1',
          header: t('admin.teams.columns.player1'),
          cell: (team) => team.player1.name,
          // One line for the pair on a phone, as its name reads everywhere else.
          phoneCell: (team) => `${team.player1.name} / ${team.player2.name}`,
        }}
        columns={[
          {
            key: 'player2',
            header: t('admin.teams.columns.player2'),
            cell: (team) => team.player2.name,
            phone: 'table',
          },
        ]}
        actions={{
          header: t('admin.common.actions'),
          cell: (team) => (
            <EditLink
              to={`/admin/teams/${team.id}/edit`}
              name={`${team.player1.name} / ${team.player2.name}`}
            />
          ),
          phone: (team) => (
            <EditLink
              to={`/admin/teams/${team.id}/edit`}
              name={`${team.player1.name} / ${team.player2.name}`}
              iconOnly
            />
          ),
        }}
      />
    )
  }

  return (
    <PageContainer
      title={t('admin.teams.title')}
      description={t('admin.teams.description')}
      intro={t('admin.teams.description')}
      actions={
        <span className="flex flex-wrap items-center gap-2">
          {chosen && <DrawImportLink tournament={chosen} />}
          <ButtonLink to="/admin/teams/new" variant="primary">
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.teams.add')}
          </ButtonLink>
        </span>
      }
    >
      <TournamentFilter
        value={tournamentId}
        onChange={setTournamentId}
        label={t('admin.teams.filter')}
        allLabel={t('admin.teams.all')}
      />
      {body}
    </PageContainer>
  )
}
