import { Plus, Swords } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../../components/page-container'
import { ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { useAdminMatches } from '../api/matches'
import { AdminTable, EditLink, LoadError, LoadingBlock, cellClasses } from './admin-ui'
import { TournamentFilter, useTournamentFilter } from './tournament-filter'

/** /admin/matches: every match (or one tournament's), newest first, with Edit. */
export function MatchesList() {
  const { t } = useTranslation()
  const [tournamentId, setTournamentId] = useTournamentFilter()
  const query = useAdminMatches(tournamentId)
  const noTeam = t('admin.home.tbd')

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.matches.length === 0) {
    body = <EmptyState icon={Swords}>{t('admin.matches.empty')}</EmptyState>
  } else {
    body = (
      <AdminTable
        testId="matches-table"
        caption={t('admin.matches.title')}
        head={[
          t('admin.matches.columns.tournament'),
          t('admin.matches.columns.round'),
          t('admin.matches.columns.number'),
          t('admin.matches.columns.team1'),
          t('admin.matches.columns.team2'),
          t('admin.matches.columns.winner'),
          t('admin.common.actions'),
        ]}
      >
        {query.data.matches.map((match) => {
          const round = t(`admin.rounds.${match.round}`)
          return (
            <tr key={match.id} data-testid="match-row">
              <td className={cellClasses}>{match.tournamentName}</td>
              <td className={`${cellClasses} whitespace-nowrap`}>{round}</td>
              <td className={`${cellClasses} tabular-nums`}>{match.matchNumber}</td>
              <td className={cellClasses}>{match.team1?.name ?? noTeam}</td>
              <td className={cellClasses}>{match.team2?.name ?? noTeam}</td>
              <td className={cellClasses}>{match.winner?.name ?? t('admin.home.noWinner')}</td>
              <td className={cellClasses}>
                <EditLink
                  to={`/admin/matches/${match.id}/edit`}
                  name={`${match.tournamentName} — ${round} ${match.matchNumber}`}
                />
              </td>
            </tr>
          )
        })}
      </AdminTable>
    )
  }

  return (
    <PageContainer
      title={t('admin.matches.title')}
      description={t('admin.matches.description')}
      intro={t('admin.matches.description')}
      actions={
        <ButtonLink to="/admin/matches/new" variant="primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.matches.add')}
        </ButtonLink>
      }
    >
      <TournamentFilter
        value={tournamentId}
        onChange={setTournamentId}
        label={t('admin.matches.filter')}
        allLabel={t('admin.matches.all')}
      />
      {body}
    </PageContainer>
  )
}
