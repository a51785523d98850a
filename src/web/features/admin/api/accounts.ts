import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  AdminTransactionList,
  AdminUserList,
  AdminWalletList,
} from '../../../../shared/schemas/admin'
import { api, unwrap } from '../../../lib/api-client'

export function getAdminUsers(): Promise<AdminUserList> {
  return unwrap(api.api.admin.users.$get())
}

export function getAdminUserTransactions(id: string): Promise<AdminTransactionList> {
  return unwrap(api.api.admin.users[':id'].transactions.$get({ param: { id } }))
}

export function getAdminWallets(): Promise<AdminWalletList> {
  return unwrap(api.api.admin.wallets.$get())
}

export const adminUsersQueryOptions = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: getAdminUsers,
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

export const useAdminUsers = () => useQuery(adminUsersQueryOptions)
export const useAdminUserTransactions = (id: string) =>
  useQuery(adminUserTransactionsQueryOptions(id))
export const useAdminWallets = () => useQuery(adminWalletsQueryOptions)
