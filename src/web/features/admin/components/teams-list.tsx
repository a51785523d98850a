import { Plus, UsersRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../../components/page-container'
import { ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { useAdminTeams } from '../api/teams'
import { AdminTable, EditLink, LoadError, LoadingBlock, cellClasses } from './admin-ui'
import { TournamentFilter, useTournamentFilter } from './tournament-filter'

/** /admin/teams: pairs load only once a tournament is chosen in the filter. */
export function TeamsList() {
  const { t } = useTranslation()
  const [tournamentId, setTournamentId] = useTournamentFilter()
  const query = useAdminTeams(tournamentId)

  let body
  if (tournamentId === '') {
    body = <EmptyState icon={UsersRound}>{t('admin.teams.selectTournament')}</EmptyState>
  } else if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.teams.length === 0) {
    body = <EmptyState icon={UsersRound}>{t('admin.teams.empty')}</EmptyState>
  } else {
    body = (
      <AdminTable
        testId="teams-table"
        caption={t('admin.teams.title')}
        head={[
          t('admin.teams.columns.player1'),
          t('admin.teams.columns.player2'),
          t('admin.common.actions'),
        ]}
      >
        {query.data.teams.map((team) => (
          <tr key={team.id} data-testid="team-row">
            <td className={cellClasses}>{team.player1.name}</td>
            <td className={cellClasses}>{team.player2.name}</td>
            <td className={cellClasses}>
              <EditLink
                to={`/admin/teams/${team.id}/edit`}
                name={`${team.player1.name} / ${team.player2.name}`}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    )
  }

  return (
    <PageContainer
      title={t('admin.teams.title')}
      description={t('admin.teams.description')}
      intro={t('admin.teams.description')}
      actions={
        <ButtonLink to="/admin/teams/new" variant="primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.teams.add')}
        </ButtonLink>
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
