import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api-client'
import { useErrorMessage } from '../../lib/error-message'
import { validationKeyOf, type FieldError } from './form-validation'

// Codes whose server text is specific to the record ("This tournament already has a match with
// that round and number."): the spec shows the server's text after "Failed to add match: ".
const SPECIFIC_CODES = new Set(['CONFLICT', 'NOT_FOUND', 'VALIDATION_FAILED', 'INVALID_BRACKET'])

/**
 * The admin screens' wording of failures: a form's own checks (each schema message in the
 * interface's language) and a failed request (the server's text, or the translated code).
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
        if (SPECIFIC_CODES.has(error.code)) return error.message
      }
      return errorMessage(error, t('errors.UNEXPECTED_RESPONSE'))
    },
    [errorMessage, t, validationMessage],
  )

  return { validationMessage, validationMessages, requestFailure }
}
