import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { ApiError } from '#web/lib/api-client'
import { resendVerificationEmail } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'

/**
 * "Resend the confirmation email" with its outcome: a green confirmation_resent message, or
 * register.error_resend_failed (the rate-limit message when the server asks to wait), or
 * register.error_no_email when there is no address to send to.
 */
export function ResendConfirmation({ email }: { email: string | null }) {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const resend = useMutation({
    mutationFn: (address: string) => resendVerificationEmail(address),
  })
  const [isMissingEmail, setIsMissingEmail] = useState(false)
  const address = email?.trim() ?? ''

  const failure = resend.isError
    ? resend.error instanceof ApiError && resend.error.code === 'RATE_LIMITED'
      ? errorMessage(resend.error, t('register.error_resend_failed'))
      : t('register.error_resend_failed')
    : null

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        // Its label wraps rather than run into the border on a 360 px phone.
        className="w-full py-2 text-center whitespace-normal! sm:w-auto"
        disabled={resend.isPending}
        onClick={() => {
          setIsMissingEmail(address === '')
          if (address !== '') resend.mutate(address)
        }}
      >
        <MailCheck aria-hidden="true" className="size-4" />
        {resend.isPending ? t('register.resending') : t('register.resend')}
      </Button>
      {isMissingEmail && (
        <Alert tone="error" testId="resend-error">
          {t('register.error_no_email')}
        </Alert>
      )}
      {resend.isSuccess && (
        <Alert tone="success" testId="resend-success">
          {t('register.confirmation_resent')}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" testId="resend-error">
          {failure}
        </Alert>
      )}
    </div>
  )
}
