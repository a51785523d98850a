import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '#web/lib/api-client'
import { useErrorMessage } from '#web/lib/error-message'
import { validationKeyOf, type FieldError } from './form-validation'

/** A reason's details (e.g. { pairs: 3 }) as the values its translation may name. */
function reasonValues(details: unknown): Record<string, unknown> {
  return typeof details === 'object' && details !== null ? { ...details } : {}
}

/** The first schema message of a 400 VALIDATION_FAILED's issues that the forms know, if any. */
function knownIssueMessage(details: unknown): string | null {
  if (typeof details !== 'object' || details === null || !('issues' in details)) return null
  const { issues } = details
  if (!Array.isArray(issues)) return null
  for (const issue of issues as unknown[]) {
    const message = (issue as { message?: unknown } | null)?.message
    if (typeof message === 'string' && validationKeyOf(message)) return message
  }
  return null
}

/**
 * The admin screens' wording of failures, always in the interface's language: a form's own checks
 * (each schema message by its key) and a failed request (its reason, e.g. "A cancelled tournament
 * cannot be reopened", or else its code), after "Failed to add match: ".
 */
export function useAdminMessages() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()

  const validationMessage = useCallback(
    (message: string) => {
      if (message === 'noTeams') return t('admin.validation.noTeams')
      const key = validationKeyOf(message)
      return key ? t(`admin.validation.${key}`) : message
    },
    [t],
  )

  const validationMessages = useCallback(
    (errors: readonly FieldError[]) => errors.map((error) => validationMessage(error.message)),
    [validationMessage],
  )

  const requestFailure = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (validationKeyOf(error.message)) return validationMessage(error.message)
        const issue = error.code === 'VALIDATION_FAILED' ? knownIssueMessage(error.details) : null
        if (issue) return validationMessage(issue)
        if (error.reason) return t(`errors.reasons.${error.reason}`, reasonValues(error.details))
      }
      return errorMessage(error, t('errors.UNEXPECTED_RESPONSE'))
    },
    [errorMessage, t, validationMessage],
  )

  return { validationMessage, validationMessages, requestFailure }
}
