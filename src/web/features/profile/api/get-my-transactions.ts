import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { TRANSACTIONS_MAX_PAGE_SIZE, type TransactionPage } from '#shared/schemas/transaction'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export const TRANSACTIONS_PAGE_SIZE = 10

/** One page of the signed-in user's ledger, newest first (GET /api/me/transactions). */
export function getMyTransactions(
  page: number,
  pageSize = TRANSACTIONS_PAGE_SIZE,
): Promise<TransactionPage> {
  return unwrap(
    api.api.me.transactions.$get({
      query: { page: String(page), pageSize: String(pageSize) },
    }),
  )
}

export const myTransactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.me.transactions(page),
    queryFn: () => getMyTransactions(page),
  })

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useMyTransactions(page: number) {
  return useQuery({ ...myTransactionsQueryOptions(page), placeholderData: keepPreviousData })
}

/**
 * The newest transactions the API gives in one page (100), for the balance chart. Under the
 * same ['me', 'transactions'] key, so whatever refreshes the history refreshes the chart.
 */
export const myRecentTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.recentTransactions,
    queryFn: () => getMyTransactions(1, TRANSACTIONS_MAX_PAGE_SIZE),
  })

export function useMyRecentTransactions() {
  return useQuery(myRecentTransactionsQueryOptions())
}
