import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Me } from '#shared/schemas/me'
import { api, ApiError, unwrap } from './api-client'
import { queryClient } from './query-client'
import { forgetOfflineData } from './offline'
import { queryKeys } from './query-keys'

/**
 * The signed-in user with role and balance, or null for a visitor. GET /api/session answers a
 * visitor with 200 and null: a 401 from GET /api/me was logged as an error in every guest's
 * console. A 401 is still read as a visitor, should a proxy or an older server answer one.
 */
export async function getSession(): Promise<Me | null> {
  try {
    return (await unwrap(api.api.session.$get())).me
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  staleTime: 60_000,
})

export type Session =
  { status: 'loading' } | { status: 'visitor' } | { status: 'signed-in'; me: Me; isAdmin: boolean }

/**
 * The session as the guards and headers see it. When /api/session cannot be reached the app
 * falls back to visitor mode: the public pages keep working and protected ones ask to sign in.
 */
export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQueryOptions)
  if (isPending) return { status: 'loading' }
  if (!data) return { status: 'visitor' }
  return { status: 'signed-in', me: data, isAdmin: data.user.role === 'admin' }
}

/**
 * Asks the server again who is signed in (after signing in, confirming an e-mail or resetting a
 * password) and waits for the answer, so the guards and the header see the new session at once.
 */
export async function refreshSession(): Promise<Me | null> {
  // Whoever was signed in before on this device: their kept pages go (decision 134).
  await forgetOfflineData()
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
}

/**
 * Ends the session on the server (better-auth's sign-out endpoint), then reloads the app at `/`.
 * The full reload is deliberate: it drops every cached query holding private data, so nothing of
 * the previous user survives on a shared device, and no guard sees a half-updated session.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  } finally {
    await forgetOfflineData()
    window.location.replace('/')
  }
}
