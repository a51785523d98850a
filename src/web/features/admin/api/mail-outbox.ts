import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MailOutboxItem, MailOutboxState } from '#shared/schemas/mail-outbox'
import { api, unwrap } from '#web/lib/api-client'

/** GET /api/admin/mail-outbox: newest first, at most 200, optionally in one state. */
export function getAdminMailOutbox(state?: MailOutboxState): Promise<MailOutboxItem[]> {
  return unwrap(api.api.admin['mail-outbox'].$get({ query: state ? { state } : {} }))
}

/** POST /api/admin/mail-outbox/:id/retry: a failed mail goes back in line (409 otherwise). */
export function retryAdminMail(id: string): Promise<MailOutboxItem> {
  return unwrap(api.api.admin['mail-outbox'][':id'].retry.$post({ param: { id } }))
}

export const adminMailOutboxQueryOptions = (state?: MailOutboxState) =>
  queryOptions({
    queryKey: ['admin', 'mail-outbox', state ?? 'all'],
    queryFn: () => getAdminMailOutbox(state),
  })

export const useAdminMailOutbox = (state?: MailOutboxState) =>
  useQuery(adminMailOutboxQueryOptions(state))
