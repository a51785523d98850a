import { ReceiptText, Users } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminUser } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { ResponsiveList } from '#web/components/responsive-list'
import { RowIconButton } from '#web/components/responsive-list-rows'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Badge } from '#web/components/ui/status-badge'
import { UserAvatar } from '#web/components/user-avatar'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useAdminUsers } from '../api/accounts'
import { ListSearchField } from './list-search-field'
import { LoadError, LoadingBlock } from './admin-ui'
import { useZonedDateTime } from './tournament-dates'
import { TransactionsModal } from './user-transactions-modal'

function RoleBadge({ role }: { role: AdminUser['role'] }) {
  const { t } = useTranslation()
  return (
    <Badge tone={role === 'admin' ? 'brand' : 'neutral'} data={{ 'data-role': role }}>
      {t(`admin.screens.users.roles.${role}`)}
    </Badge>
  )
}

/**
 * /admin/users: a search over e-mail and username (on the server, so it finds accounts beyond
 * the first thousand), then User, Role, Balance, Email, Created, and the ledger.
 */
export function UsersList() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const zoned = useZonedDateTime()
  const day = useDateFormat({ dateStyle: 'medium' })
  const [search, setSearch] = useState('')
  const query = useAdminUsers(useDeferredValue(search))
  const [viewing, setViewing] = useState<AdminUser | null>(null)

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.users.length === 0) {
    body = <EmptyState icon={Users}>{t('admin.users.empty')}</EmptyState>
  } else {
    body = (
      <ResponsiveList
        testId="users-table"
        itemTestId="user-row"
        caption={t('admin.users.title')}
        tableFrom="lg"
        items={query.data.users}
        itemKey={(user) => user.id}
        primary={{
          key: 'user',
          header: t('admin.users.columns.user'),
          cell: (user) => (
            <span className="flex items-center gap-3">
              <UserAvatar
                username={user.username}
                alt={t('admin.users.avatarAlt', { name: user.username })}
                size="sm"
              />
              <span className="min-w-0">
                <span className="block font-semibold break-words">{user.username}</span>
                <span className="block text-xs font-normal break-all text-muted">{user.email}</span>
              </span>
            </span>
          ),
          phoneCell: (user) => user.username,
        }}
        columns={[
          {
            key: 'role',
            header: t('admin.screens.users.role'),
            cell: (user) => <RoleBadge role={user.role} />,
            // On a phone's short line only the exception: most accounts are fans.
            phoneCell: (user) => (user.role === 'admin' ? <RoleBadge role={user.role} /> : null),
          },
          {
            key: 'balance',
            header: t('admin.screens.users.balance'),
            className: 'whitespace-nowrap tabular-nums',
            cell: (user) => t('admin.common.coins', { amount: number.format(user.balance) }),
            phone: 'figure',
          },
          {
            key: 'created',
            header: t('admin.users.columns.created'),
            cell: (user) => <time dateTime={user.createdAt}>{zoned(user.createdAt)}</time>,
            phoneCell: (user) => (
              <time dateTime={user.createdAt}>{day.format(new Date(user.createdAt))}</time>
            ),
          },
        ]}
        phoneColumns={[
          {
            key: 'email',
            header: t('admin.users.columns.email'),
            cell: (user) => <span className="break-all">{user.email}</span>,
          },
        ]}
        actions={{
          header: t('admin.common.actions'),
          cell: (user) => (
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('admin.screens.users.transactionsFor', { email: user.email })}
              onClick={() => setViewing(user)}
            >
              {t('admin.users.viewTransactions')}
            </Button>
          ),
          phone: (user) => (
            <RowIconButton
              icon={ReceiptText}
              label={t('admin.screens.users.transactionsFor', { email: user.email })}
              title={t('admin.users.viewTransactions')}
              onClick={() => setViewing(user)}
            />
          ),
        }}
      />
    )
  }

  return (
    <PageContainer
      title={t('admin.users.title')}
      description={t('admin.users.description')}
      intro={t('admin.users.description')}
    >
      <div role="search" className="mb-4 flex flex-wrap items-end gap-4">
        <ListSearchField
          label={t('admin.screens.users.searchLabel')}
          placeholder={t('admin.screens.users.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        {query.data && (
          <p data-testid="users-total" role="status" className="pb-3 text-sm font-semibold text-fg">
            {search.trim() === ''
              ? t('admin.users.total', { count: query.data.total })
              : t('admin.screens.users.matched', {
                  count: query.data.matched,
                  total: number.format(query.data.total),
                })}
          </p>
        )}
      </div>
      {body}
      {viewing && <TransactionsModal user={viewing} onClose={() => setViewing(null)} />}
    </PageContainer>
  )
}
