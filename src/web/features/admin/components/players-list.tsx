import { Plus, Search, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { TextField } from '#web/components/ui/text-field'
import { useAdminPlayers } from '../api/players'
import { filterByName } from '../filter-by-name'
import { ResponsiveList } from '#web/components/responsive-list'
import { EditLink, LoadError, LoadingBlock } from './admin-ui'

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
        <ResponsiveList
          testId="players-table"
          itemTestId="player-row"
          caption={t('admin.players.title')}
          items={players}
          itemKey={(player) => player.id}
          primary={{
            key: 'name',
            header: t('admin.players.columns.name'),
            cell: (player) => <span className="font-semibold">{player.name}</span>,
          }}
          columns={[
            {
              key: 'ranking',
              header: t('admin.players.columns.ranking'),
              cell: (player) => player.ranking,
              className: 'tabular-nums',
              phone: 'figure',
              phoneCell: (player) => `#${player.ranking}`,
            },
            {
              key: 'country',
              header: t('admin.players.columns.country'),
              cell: (player) => player.country,
            },
          ]}
          actions={{
            header: t('admin.common.actions'),
            cell: (player) => (
              <EditLink to={`/admin/players/${player.id}/edit`} name={player.name} />
            ),
            phone: (player) => (
              <EditLink to={`/admin/players/${player.id}/edit`} name={player.name} iconOnly />
            ),
          }}
        />
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
