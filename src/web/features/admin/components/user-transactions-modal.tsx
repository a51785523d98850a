import { History, ReceiptText } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TransactionCategory } from '#domain/wallet/transactions'
import type { AdminUser } from '#shared/schemas/admin'
import { categoryOf, TransactionTypeBadge } from '#web/components/transaction-type-badge'
import { EmptyState } from '#web/components/ui/empty-state'
import { Modal } from '#web/components/ui/modal'
import { cn } from '#web/lib/cn'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { describeTransaction, formatSignedAmount } from '#web/lib/transaction-format'
import { useAdminUserTransactions } from '../api/accounts'
import { Button } from '#web/components/ui/button'
import { LoadError, LoadingBlock } from './admin-ui'
import { BetHistoryView } from './bet-history'

const amountClasses: Record<TransactionCategory, string> = {
  credit: 'text-success',
  debit: 'text-danger',
  refund: 'text-refund',
  neutral: 'text-muted',
}

/** A user's ledger, newest first, in a dialog. */
export function TransactionsModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const query = useAdminUserTransactions(user.id)
  // A bet's bracket history (docs/product.md "Changing a bracket and quick fill") replaces the list until "back".
  const [historyBetId, setHistoryBetId] = useState<string | null>(null)

  let body
  if (historyBetId !== null) {
    body = <BetHistoryView betId={historyBetId} onBack={() => setHistoryBetId(null)} />
  } else if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.transactions.length === 0) {
    body = <EmptyState icon={ReceiptText}>{t('admin.users.noTransactions')}</EmptyState>
  } else {
    body = (
      <ol className="max-h-[60vh] divide-y divide-line overflow-y-auto">
        {query.data.transactions.map((transaction) => {
          const category = categoryOf(transaction.type)
          const text = describeTransaction(transaction, t)
          return (
            <li
              key={transaction.id}
              data-testid="admin-transaction"
              className="flex items-start justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <TransactionTypeBadge type={transaction.type} />
                {text && <p className="mt-1 text-sm text-fg">{text}</p>}
                {transaction.type === 'bet_placed' && transaction.relatedBetId !== null && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1 -ml-2"
                    data-testid="bet-history-open"
                    onClick={() => setHistoryBetId(transaction.relatedBetId)}
                  >
                    <History aria-hidden="true" className="size-4" />
                    {t('admin.betHistory.open')}
                  </Button>
                )}
                <p className="mt-1 text-xs text-muted">
                  <time dateTime={transaction.createdAt}>
                    {dateTime.format(new Date(transaction.createdAt))}
                  </time>
                </p>
              </div>
              <p className={cn('shrink-0 font-bold tabular-nums', amountClasses[category])}>
                {t('admin.common.coins', {
                  amount: formatSignedAmount(transaction.amount, number),
                })}
              </p>
            </li>
          )
        })}
      </ol>
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('admin.users.transactionsTitle', { email: user.email })}
      testId="transactions-modal"
    >
      {body}
    </Modal>
  )
}
