import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  AdminTransactionList,
  AdminUserList,
  AdminWalletList,
  WalletListQuery,
} from '#shared/schemas/admin'
import { api, unwrap } from '#web/lib/api-client'

/** Every account (newest first), or those whose e-mail or username contains `search`. */
export function getAdminUsers(search = ''): Promise<AdminUserList> {
  const term = search.trim()
  return unwrap(api.api.admin.users.$get({ query: term === '' ? {} : { search: term } }))
}

export function getAdminUserTransactions(id: string): Promise<AdminTransactionList> {
  return unwrap(api.api.admin.users[':id'].transactions.$get({ param: { id } }))
}

/** A page of wallets by e-mail, or of those whose e-mail or username contains `search`. */
export function getAdminWallets({ search, page }: WalletListQuery): Promise<AdminWalletList> {
  const term = search.trim()
  const query = { page: String(page), ...(term === '' ? {} : { search: term }) }
  return unwrap(api.api.admin.wallets.$get({ query }))
}

export const adminUsersQueryOptions = (search = '') =>
  queryOptions({
    queryKey: ['admin', 'users', { search: search.trim() }],
    queryFn: () => getAdminUsers(search),
    // While a new search loads, the previous answer stays on screen instead of a spinner.
    placeholderData: (previous) => previous,
  })

export const adminUserTransactionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'users', id, 'transactions'],
    queryFn: () => getAdminUserTransactions(id),
  })

export const adminWalletsQueryOptions = ({ search, page }: WalletListQuery) =>
  queryOptions({
    queryKey: ['admin', 'wallets', { search: search.trim(), page }],
    queryFn: () => getAdminWallets({ search, page }),
    // While the next page or search loads, the previous one stays on screen, marked busy.
    placeholderData: (previous) => previous,
  })

export const useAdminUsers = (search = '') => useQuery(adminUsersQueryOptions(search))
export const useAdminUserTransactions = (id: string) =>
  useQuery(adminUserTransactionsQueryOptions(id))
export const useAdminWallets = (query: WalletListQuery) => useQuery(adminWalletsQueryOptions(query))
