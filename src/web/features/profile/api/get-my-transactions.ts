import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { TransactionPage } from '../../../../shared/schemas/transaction'
import { api, unwrap } from '../../../lib/api-client'

export const TRANSACTIONS_PAGE_SIZE = 10

/** One page of the signed-in user's ledger, newest first (GET /api/me/transactions). */
export function getMyTransactions(page: number): Promise<TransactionPage> {
  return unwrap(
    api.api.me.transactions.$get({
      query: { page: String(page), pageSize: String(TRANSACTIONS_PAGE_SIZE) },
    }),
  )
}

export const myTransactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['me', 'transactions', page],
    queryFn: () => getMyTransactions(page),
  })

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useMyTransactions(page: number) {
  return useQuery({ ...myTransactionsQueryOptions(page), placeholderData: keepPreviousData })
}
