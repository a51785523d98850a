import { Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../../components/page-container'
import { EmptyState } from '../../../components/ui/empty-state'
import { useNumberFormat } from '../../../lib/format'
import { useAdminWallets } from '../api/accounts'
import { AdminTable, LoadError, LoadingBlock, cellClasses } from './admin-ui'

/** /admin/wallets: Email and Balance. */
export function WalletsList() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const query = useAdminWallets()

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.wallets.length === 0) {
    body = <EmptyState icon={Wallet}>{t('admin.wallets.empty')}</EmptyState>
  } else {
    body = (
      <AdminTable
        testId="wallets-table"
        caption={t('admin.wallets.title')}
        head={[t('admin.wallets.columns.email'), t('admin.wallets.columns.balance')]}
      >
        {query.data.wallets.map((wallet) => (
          <tr key={wallet.id} data-testid="wallet-row">
            <td className={`${cellClasses} break-all`}>{wallet.email}</td>
            <td className={`${cellClasses} font-semibold tabular-nums`}>
              {t('admin.common.coins', { amount: number.format(wallet.balance) })}
            </td>
          </tr>
        ))}
      </AdminTable>
    )
  }

  return (
    <PageContainer
      title={t('admin.wallets.title')}
      description={t('admin.wallets.description')}
      intro={t('admin.wallets.description')}
    >
      {body}
    </PageContainer>
  )
}
