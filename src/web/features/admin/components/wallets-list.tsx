import { SlidersHorizontal, Wallet } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../../components/page-container'
import { EmptyState } from '../../../components/ui/empty-state'
import { useNumberFormat } from '../../../lib/format'
import type { AdminWallet } from '../../../../shared/schemas/admin'
import { Button } from '../../../components/ui/button'
import { useAdminWallets } from '../api/accounts'
import { AdminTable, LoadError, LoadingBlock, cellClasses } from './admin-ui'
import { WalletAdjustDialog } from './wallet-adjust-dialog'

/** /admin/wallets: Email, Balance and an Adjust action (deposit or withdrawal). */
export function WalletsList() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const query = useAdminWallets()
  const [adjusting, setAdjusting] = useState<AdminWallet | null>(null)

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
        head={[
          t('admin.wallets.columns.email'),
          t('admin.wallets.columns.balance'),
          t('admin.common.actions'),
        ]}
      >
        {query.data.wallets.map((wallet) => (
          <tr key={wallet.id} data-testid="wallet-row">
            <td className={`${cellClasses} break-all`}>{wallet.email}</td>
            <td className={`${cellClasses} font-semibold tabular-nums`}>
              {t('admin.common.coins', { amount: number.format(wallet.balance) })}
            </td>
            <td className={cellClasses}>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('admin.wallets.adjust.actionFor', { email: wallet.email })}
                onClick={() => setAdjusting(wallet)}
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                {t('admin.wallets.adjust.action')}
              </Button>
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
      {adjusting && (
        <WalletAdjustDialog
          // A new dialog (and a new idempotency key) for every opening.
          key={adjusting.id}
          wallet={adjusting}
          onClose={() => setAdjusting(null)}
        />
      )}
    </PageContainer>
  )
}
