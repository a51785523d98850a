import { ReceiptText, X } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import {
  isTransactionType,
  transactionCategory,
  type TransactionCategory,
} from '../../../../domain/wallet/transactions'
import type { AdminUser } from '../../../../shared/schemas/admin'
import { EmptyState } from '../../../components/ui/empty-state'
import { cn } from '../../../lib/cn'
import { useDateFormat, useNumberFormat } from '../../../lib/format'
import { describeTransaction, formatSignedAmount } from '../../../lib/transaction-format'
import { useAdminUserTransactions } from '../api/accounts'
import { Modal } from './admin-dialog'
import { LoadError, LoadingBlock } from './admin-ui'

const badgeClasses: Record<TransactionCategory, string> = {
  credit: 'border-success/40 bg-success/10',
  debit: 'border-danger/40 bg-danger/10',
  refund: 'border-refund/40 bg-refund/10',
  neutral: 'border-line bg-surface-2',
}

const amountClasses: Record<TransactionCategory, string> = {
  credit: 'text-success',
  debit: 'text-danger',
  refund: 'text-refund',
  neutral: 'text-muted',
}

/** A user's ledger, newest first, in a dialog. */
export function TransactionsModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const number = useNumberFormat()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const query = useAdminUserTransactions(user.id)

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.transactions.length === 0) {
    body = <EmptyState icon={ReceiptText}>{t('admin.users.noTransactions')}</EmptyState>
  } else {
    body = (
      <ol className="max-h-[60vh] divide-y divide-line overflow-y-auto">
        {query.data.transactions.map((transaction) => {
          const category = isTransactionType(transaction.type)
            ? transactionCategory(transaction.type)
            : 'neutral'
          const text = describeTransaction(transaction, t)
          return (
            <li
              key={transaction.id}
              data-testid="admin-transaction"
              className="flex items-start justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <span
                  className={cn(
                    'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold text-fg',
                    badgeClasses[category],
                  )}
                >
                  {t(`profile.types.${transaction.type}`)}
                </span>
                {text && <p className="mt-1 text-sm text-fg">{text}</p>}
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
    <Modal isOpen onClose={onClose} labelledBy={titleId} testId="transactions-modal">
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-lg font-bold break-words text-fg">
          {t('admin.users.transactionsTitle', { email: user.email })}
        </h2>
        <button
          type="button"
          aria-label={t('admin.dialog.close')}
          onClick={onClose}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface-2"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {body}
    </Modal>
  )
}
