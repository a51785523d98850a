import { Plus, Search, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../../components/page-container'
import { ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { TextField } from '../../../components/ui/text-field'
import { useAdminPlayers } from '../api/players'
import { filterByName } from '../filter-by-name'
import { AdminTable, EditLink, LoadError, LoadingBlock, cellClasses } from './admin-ui'

/** /admin/players: search by name (contains, any case), then Name, Ranking, Country, Edit. */
export function PlayersList() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const query = useAdminPlayers()

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else {
    const players = filterByName(query.data.players, search)
    body =
      players.length === 0 ? (
        <EmptyState icon={UserRound}>{t('admin.players.empty')}</EmptyState>
      ) : (
        <AdminTable
          testId="players-table"
          caption={t('admin.players.title')}
          head={[
            t('admin.players.columns.name'),
            t('admin.players.columns.ranking'),
            t('admin.players.columns.country'),
            t('admin.common.actions'),
          ]}
        >
          {players.map((player) => (
            <tr key={player.id} data-testid="player-row">
              <td className={`${cellClasses} font-semibold`}>{player.name}</td>
              <td className={`${cellClasses} tabular-nums`}>{player.ranking}</td>
              <td className={cellClasses}>{player.country}</td>
              <td className={cellClasses}>
                <EditLink to={`/admin/players/${player.id}/edit`} name={player.name} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )
  }

  return (
    <PageContainer
      title={t('admin.players.title')}
      description={t('admin.players.description')}
      intro={t('admin.players.description')}
      actions={
        <ButtonLink to="/admin/players/new" variant="primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.players.add')}
        </ButtonLink>
      }
    >
      <div role="search" className="mb-4 max-w-sm">
        <TextField
          label={t('admin.players.searchLabel')}
          type="search"
          placeholder={t('admin.players.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          trailing={<Search aria-hidden="true" className="mr-3 size-4 text-muted" />}
        />
      </div>
      {body}
    </PageContainer>
  )
}
