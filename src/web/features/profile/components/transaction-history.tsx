import { ChevronLeft, ChevronRight, ReceiptText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { TransactionCategory } from '#domain/wallet/transactions'
import type { Transaction } from '#shared/schemas/transaction'
import { categoryOf, TransactionTypeBadge } from '#web/components/transaction-type-badge'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { cn } from '#web/lib/cn'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { TRANSACTIONS_PAGE_SIZE, useMyTransactions } from '../api/get-my-transactions'
import { describeTransaction, formatSignedAmount } from '#web/lib/transaction-format'

const amountClasses: Record<TransactionCategory, string> = {
  credit: 'text-success',
  debit: 'text-danger',
  refund: 'text-refund',
  neutral: 'text-muted',
}

/** The current page from ?page= (1 when missing or not a whole number ≥ 1). */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams()
  const parsed = Number(params.get('page'))
  const page = Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next <= 1) updated.delete('page')
        else updated.set('page', String(next))
        return updated
      },
      { preventScrollReset: true },
    )
  return [page, setPage]
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const category = categoryOf(transaction.type)
  const text = describeTransaction(transaction, t)
  return (
    <li
      data-testid="transaction-row"
      data-type={transaction.type}
      data-category={category}
      className="flex items-start justify-between gap-3 py-4"
    >
      <div className="min-w-0">
        <TransactionTypeBadge type={transaction.type} />
        {text && <p className="mt-1.5 text-sm text-fg">{text}</p>}
        <p className="mt-1 text-xs text-muted">
          <time dateTime={transaction.createdAt}>
            {date.format(new Date(transaction.createdAt))}
          </time>
        </p>
      </div>
      <p
        data-testid="transaction-amount"
        className={cn(
          'shrink-0 text-right text-base font-bold tabular-nums',
          amountClasses[category],
        )}
      >
        {t('common.coinsAmount', { amount: formatSignedAmount(transaction.amount, number) })}
      </p>
    </li>
  )
}

/** The ledger, newest first, ten rows a page, with Previous/Next and "page x of y". */
export function TransactionHistory() {
  const { t } = useTranslation()
  const [page, setPage] = usePageParam()
  const query = useMyTransactions(page)
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / TRANSACTIONS_PAGE_SIZE)) : 1

  let body
  if (query.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-4 py-4">
        <span className="sr-only">{t('profile.transactions_loading')}</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-12 w-full" />
        ))}
      </div>
    )
  } else if (query.isError) {
    body = (
      <Alert tone="error" className="mt-4">
        {t('profile.transactions_error')}
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    )
  } else if (query.data.total === 0) {
    body = (
      <EmptyState icon={ReceiptText} className="mt-4">
        {t('profile.transactions_empty')}
      </EmptyState>
    )
  } else {
    body = (
      <>
        <ol
          aria-label={t('profile.transactions_caption')}
          aria-busy={query.isPlaceholderData || undefined}
          className={cn('divide-y divide-line', query.isPlaceholderData && 'opacity-60')}
        >
          {query.data.items.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ol>
        <nav
          aria-label={t('profile.pagination')}
          className="mt-4 flex items-center justify-between gap-2 border-t border-line pt-4"
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t('profile.previous')}
          </Button>
          <p aria-live="polite" className="text-sm text-muted" data-testid="page-indicator">
            {t('profile.page_of', { page, pages })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages || query.isPlaceholderData}
            onClick={() => setPage(page + 1)}
          >
            {t('profile.next')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      </>
    )
  }

  return (
    <section
      aria-labelledby="transactions-title"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="transactions-title" className="text-lg font-bold text-fg">
        {t('profile.transactions_title')}
      </h2>
      {body}
    </section>
  )
}
