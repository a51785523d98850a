import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** Client errors (4xx) will not change on a retry; network failures and 5xx get one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // Offline, a read still goes out once: the service worker answers it with the last data it
    // kept (decision 134). A write is never held back to be sent later: it fails at once.
    queries: {
      retry: shouldRetry,
      retryDelay: 500,
      staleTime: 30_000,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
})

// Back online: every page shows the server's data again, not what was kept.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void queryClient.invalidateQueries())
}
