import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, errorKey } from './api-client'

/**
 * The message to show for a failed request, in the interface's language: the translation of the
 * error's code, with "try again in N seconds" when the server said how long to wait (429), or the
 * form's own fallback ("Login failed") when the answer could not be understood.
 */
export function useErrorMessage(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation()
  return useCallback(
    (error: unknown, fallback: string) => {
      if (!(error instanceof ApiError) || error.code === 'UNEXPECTED_RESPONSE') return fallback
      const message = t(errorKey(error))
      if (error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0) {
        return `${message} ${t('common.retryAfter', { count: error.retryAfterSeconds })}`
      }
      return message
    },
    [t],
  )
}
