import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MailboxMessage } from '#shared/schemas/mailbox'
import { api, ApiError, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/**
 * The local mailbox, newest first, or null when this server has none: it answers 404 in SMTP
 * mode, in production and to clients on another machine (docs/architecture.md "Modes").
 */
export async function getMailbox(): Promise<MailboxMessage[] | null> {
  try {
    return await unwrap(api.api.dev.mailbox.$get({ query: {} }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const mailboxQueryOptions = queryOptions({
  queryKey: queryKeys.devMailbox,
  queryFn: getMailbox,
  staleTime: 0,
})

export function useMailbox() {
  return useQuery(mailboxQueryOptions)
}
