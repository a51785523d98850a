import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminTransactionList, AdminUserList, AdminWalletList } from '#shared/schemas/admin'
import { api, unwrap } from '#web/lib/api-client'

/** Every account (newest first), or those whose e-mail or username contains `search`. */
export function getAdminUsers(search = ''): Promise<AdminUserList> {
  const term = search.trim()
  return unwrap(api.api.admin.users.$get({ query: term === '' ? {} : { search: term } }))
}

export function getAdminUserTransactions(id: string): Promise<AdminTransactionList> {
  return unwrap(api.api.admin.users[':id'].transactions.$get({ param: { id } }))
}

export function getAdminWallets(): Promise<AdminWalletList> {
  return unwrap(api.api.admin.wallets.$get())
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

export const adminWalletsQueryOptions = queryOptions({
  queryKey: ['admin', 'wallets'],
  queryFn: getAdminWallets,
})

export const useAdminUsers = (search = '') => useQuery(adminUsersQueryOptions(search))
export const useAdminUserTransactions = (id: string) =>
  useQuery(adminUserTransactionsQueryOptions(id))
export const useAdminWallets = () => useQuery(adminWalletsQueryOptions)
