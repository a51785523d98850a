import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** Client errors (4xx) will not change on a retry; network failures and 5xx get one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: 500, staleTime: 30_000 },
    mutations: { retry: false },
  },
})
