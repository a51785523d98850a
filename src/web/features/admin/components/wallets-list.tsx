import { SlidersHorizontal, Wallet } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { EmptyState } from '#web/components/ui/empty-state'
import { useNumberFormat } from '#web/lib/format'
import type { AdminWallet } from '#shared/schemas/admin'
import { Button } from '#web/components/ui/button'
import { useAdminWallets } from '../api/accounts'
import { ResponsiveList } from '#web/components/responsive-list'
import { LoadError, LoadingBlock } from './admin-ui'
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
      <ResponsiveList
        testId="wallets-table"
        itemTestId="wallet-row"
        caption={t('admin.wallets.title')}
        items={query.data.wallets}
        itemKey={(wallet) => wallet.id}
        primary={{
          key: 'email',
          header: t('admin.wallets.columns.email'),
          cell: (wallet) => <span className="font-normal break-all">{wallet.email}</span>,
        }}
        columns={[
          {
            key: 'balance',
            header: t('admin.wallets.columns.balance'),
            cell: (wallet) => t('admin.common.coins', { amount: number.format(wallet.balance) }),
            className: 'font-semibold tabular-nums',
          },
        ]}
        actions={{
          header: t('admin.common.actions'),
          cell: (wallet) => (
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('admin.wallets.adjust.actionFor', { email: wallet.email })}
              onClick={() => setAdjusting(wallet)}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              {t('admin.wallets.adjust.action')}
            </Button>
          ),
        }}
      />
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
